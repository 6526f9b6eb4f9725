// Hand-written demo content of the marketplace: shop record, pages, blogs, FAQ, menus, widgets,
// delivery and payment methods, countries, promo codes, users and reviews. Every `T` is written
// in English, German, Russian and Italian by hand; nothing is copied from English.
import type {
  SeedBlog,
  SeedCountry,
  SeedDelivery,
  SeedFaqCategory,
  SeedLanguage,
  SeedMenu,
  SeedPage,
  SeedPayment,
  SeedPromoCode,
  SeedReview,
  SeedShop,
  SeedUser,
  SeedWidget,
} from './types.ts';

export const shop: SeedShop = {
  title: {
    en: 'Makers Market',
    de: 'Manufakturmarkt',
    ru: 'Маркет мастеров',
    it: 'Mercato degli Artigiani',
  },
  description: {
    en: 'A European lifestyle marketplace for linen textiles, handmade ceramics, outdoor gear and freshly roasted coffee from independent makers.',
    de: 'Ein europäischer Lifestyle-Marktplatz für Leinentextilien, handgemachte Keramik, Outdoor-Ausrüstung und frisch gerösteten Kaffee von unabhängigen Manufakturen.',
    ru: 'Европейский маркетплейс товаров для жизни: льняной текстиль, керамика ручной работы, снаряжение для активного отдыха и свежеобжаренный кофе от независимых мастерских.',
    it: 'Un marketplace europeo di lifestyle con tessuti di lino, ceramiche fatte a mano, attrezzatura outdoor e caffè appena tostato di piccoli produttori indipendenti.',
  },
  address: {
    en: 'Musterstraße 12, 10115 Berlin, Germany',
    de: 'Musterstraße 12, 10115 Berlin, Deutschland',
    ru: 'Мустерштрассе, 12, 10115 Берлин, Германия',
    it: 'Musterstraße 12, 10115 Berlino, Germania',
  },
  email: 'hello@example.com',
  phone: '+49 30 1234 5678',
  currency: 'EUR',
  canonicalUrl: null,
  gTag: null,
  googleSearchConsoleCode: null,
};

export const languages: SeedLanguage[] = [
  { code: 'en', name: 'English', sorting: 1 },
  { code: 'de', name: 'Deutsch', sorting: 2 },
  { code: 'ru', name: 'Русский', sorting: 3 },
  { code: 'it', name: 'Italiano', sorting: 4 },
];

export const pages: SeedPage[] = [
  {
    slug: 'about',
    vendor: null,
    title: { en: 'About us', de: 'Über uns', ru: 'О нас', it: 'Chi siamo' },
    description: {
      en: 'Who we are, how the marketplace works and why we work only with independent makers.',
      de: 'Wer wir sind, wie der Marktplatz funktioniert und warum wir nur mit unabhängigen Manufakturen zusammenarbeiten.',
      ru: 'Кто мы, как устроен маркетплейс и почему мы работаем только с независимыми мастерскими.',
      it: 'Chi siamo, come funziona il marketplace e perché collaboriamo soltanto con produttori indipendenti.',
    },
    content: {
      en: `<h2>Good things from small workshops</h2>
<p>Makers Market brings together independent European workshops under one roof. Instead of anonymous mass production you will find linen woven in Lithuania, stoneware thrown by hand in Tuscany, outdoor gear sewn in the Alps and coffee roasted in small batches in Berlin.</p>
<p>Every vendor runs its own shop on the marketplace: they write their own product descriptions, pack their own parcels and answer your questions personally. We take care of the checkout, secure payment and customer service.</p>
<h2>What we believe in</h2>
<ul>
<li><strong>Quality over quantity</strong> – products that last for years, not for a season.</li>
<li><strong>Fair prices</strong> – makers set their own prices and receive a fair share of every sale.</li>
<li><strong>Transparency</strong> – we tell you who made a product and where.</li>
</ul>
<p>Do you have a question or an idea? <a href="/en/pages/contact/">Write to us</a> – we read every message.</p>`,
      de: `<h2>Gute Dinge aus kleinen Werkstätten</h2>
<p>Der Manufakturmarkt vereint unabhängige europäische Werkstätten unter einem Dach. Statt anonymer Massenware finden Sie hier Leinen, das in Litauen gewebt wird, Steinzeug, das in der Toskana von Hand gedreht wird, Outdoor-Ausrüstung, die in den Alpen genäht wird, und Kaffee, der in Berlin in kleinen Chargen geröstet wird.</p>
<p>Jeder Händler führt seinen eigenen Shop auf dem Marktplatz: Er schreibt seine Produktbeschreibungen selbst, packt seine Pakete selbst und beantwortet Ihre Fragen persönlich. Wir kümmern uns um den Bestellvorgang, die sichere Bezahlung und den Kundenservice.</p>
<h2>Woran wir glauben</h2>
<ul>
<li><strong>Qualität statt Masse</strong> – Produkte, die Jahre halten und nicht nur eine Saison.</li>
<li><strong>Faire Preise</strong> – die Manufakturen legen ihre Preise selbst fest und erhalten einen fairen Anteil an jedem Verkauf.</li>
<li><strong>Transparenz</strong> – wir sagen Ihnen, wer ein Produkt hergestellt hat und wo.</li>
</ul>
<p>Sie haben eine Frage oder eine Idee? <a href="/de/pages/contact/">Schreiben Sie uns</a> – wir lesen jede Nachricht.</p>`,
      ru: `<h2>Хорошие вещи из небольших мастерских</h2>
<p>«Маркет мастеров» объединяет независимые европейские мастерские на одной площадке. Вместо безликого массового производства здесь вы найдёте лён, сотканный в Литве, керамику, вылепленную вручную в Тоскане, снаряжение, сшитое в Альпах, и кофе, который обжаривают небольшими партиями в Берлине.</p>
<p>Каждый продавец ведёт на маркетплейсе собственный магазин: сам пишет описания товаров, сам упаковывает посылки и лично отвечает на ваши вопросы. Мы берём на себя оформление заказа, безопасную оплату и службу поддержки.</p>
<h2>Во что мы верим</h2>
<ul>
<li><strong>Качество важнее количества</strong> – вещи, которые служат годами, а не один сезон.</li>
<li><strong>Честные цены</strong> – мастера сами устанавливают цены и получают справедливую долю от каждой продажи.</li>
<li><strong>Прозрачность</strong> – мы рассказываем, кто и где сделал каждый товар.</li>
</ul>
<p>Есть вопрос или идея? <a href="/ru/pages/contact/">Напишите нам</a> – мы читаем каждое сообщение.</p>`,
      it: `<h2>Cose belle da piccoli laboratori</h2>
<p>Il Mercato degli Artigiani riunisce laboratori europei indipendenti sotto un unico tetto. Al posto della produzione di massa anonima trovi lino tessuto in Lituania, gres tornito a mano in Toscana, attrezzatura outdoor cucita sulle Alpi e caffè tostato in piccoli lotti a Berlino.</p>
<p>Ogni venditore gestisce il proprio negozio sul marketplace: scrive personalmente le descrizioni dei prodotti, prepara i pacchi e risponde di persona alle tue domande. Noi ci occupiamo del checkout, dei pagamenti sicuri e dell'assistenza clienti.</p>
<h2>In cosa crediamo</h2>
<ul>
<li><strong>Qualità prima della quantità</strong> – prodotti che durano anni, non una sola stagione.</li>
<li><strong>Prezzi equi</strong> – gli artigiani stabiliscono i propri prezzi e ricevono una giusta quota di ogni vendita.</li>
<li><strong>Trasparenza</strong> – ti diciamo chi ha realizzato un prodotto e dove.</li>
</ul>
<p>Hai una domanda o un'idea? <a href="/it/pages/contact/">Scrivici</a>: leggiamo ogni messaggio.</p>`,
    },
  },
  {
    slug: 'contact',
    vendor: null,
    title: { en: 'Contact', de: 'Kontakt', ru: 'Контакты', it: 'Contatti' },
    description: {
      en: 'How to reach our customer service by email, phone or the contact form.',
      de: 'So erreichen Sie unseren Kundenservice per E-Mail, Telefon oder über das Kontaktformular.',
      ru: 'Как связаться со службой поддержки по электронной почте, по телефону или через форму обратной связи.',
      it: 'Come contattare il nostro servizio clienti via e-mail, telefono o modulo di contatto.',
    },
    content: {
      en: `<h2>We are here to help</h2>
<p>Our customer service team answers questions about orders, delivery, returns and your account. For questions about a specific product you can also write directly to the vendor from the product page.</p>
<ul>
<li><strong>Email:</strong> <a href="mailto:hello@example.com">hello@example.com</a></li>
<li><strong>Phone:</strong> +49 30 1234 5678 (Monday to Friday, 9:00–17:00 CET)</li>
<li><strong>Address:</strong> Musterstraße 12, 10115 Berlin, Germany</li>
</ul>
<p>We usually reply within one working day. Please include your order number if your message is about an order.</p>
<p>Before writing, have a look at our <a href="/en/pages/faq/">frequently asked questions</a> – the answer may already be there.</p>`,
      de: `<h2>Wir helfen Ihnen gern</h2>
<p>Unser Kundenservice beantwortet Fragen zu Bestellungen, Versand, Rücksendungen und Ihrem Kundenkonto. Bei Fragen zu einem bestimmten Produkt können Sie den Händler auch direkt über die Produktseite kontaktieren.</p>
<ul>
<li><strong>E-Mail:</strong> <a href="mailto:hello@example.com">hello@example.com</a></li>
<li><strong>Telefon:</strong> +49 30 1234 5678 (Montag bis Freitag, 9–17 Uhr MEZ)</li>
<li><strong>Adresse:</strong> Musterstraße 12, 10115 Berlin, Deutschland</li>
</ul>
<p>In der Regel antworten wir innerhalb eines Werktags. Bitte geben Sie Ihre Bestellnummer an, wenn es um eine Bestellung geht.</p>
<p>Werfen Sie vorher gern einen Blick in unsere <a href="/de/pages/faq/">häufig gestellten Fragen</a> – vielleicht finden Sie die Antwort dort schon.</p>`,
      ru: `<h2>Мы всегда готовы помочь</h2>
<p>Наша служба поддержки отвечает на вопросы о заказах, доставке, возвратах и личном кабинете. Если вопрос касается конкретного товара, вы можете написать продавцу напрямую со страницы товара.</p>
<ul>
<li><strong>Эл. почта:</strong> <a href="mailto:hello@example.com">hello@example.com</a></li>
<li><strong>Телефон:</strong> +49 30 1234 5678 (с понедельника по пятницу, 9:00–17:00 по центральноевропейскому времени)</li>
<li><strong>Адрес:</strong> Мустерштрассе, 12, 10115 Берлин, Германия</li>
</ul>
<p>Обычно мы отвечаем в течение одного рабочего дня. Если сообщение касается заказа, пожалуйста, укажите его номер.</p>
<p>Прежде чем писать, загляните в раздел <a href="/ru/pages/faq/">частых вопросов</a> – возможно, ответ уже там.</p>`,
      it: `<h2>Siamo qui per aiutarti</h2>
<p>Il nostro servizio clienti risponde a domande su ordini, spedizioni, resi e sul tuo account. Per domande su un prodotto specifico puoi anche scrivere direttamente al venditore dalla pagina del prodotto.</p>
<ul>
<li><strong>E-mail:</strong> <a href="mailto:hello@example.com">hello@example.com</a></li>
<li><strong>Telefono:</strong> +49 30 1234 5678 (dal lunedì al venerdì, 9:00–17:00 CET)</li>
<li><strong>Indirizzo:</strong> Musterstraße 12, 10115 Berlino, Germania</li>
</ul>
<p>Di solito rispondiamo entro un giorno lavorativo. Se il messaggio riguarda un ordine, indica il numero dell'ordine.</p>
<p>Prima di scriverci, dai un'occhiata alle <a href="/it/pages/faq/">domande frequenti</a>: forse la risposta è già lì.</p>`,
    },
  },
  {
    slug: 'faq',
    vendor: null,
    title: {
      en: 'Frequently asked questions',
      de: 'Häufig gestellte Fragen',
      ru: 'Частые вопросы',
      it: 'Domande frequenti',
    },
    description: {
      en: 'Answers about ordering, payment, delivery, returns and your customer account.',
      de: 'Antworten rund um Bestellung, Bezahlung, Versand, Rücksendung und Ihr Kundenkonto.',
      ru: 'Ответы на вопросы о заказе, оплате, доставке, возврате и личном кабинете.',
      it: 'Risposte su ordini, pagamenti, spedizioni, resi e sul tuo account cliente.',
    },
    content: {
      en: `<p>Here you will find answers to the questions we are asked most often. The questions are grouped by topic: orders and payment, delivery, returns and your account.</p>
<p>If you cannot find what you are looking for, please <a href="/en/pages/contact/">contact us</a>.</p>`,
      de: `<p>Hier finden Sie Antworten auf die Fragen, die uns am häufigsten gestellt werden. Sie sind nach Themen sortiert: Bestellung und Bezahlung, Versand, Rücksendung und Kundenkonto.</p>
<p>Sollten Sie nicht finden, was Sie suchen, <a href="/de/pages/contact/">kontaktieren Sie uns</a> bitte.</p>`,
      ru: `<p>Здесь собраны ответы на вопросы, которые нам задают чаще всего. Они сгруппированы по темам: заказ и оплата, доставка, возврат и личный кабинет.</p>
<p>Если вы не нашли нужный ответ, <a href="/ru/pages/contact/">свяжитесь с нами</a>.</p>`,
      it: `<p>Qui trovi le risposte alle domande che ci vengono poste più spesso, raggruppate per argomento: ordini e pagamenti, spedizione, resi e account.</p>
<p>Se non trovi quello che cerchi, <a href="/it/pages/contact/">contattaci</a>.</p>`,
    },
  },
  {
    slug: 'imprint',
    vendor: null,
    title: { en: 'Imprint', de: 'Impressum', ru: 'Выходные данные', it: 'Note legali' },
    description: {
      en: 'Legal information about the operator of this demo shop.',
      de: 'Rechtliche Angaben zum Betreiber dieses Demo-Shops.',
      ru: 'Юридическая информация об операторе этого демонстрационного магазина.',
      it: 'Informazioni legali sul gestore di questo negozio dimostrativo.',
    },
    content: {
      en: `<p><strong>This is a demo shop.</strong> The company and all data below are fictitious and serve only as an example. No real orders are processed.</p>
<h2>Information according to § 5 DDG</h2>
<p>Makers Market Demo GmbH<br>Musterstraße 12<br>10115 Berlin<br>Germany</p>
<p><strong>Represented by:</strong> Erika Mustermann (Managing Director)</p>
<h2>Contact</h2>
<ul>
<li>Phone: +49 30 1234 5678</li>
<li>Email: <a href="mailto:hello@example.com">hello@example.com</a></li>
</ul>
<h2>Register entry</h2>
<p>Commercial register: Local Court Berlin-Charlottenburg, HRB 000000 (example)<br>VAT ID: DE000000000 (example)</p>
<p>The European Commission provides a platform for online dispute resolution. We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.</p>`,
      de: `<p><strong>Dies ist ein Demo-Shop.</strong> Das Unternehmen und alle folgenden Angaben sind frei erfunden und dienen nur als Beispiel. Es werden keine echten Bestellungen abgewickelt.</p>
<h2>Angaben gemäß § 5 DDG</h2>
<p>Manufakturmarkt Demo GmbH<br>Musterstraße 12<br>10115 Berlin<br>Deutschland</p>
<p><strong>Vertreten durch:</strong> Erika Mustermann (Geschäftsführerin)</p>
<h2>Kontakt</h2>
<ul>
<li>Telefon: +49 30 1234 5678</li>
<li>E-Mail: <a href="mailto:hello@example.com">hello@example.com</a></li>
</ul>
<h2>Registereintrag</h2>
<p>Handelsregister: Amtsgericht Berlin-Charlottenburg, HRB 000000 (Beispiel)<br>USt-IdNr.: DE000000000 (Beispiel)</p>
<p>Die Europäische Kommission stellt eine Plattform zur Online-Streitbeilegung bereit. Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>`,
      ru: `<p><strong>Это демонстрационный магазин.</strong> Компания и все приведённые ниже данные вымышлены и служат лишь примером. Реальные заказы не обрабатываются.</p>
<h2>Сведения согласно § 5 DDG</h2>
<p>Makers Market Demo GmbH<br>Мустерштрассе, 12<br>10115 Берлин<br>Германия</p>
<p><strong>Представитель:</strong> Эрика Мустерман (генеральный директор)</p>
<h2>Контакты</h2>
<ul>
<li>Телефон: +49 30 1234 5678</li>
<li>Эл. почта: <a href="mailto:hello@example.com">hello@example.com</a></li>
</ul>
<h2>Регистрационные данные</h2>
<p>Торговый реестр: участковый суд Берлин-Шарлоттенбург, HRB 000000 (пример)<br>Идентификационный номер плательщика НДС: DE000000000 (пример)</p>
<p>Европейская комиссия предоставляет платформу для онлайн-урегулирования споров. Мы не готовы и не обязаны участвовать в процедурах урегулирования споров в потребительской арбитражной комиссии.</p>`,
      it: `<p><strong>Questo è un negozio dimostrativo.</strong> L'azienda e tutti i dati riportati di seguito sono inventati e servono solo da esempio. Non viene evaso alcun ordine reale.</p>
<h2>Informazioni ai sensi del § 5 DDG</h2>
<p>Makers Market Demo GmbH<br>Musterstraße 12<br>10115 Berlino<br>Germania</p>
<p><strong>Rappresentata da:</strong> Erika Mustermann (amministratrice delegata)</p>
<h2>Contatti</h2>
<ul>
<li>Telefono: +49 30 1234 5678</li>
<li>E-mail: <a href="mailto:hello@example.com">hello@example.com</a></li>
</ul>
<h2>Iscrizione al registro</h2>
<p>Registro delle imprese: Tribunale di Berlino-Charlottenburg, HRB 000000 (esempio)<br>Partita IVA: DE000000000 (esempio)</p>
<p>La Commissione europea mette a disposizione una piattaforma per la risoluzione online delle controversie. Non siamo disposti né obbligati a partecipare a procedure di risoluzione delle controversie davanti a un organismo di conciliazione per i consumatori.</p>`,
    },
  },
  {
    slug: 'privacy-policy',
    vendor: null,
    title: {
      en: 'Privacy policy',
      de: 'Datenschutzerklärung',
      ru: 'Политика конфиденциальности',
      it: 'Informativa sulla privacy',
    },
    description: {
      en: 'How this demo shop handles personal data, cookies and your rights under the GDPR.',
      de: 'Wie dieser Demo-Shop mit personenbezogenen Daten und Cookies umgeht und welche Rechte Sie nach der DSGVO haben.',
      ru: 'Как этот демонстрационный магазин обрабатывает персональные данные и файлы cookie и какие права даёт вам GDPR.',
      it: 'Come questo negozio dimostrativo tratta i dati personali e i cookie e quali diritti ti riconosce il GDPR.',
    },
    content: {
      en: `<p><strong>This is a placeholder privacy policy for a demo shop.</strong> It is not legal advice and must be replaced by a real policy before going live.</p>
<h2>Who is responsible</h2>
<p>The controller is Makers Market Demo GmbH, Musterstraße 12, 10115 Berlin, Germany, <a href="mailto:hello@example.com">hello@example.com</a>.</p>
<h2>What data we process</h2>
<ul>
<li><strong>Account data</strong> such as your name, email address and delivery addresses, to manage your account.</li>
<li><strong>Order data</strong>, to process and deliver your orders and to meet our legal retention obligations.</li>
<li><strong>Technical data</strong> such as your IP address and browser type, to run the shop securely.</li>
</ul>
<h2>Cookies</h2>
<p>We use necessary cookies for the session, the cart and your language choice. Other cookies are only set if you agree to them in the cookie banner.</p>
<h2>Your rights</h2>
<p>You have the right to access, rectification, erasure, restriction of processing, data portability and objection. You may also lodge a complaint with a data protection supervisory authority.</p>`,
      de: `<p><strong>Dies ist eine Platzhalter-Datenschutzerklärung für einen Demo-Shop.</strong> Sie stellt keine Rechtsberatung dar und muss vor dem Livegang durch eine echte Erklärung ersetzt werden.</p>
<h2>Verantwortliche Stelle</h2>
<p>Verantwortlich ist die Manufakturmarkt Demo GmbH, Musterstraße 12, 10115 Berlin, Deutschland, <a href="mailto:hello@example.com">hello@example.com</a>.</p>
<h2>Welche Daten wir verarbeiten</h2>
<ul>
<li><strong>Kontodaten</strong> wie Name, E-Mail-Adresse und Lieferadressen, um Ihr Kundenkonto zu verwalten.</li>
<li><strong>Bestelldaten</strong>, um Ihre Bestellungen abzuwickeln und zu liefern sowie gesetzliche Aufbewahrungspflichten zu erfüllen.</li>
<li><strong>Technische Daten</strong> wie IP-Adresse und Browsertyp, um den Shop sicher zu betreiben.</li>
</ul>
<h2>Cookies</h2>
<p>Wir verwenden notwendige Cookies für die Sitzung, den Warenkorb und Ihre Sprachauswahl. Weitere Cookies werden nur gesetzt, wenn Sie im Cookie-Banner zustimmen.</p>
<h2>Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.</p>`,
      ru: `<p><strong>Это шаблон политики конфиденциальности для демонстрационного магазина.</strong> Он не является юридической консультацией и перед запуском должен быть заменён настоящим документом.</p>
<h2>Кто отвечает за обработку данных</h2>
<p>Оператор данных – Makers Market Demo GmbH, Мустерштрассе, 12, 10115 Берлин, Германия, <a href="mailto:hello@example.com">hello@example.com</a>.</p>
<h2>Какие данные мы обрабатываем</h2>
<ul>
<li><strong>Данные учётной записи</strong> – имя, адрес электронной почты и адреса доставки – для ведения вашего личного кабинета.</li>
<li><strong>Данные заказов</strong> – для обработки и доставки заказов, а также для соблюдения установленных законом сроков хранения.</li>
<li><strong>Технические данные</strong> – IP-адрес и тип браузера – для безопасной работы магазина.</li>
</ul>
<h2>Файлы cookie</h2>
<p>Мы используем необходимые файлы cookie для сеанса, корзины и выбранного языка. Остальные cookie устанавливаются только с вашего согласия в баннере.</p>
<h2>Ваши права</h2>
<p>Вы имеете право на доступ к своим данным, их исправление, удаление, ограничение обработки, перенос, а также право возразить против обработки. Кроме того, вы можете подать жалобу в надзорный орган по защите данных.</p>`,
      it: `<p><strong>Questa è un'informativa sulla privacy provvisoria per un negozio dimostrativo.</strong> Non costituisce consulenza legale e va sostituita con un testo reale prima della messa online.</p>
<h2>Titolare del trattamento</h2>
<p>Il titolare del trattamento è Makers Market Demo GmbH, Musterstraße 12, 10115 Berlino, Germania, <a href="mailto:hello@example.com">hello@example.com</a>.</p>
<h2>Quali dati trattiamo</h2>
<ul>
<li><strong>Dati dell'account</strong>, come nome, indirizzo e-mail e indirizzi di consegna, per gestire il tuo account.</li>
<li><strong>Dati degli ordini</strong>, per elaborare e consegnare i tuoi ordini e rispettare gli obblighi di conservazione previsti dalla legge.</li>
<li><strong>Dati tecnici</strong>, come indirizzo IP e tipo di browser, per gestire il negozio in modo sicuro.</li>
</ul>
<h2>Cookie</h2>
<p>Utilizziamo cookie necessari per la sessione, il carrello e la lingua scelta. Altri cookie vengono impostati solo se dai il tuo consenso nel banner dei cookie.</p>
<h2>I tuoi diritti</h2>
<p>Hai diritto di accesso, rettifica, cancellazione, limitazione del trattamento, portabilità dei dati e opposizione. Puoi inoltre presentare reclamo a un'autorità di controllo per la protezione dei dati.</p>`,
    },
  },
  {
    slug: 'typography',
    vendor: null,
    title: { en: 'Typography', de: 'Typografie', ru: 'Типографика', it: 'Tipografia' },
    description: {
      en: 'A sample page showing how headings, lists, quotes and tables look in the shop.',
      de: 'Eine Beispielseite, die zeigt, wie Überschriften, Listen, Zitate und Tabellen im Shop aussehen.',
      ru: 'Пример страницы, показывающий, как в магазине выглядят заголовки, списки, цитаты и таблицы.',
      it: 'Una pagina di esempio che mostra come appaiono nel negozio titoli, elenchi, citazioni e tabelle.',
    },
    content: {
      en: `<h2>Heading level two</h2>
<p>This page shows the text styles available for pages and blog posts. Body text is set in a clear sans-serif typeface; <strong>bold text</strong> highlights important words and <a href="/en/products/">links</a> lead to other parts of the shop.</p>
<h3>Heading level three</h3>
<p>Short paragraphs are easier to read on small screens. Keep one idea per paragraph.</p>
<h4>Heading level four</h4>
<ul>
<li>An unordered list item</li>
<li>Another item with <strong>bold</strong> text</li>
<li>A third item</li>
</ul>
<ol>
<li>First step</li>
<li>Second step</li>
<li>Third step</li>
</ol>
<blockquote><p>“Good design is as little design as possible.” – Dieter Rams</p></blockquote>
<table>
<thead><tr><th>Delivery method</th><th>Price</th><th>Delivery time</th></tr></thead>
<tbody>
<tr><td>Standard</td><td>€4.90</td><td>2–4 working days</td></tr>
<tr><td>Express</td><td>€12.90</td><td>1 working day</td></tr>
<tr><td>Pickup</td><td>free</td><td>same day</td></tr>
</tbody>
</table>`,
      de: `<h2>Überschrift der zweiten Ebene</h2>
<p>Diese Seite zeigt die Textformate, die für Seiten und Blogbeiträge zur Verfügung stehen. Der Fließtext ist in einer klaren serifenlosen Schrift gesetzt; <strong>fett gedruckter Text</strong> hebt wichtige Wörter hervor und <a href="/de/products/">Links</a> führen zu anderen Bereichen des Shops.</p>
<h3>Überschrift der dritten Ebene</h3>
<p>Kurze Absätze lassen sich auf kleinen Bildschirmen leichter lesen. Ein Gedanke pro Absatz genügt.</p>
<h4>Überschrift der vierten Ebene</h4>
<ul>
<li>Ein Eintrag einer ungeordneten Liste</li>
<li>Ein weiterer Eintrag mit <strong>fettem</strong> Text</li>
<li>Ein dritter Eintrag</li>
</ul>
<ol>
<li>Erster Schritt</li>
<li>Zweiter Schritt</li>
<li>Dritter Schritt</li>
</ol>
<blockquote><p>„Gutes Design ist so wenig Design wie möglich.“ – Dieter Rams</p></blockquote>
<table>
<thead><tr><th>Versandart</th><th>Preis</th><th>Lieferzeit</th></tr></thead>
<tbody>
<tr><td>Standard</td><td>4,90 €</td><td>2–4 Werktage</td></tr>
<tr><td>Express</td><td>12,90 €</td><td>1 Werktag</td></tr>
<tr><td>Abholung</td><td>kostenlos</td><td>am selben Tag</td></tr>
</tbody>
</table>`,
      ru: `<h2>Заголовок второго уровня</h2>
<p>На этой странице показаны стили текста, доступные для страниц и записей блога. Основной текст набран чётким шрифтом без засечек; <strong>полужирный шрифт</strong> выделяет важные слова, а <a href="/ru/products/">ссылки</a> ведут в другие разделы магазина.</p>
<h3>Заголовок третьего уровня</h3>
<p>Короткие абзацы легче читать на небольших экранах. Одна мысль – один абзац.</p>
<h4>Заголовок четвёртого уровня</h4>
<ul>
<li>Пункт маркированного списка</li>
<li>Ещё один пункт с <strong>полужирным</strong> текстом</li>
<li>Третий пункт</li>
</ul>
<ol>
<li>Первый шаг</li>
<li>Второй шаг</li>
<li>Третий шаг</li>
</ol>
<blockquote><p>«Хороший дизайн – это как можно меньше дизайна». – Дитер Рамс</p></blockquote>
<table>
<thead><tr><th>Способ доставки</th><th>Цена</th><th>Срок доставки</th></tr></thead>
<tbody>
<tr><td>Стандартная</td><td>4,90 €</td><td>2–4 рабочих дня</td></tr>
<tr><td>Экспресс</td><td>12,90 €</td><td>1 рабочий день</td></tr>
<tr><td>Самовывоз</td><td>бесплатно</td><td>в тот же день</td></tr>
</tbody>
</table>`,
      it: `<h2>Titolo di secondo livello</h2>
<p>Questa pagina mostra gli stili di testo disponibili per pagine e articoli del blog. Il testo è composto in un carattere senza grazie ben leggibile; il <strong>grassetto</strong> mette in evidenza le parole importanti e i <a href="/it/products/">link</a> portano ad altre sezioni del negozio.</p>
<h3>Titolo di terzo livello</h3>
<p>I paragrafi brevi si leggono meglio sugli schermi piccoli. Un'idea per paragrafo.</p>
<h4>Titolo di quarto livello</h4>
<ul>
<li>Una voce di elenco puntato</li>
<li>Un'altra voce con testo in <strong>grassetto</strong></li>
<li>Una terza voce</li>
</ul>
<ol>
<li>Primo passo</li>
<li>Secondo passo</li>
<li>Terzo passo</li>
</ol>
<blockquote><p>«Il buon design è il minor design possibile.» – Dieter Rams</p></blockquote>
<table>
<thead><tr><th>Modalità di consegna</th><th>Prezzo</th><th>Tempi di consegna</th></tr></thead>
<tbody>
<tr><td>Standard</td><td>4,90 €</td><td>2–4 giorni lavorativi</td></tr>
<tr><td>Espressa</td><td>12,90 €</td><td>1 giorno lavorativo</td></tr>
<tr><td>Ritiro</td><td>gratuito</td><td>in giornata</td></tr>
</tbody>
</table>`,
    },
  },
  {
    slug: 'register_new_organization',
    vendor: null,
    title: {
      en: 'Become a vendor',
      de: 'Händler werden',
      ru: 'Стать продавцом',
      it: 'Diventa venditore',
    },
    description: {
      en: 'Sell your handmade products on our marketplace: requirements, fees and how to apply.',
      de: 'Verkaufen Sie Ihre handgefertigten Produkte auf unserem Marktplatz: Voraussetzungen, Gebühren und Bewerbung.',
      ru: 'Продавайте свои изделия ручной работы на нашем маркетплейсе: требования, комиссии и порядок подачи заявки.',
      it: 'Vendi i tuoi prodotti artigianali sul nostro marketplace: requisiti, commissioni e come candidarti.',
    },
    content: {
      en: `<h2>Open your own shop on Makers Market</h2>
<p>Are you running a small workshop, studio or roastery in Europe? We are always looking for makers whose products are well made, honestly priced and built to last.</p>
<h2>What you get</h2>
<ul>
<li>Your own vendor page with your story, products, bundles and blog posts.</li>
<li>Checkout, payment processing and customer service handled by us.</li>
<li>Shoppers from Germany, Austria, Switzerland, Italy and beyond.</li>
</ul>
<h2>How it works</h2>
<p>Tell us about your workshop, your products and your production. We review every application personally and get back to you within two weeks. There is no monthly fee – we only charge a commission on items actually sold.</p>
<p>Ready? Send your application to <a href="mailto:hello@example.com">hello@example.com</a> or use the <a href="/en/pages/contact/">contact form</a>.</p>`,
      de: `<h2>Eröffnen Sie Ihren eigenen Shop auf dem Manufakturmarkt</h2>
<p>Sie betreiben eine kleine Werkstatt, ein Atelier oder eine Rösterei in Europa? Wir suchen laufend Manufakturen, deren Produkte gut gemacht, ehrlich kalkuliert und langlebig sind.</p>
<h2>Was Sie erhalten</h2>
<ul>
<li>Eine eigene Händlerseite mit Ihrer Geschichte, Ihren Produkten, Sets und Blogbeiträgen.</li>
<li>Bestellabwicklung, Zahlungsabwicklung und Kundenservice übernehmen wir.</li>
<li>Kundschaft aus Deutschland, Österreich, der Schweiz, Italien und darüber hinaus.</li>
</ul>
<h2>So funktioniert es</h2>
<p>Erzählen Sie uns von Ihrer Werkstatt, Ihren Produkten und Ihrer Herstellung. Wir prüfen jede Bewerbung persönlich und melden uns innerhalb von zwei Wochen. Es gibt keine Monatsgebühr – wir berechnen nur eine Provision auf tatsächlich verkaufte Artikel.</p>
<p>Bereit? Schicken Sie Ihre Bewerbung an <a href="mailto:hello@example.com">hello@example.com</a> oder nutzen Sie das <a href="/de/pages/contact/">Kontaktformular</a>.</p>`,
      ru: `<h2>Откройте свой магазин на «Маркете мастеров»</h2>
<p>У вас небольшая мастерская, студия или обжарочная в Европе? Мы постоянно ищем мастеров, чьи изделия хорошо сделаны, честно оценены и служат долго.</p>
<h2>Что вы получаете</h2>
<ul>
<li>Собственную страницу продавца с вашей историей, товарами, наборами и записями в блоге.</li>
<li>Оформление заказов, приём платежей и поддержку покупателей мы берём на себя.</li>
<li>Покупателей из Германии, Австрии, Швейцарии, Италии и других стран.</li>
</ul>
<h2>Как это работает</h2>
<p>Расскажите нам о своей мастерской, товарах и производстве. Мы лично рассматриваем каждую заявку и отвечаем в течение двух недель. Ежемесячной платы нет – мы берём только комиссию с реально проданных товаров.</p>
<p>Готовы? Отправьте заявку на <a href="mailto:hello@example.com">hello@example.com</a> или воспользуйтесь <a href="/ru/pages/contact/">формой обратной связи</a>.</p>`,
      it: `<h2>Apri il tuo negozio sul Mercato degli Artigiani</h2>
<p>Gestisci un piccolo laboratorio, uno studio o una torrefazione in Europa? Cerchiamo sempre artigiani che realizzano prodotti ben fatti, dal prezzo onesto e pensati per durare.</p>
<h2>Cosa ottieni</h2>
<ul>
<li>Una pagina venditore tutta tua con la tua storia, i tuoi prodotti, i set e gli articoli del blog.</li>
<li>Checkout, gestione dei pagamenti e assistenza clienti sono a carico nostro.</li>
<li>Clienti da Germania, Austria, Svizzera, Italia e non solo.</li>
</ul>
<h2>Come funziona</h2>
<p>Raccontaci del tuo laboratorio, dei tuoi prodotti e di come li realizzi. Valutiamo personalmente ogni candidatura e ti rispondiamo entro due settimane. Non ci sono canoni mensili: tratteniamo solo una commissione sugli articoli effettivamente venduti.</p>
<p>Pronto? Invia la tua candidatura a <a href="mailto:hello@example.com">hello@example.com</a> oppure usa il <a href="/it/pages/contact/">modulo di contatto</a>.</p>`,
    },
  },
  {
    slug: 'vendors',
    vendor: null,
    title: {
      en: 'Our vendors',
      de: 'Unsere Händler',
      ru: 'Наши продавцы',
      it: 'I nostri venditori',
    },
    description: {
      en: 'Meet the four independent workshops that sell on our marketplace.',
      de: 'Lernen Sie die vier unabhängigen Manufakturen kennen, die auf unserem Marktplatz verkaufen.',
      ru: 'Познакомьтесь с четырьмя независимыми мастерскими, которые продают товары на нашем маркетплейсе.',
      it: 'Scopri i quattro laboratori indipendenti che vendono sul nostro marketplace.',
    },
    content: {
      en: `<p>Every product on Makers Market comes from one of our vendors. Each of them has its own page with products, bundles and stories from the workshop.</p>
<ul>
<li><strong>Linen Loom</strong> – bed linen, tablecloths and towels woven from European flax.</li>
<li><strong>Clay &amp; Kiln</strong> – hand-thrown stoneware: mugs, plates, bowls and vases.</li>
<li><strong>North Trail</strong> – robust outdoor gear for hiking, camping and travel.</li>
<li><strong>Bean &amp; Leaf</strong> – speciality coffee and loose-leaf tea, roasted and blended in small batches.</li>
</ul>
<p>Browse all <a href="/en/vendors/">vendors</a> or find out how to <a href="/en/pages/register_new_organization/">become a vendor</a> yourself.</p>`,
      de: `<p>Jedes Produkt auf dem Manufakturmarkt stammt von einem unserer Händler. Jeder von ihnen hat eine eigene Seite mit Produkten, Sets und Geschichten aus der Werkstatt.</p>
<ul>
<li><strong>Linen Loom</strong> – Bettwäsche, Tischdecken und Handtücher aus europäischem Flachs.</li>
<li><strong>Clay &amp; Kiln</strong> – handgedrehtes Steinzeug: Becher, Teller, Schalen und Vasen.</li>
<li><strong>North Trail</strong> – robuste Outdoor-Ausrüstung für Wandern, Camping und Reisen.</li>
<li><strong>Bean &amp; Leaf</strong> – Spezialitätenkaffee und loser Tee, in kleinen Mengen geröstet und gemischt.</li>
</ul>
<p>Stöbern Sie durch alle <a href="/de/vendors/">Händler</a> oder erfahren Sie, wie Sie selbst <a href="/de/pages/register_new_organization/">Händler werden</a>.</p>`,
      ru: `<p>Каждый товар на «Маркете мастеров» сделан одним из наших продавцов. У каждого из них есть своя страница с товарами, наборами и историями из мастерской.</p>
<ul>
<li><strong>Linen Loom</strong> – постельное бельё, скатерти и полотенца из европейского льна.</li>
<li><strong>Clay &amp; Kiln</strong> – керамика ручной работы: кружки, тарелки, миски и вазы.</li>
<li><strong>North Trail</strong> – надёжное снаряжение для походов, кемпинга и путешествий.</li>
<li><strong>Bean &amp; Leaf</strong> – кофе спешелти и листовой чай, которые обжаривают и смешивают небольшими партиями.</li>
</ul>
<p>Посмотрите всех <a href="/ru/vendors/">продавцов</a> или узнайте, как <a href="/ru/pages/register_new_organization/">стать продавцом</a>.</p>`,
      it: `<p>Ogni prodotto del Mercato degli Artigiani proviene da uno dei nostri venditori. Ciascuno ha una propria pagina con prodotti, set e racconti dal laboratorio.</p>
<ul>
<li><strong>Linen Loom</strong> – biancheria da letto, tovaglie e asciugamani tessuti con lino europeo.</li>
<li><strong>Clay &amp; Kiln</strong> – gres tornito a mano: tazze, piatti, ciotole e vasi.</li>
<li><strong>North Trail</strong> – attrezzatura outdoor robusta per escursioni, campeggio e viaggi.</li>
<li><strong>Bean &amp; Leaf</strong> – caffè specialty e tè sfuso, tostati e miscelati in piccoli lotti.</li>
</ul>
<p>Sfoglia tutti i <a href="/it/vendors/">venditori</a> oppure scopri come <a href="/it/pages/register_new_organization/">diventare venditore</a>.</p>`,
    },
  },
  {
    slug: 'coming-soon',
    vendor: null,
    title: {
      en: 'Coming soon',
      de: 'Bald geöffnet',
      ru: 'Скоро открытие',
      it: 'Prossima apertura',
    },
    description: {
      en: 'Our shop is being prepared and will open soon.',
      de: 'Unser Shop wird gerade vorbereitet und öffnet in Kürze.',
      ru: 'Наш магазин готовится к открытию и скоро заработает.',
      it: 'Il nostro negozio è in preparazione e aprirà a breve.',
    },
    content: {
      en: `<h2>We are almost there</h2>
<p>Our shop is being prepared and will open soon. Our makers are photographing products, writing descriptions and packing the first parcels.</p>
<p>Thank you for your patience – please come back in a little while. If you have a question in the meantime, write to us at <a href="mailto:hello@example.com">hello@example.com</a>.</p>`,
      de: `<h2>Gleich ist es so weit</h2>
<p>Unser Shop wird gerade vorbereitet und öffnet in Kürze. Unsere Manufakturen fotografieren Produkte, schreiben Beschreibungen und packen die ersten Pakete.</p>
<p>Vielen Dank für Ihre Geduld – schauen Sie bitte bald wieder vorbei. Wenn Sie in der Zwischenzeit eine Frage haben, schreiben Sie uns an <a href="mailto:hello@example.com">hello@example.com</a>.</p>`,
      ru: `<h2>Осталось совсем немного</h2>
<p>Наш магазин готовится к открытию и скоро заработает. Мастера фотографируют товары, пишут описания и упаковывают первые посылки.</p>
<p>Спасибо за терпение – загляните к нам чуть позже. Если у вас появились вопросы, напишите нам на <a href="mailto:hello@example.com">hello@example.com</a>.</p>`,
      it: `<h2>Ci siamo quasi</h2>
<p>Il nostro negozio è in preparazione e aprirà a breve. I nostri artigiani stanno fotografando i prodotti, scrivendo le descrizioni e preparando i primi pacchi.</p>
<p>Grazie per la pazienza: torna a trovarci tra poco. Se nel frattempo hai una domanda, scrivici a <a href="mailto:hello@example.com">hello@example.com</a>.</p>`,
    },
  },
  {
    slug: 'our-story',
    vendor: 'linen-loom',
    title: {
      en: 'Our story',
      de: 'Unsere Geschichte',
      ru: 'Наша история',
      it: 'La nostra storia',
    },
    description: {
      en: 'How a small weaving workshop in Kaunas became Linen Loom.',
      de: 'Wie aus einer kleinen Weberei in Kaunas Linen Loom wurde.',
      ru: 'Как небольшая ткацкая мастерская в Каунасе превратилась в Linen Loom.',
      it: 'Come un piccolo laboratorio di tessitura a Kaunas è diventato Linen Loom.',
    },
    content: {
      en: `<h2>Three generations of weavers</h2>
<p>Linen Loom started in 1998 in a garage in Kaunas, Lithuania, with one second-hand loom and a grandmother who refused to stop weaving. Today twelve people work in our workshop, but we still wash, cut and sew every piece by hand.</p>
<p>We buy our flax from farmers in Lithuania, Belgium and Normandy. Flax needs hardly any irrigation and no pesticides, which makes linen one of the most sustainable textiles there is.</p>
<h2>Why stone-washed</h2>
<p>Each piece is washed with natural stones before it leaves the workshop. This softens the fibres, so your bed linen feels comfortable from the very first night and only gets better with every wash.</p>
<p>Take a look at <a href="/en/vendors/">our products</a> – and if you are ever in Kaunas, come and visit us.</p>`,
      de: `<h2>Drei Generationen Weberinnen</h2>
<p>Linen Loom begann 1998 in einer Garage im litauischen Kaunas – mit einem gebrauchten Webstuhl und einer Großmutter, die nicht aufhören wollte zu weben. Heute arbeiten zwölf Menschen in unserer Werkstatt, doch wir waschen, schneiden und nähen noch immer jedes Stück von Hand.</p>
<p>Unseren Flachs kaufen wir bei Landwirten in Litauen, Belgien und der Normandie. Flachs braucht kaum Bewässerung und keine Pestizide – deshalb gehört Leinen zu den nachhaltigsten Textilien überhaupt.</p>
<h2>Warum stonewashed</h2>
<p>Jedes Stück wird mit Natursteinen gewaschen, bevor es unsere Werkstatt verlässt. Das macht die Fasern weich: Ihre Bettwäsche fühlt sich schon in der ersten Nacht angenehm an und wird mit jeder Wäsche noch schöner.</p>
<p>Entdecken Sie <a href="/de/vendors/">unsere Produkte</a> – und wenn Sie einmal in Kaunas sind, besuchen Sie uns.</p>`,
      ru: `<h2>Три поколения ткачих</h2>
<p>Linen Loom появился в 1998 году в гараже в литовском Каунасе: один подержанный ткацкий станок и бабушка, которая не собиралась бросать ткачество. Сегодня в нашей мастерской работают двенадцать человек, но каждое изделие мы по-прежнему стираем, кроим и шьём вручную.</p>
<p>Лён мы покупаем у фермеров в Литве, Бельгии и Нормандии. Льну почти не нужен полив и совсем не нужны пестициды, поэтому льняная ткань – одна из самых экологичных.</p>
<h2>Почему стираный лён</h2>
<p>Перед тем как покинуть мастерскую, каждое изделие стирается с натуральными камнями. Это смягчает волокна: постельное бельё приятно уже с первой ночи и становится только лучше с каждой стиркой.</p>
<p>Загляните в <a href="/ru/vendors/">наш каталог</a>, а если окажетесь в Каунасе – приходите в гости.</p>`,
      it: `<h2>Tre generazioni di tessitrici</h2>
<p>Linen Loom è nato nel 1998 in un garage di Kaunas, in Lituania, con un telaio di seconda mano e una nonna che non voleva smettere di tessere. Oggi nel nostro laboratorio lavorano dodici persone, ma ogni capo viene ancora lavato, tagliato e cucito a mano.</p>
<p>Acquistiamo il lino da agricoltori in Lituania, Belgio e Normandia. Il lino non ha quasi bisogno di irrigazione né di pesticidi, ed è per questo uno dei tessuti più sostenibili in assoluto.</p>
<h2>Perché lavato con le pietre</h2>
<p>Prima di lasciare il laboratorio, ogni capo viene lavato con pietre naturali. In questo modo le fibre si ammorbidiscono: la tua biancheria da letto è piacevole fin dalla prima notte e migliora a ogni lavaggio.</p>
<p>Scopri <a href="/it/vendors/">i nostri prodotti</a> e, se passi da Kaunas, vieni a trovarci.</p>`,
    },
  },
];

export const blogs: SeedBlog[] = [
  {
    key: 'welcome',
    slug: 'welcome-to-makers-market',
    vendor: null,
    author: 'Lena Hoffmann',
    publishedDaysAgo: 118,
    title: {
      en: 'Welcome to Makers Market',
      de: 'Willkommen auf dem Manufakturmarkt',
      ru: 'Добро пожаловать на «Маркет мастеров»',
      it: 'Benvenuti al Mercato degli Artigiani',
    },
    description: {
      en: 'Why we started a marketplace for independent European makers and what you can expect from us.',
      de: 'Warum wir einen Marktplatz für unabhängige europäische Manufakturen gegründet haben und was Sie von uns erwarten können.',
      ru: 'Зачем мы создали маркетплейс для независимых европейских мастеров и чего от нас ждать.',
      it: 'Perché abbiamo creato un marketplace per artigiani europei indipendenti e cosa puoi aspettarti da noi.',
    },
    content: {
      en: `<p>For years we bought our mugs, towels and coffee from big online shops – and for years we were a little disappointed. Things broke, faded or simply lacked character. At the same time we knew dozens of small workshops making wonderful products that hardly anyone could find online.</p>
<p>Makers Market is our attempt to bring the two together. Four vendors are starting with us: a linen weaving workshop from Lithuania, a ceramics studio from Tuscany, an outdoor gear maker from the Alps and a coffee roastery from Berlin.</p>
<h2>What makes us different</h2>
<ul>
<li>Every vendor is a real workshop that we have visited in person.</li>
<li>You can see who made your product and read their story.</li>
<li>One cart and one checkout, even if you order from several vendors.</li>
</ul>
<p>We are just getting started and would love to hear what you think. <a href="/en/pages/contact/">Write to us</a> – every message lands in our team inbox.</p>`,
      de: `<p>Jahrelang haben wir unsere Becher, Handtücher und unseren Kaffee bei großen Onlineshops gekauft – und waren jahrelang ein wenig enttäuscht. Dinge gingen kaputt, verblassten oder hatten einfach keinen Charakter. Gleichzeitig kannten wir Dutzende kleiner Werkstätten, die wunderbare Produkte herstellen, die online kaum jemand findet.</p>
<p>Der Manufakturmarkt ist unser Versuch, beides zusammenzubringen. Vier Händler starten mit uns: eine Leinenweberei aus Litauen, ein Keramikatelier aus der Toskana, ein Hersteller von Outdoor-Ausrüstung aus den Alpen und eine Kaffeerösterei aus Berlin.</p>
<h2>Was uns unterscheidet</h2>
<ul>
<li>Jeder Händler ist eine echte Werkstatt, die wir persönlich besucht haben.</li>
<li>Sie sehen, wer Ihr Produkt hergestellt hat, und können seine Geschichte lesen.</li>
<li>Ein Warenkorb und eine Kasse – auch wenn Sie bei mehreren Händlern bestellen.</li>
</ul>
<p>Wir stehen noch ganz am Anfang und freuen uns auf Ihre Meinung. <a href="/de/pages/contact/">Schreiben Sie uns</a> – jede Nachricht landet direkt in unserem Team-Postfach.</p>`,
      ru: `<p>Годами мы покупали кружки, полотенца и кофе в крупных интернет-магазинах – и годами оставались немного разочарованы. Вещи ломались, выцветали или просто были безликими. При этом мы знали десятки небольших мастерских, которые делают чудесные вещи, но найти их в интернете почти невозможно.</p>
<p>«Маркет мастеров» – наша попытка соединить одно с другим. С нами стартуют четыре продавца: льноткацкая мастерская из Литвы, керамическая студия из Тосканы, производитель туристического снаряжения из Альп и обжарочная из Берлина.</p>
<h2>Чем мы отличаемся</h2>
<ul>
<li>Каждый продавец – настоящая мастерская, в которой мы побывали лично.</li>
<li>Вы видите, кто сделал ваш товар, и можете прочитать его историю.</li>
<li>Одна корзина и одно оформление заказа, даже если вы покупаете у нескольких продавцов.</li>
</ul>
<p>Мы только начинаем и будем рады узнать ваше мнение. <a href="/ru/pages/contact/">Напишите нам</a> – каждое сообщение попадает прямо в почту нашей команды.</p>`,
      it: `<p>Per anni abbiamo comprato tazze, asciugamani e caffè nei grandi negozi online, e per anni siamo rimasti un po' delusi. Le cose si rompevano, sbiadivano o semplicemente non avevano carattere. Allo stesso tempo conoscevamo decine di piccoli laboratori che realizzano prodotti meravigliosi, quasi introvabili online.</p>
<p>Il Mercato degli Artigiani è il nostro tentativo di unire questi due mondi. Partiamo con quattro venditori: un laboratorio di tessitura del lino dalla Lituania, uno studio di ceramica dalla Toscana, un produttore di attrezzatura outdoor dalle Alpi e una torrefazione di Berlino.</p>
<h2>Cosa ci rende diversi</h2>
<ul>
<li>Ogni venditore è un vero laboratorio che abbiamo visitato di persona.</li>
<li>Puoi vedere chi ha realizzato il tuo prodotto e leggerne la storia.</li>
<li>Un solo carrello e un solo checkout, anche se ordini da più venditori.</li>
</ul>
<p>Siamo appena all'inizio e ci farebbe piacere sapere cosa ne pensi. <a href="/it/pages/contact/">Scrivici</a>: ogni messaggio arriva direttamente al nostro team.</p>`,
    },
    color: '#0760e0',
    scene: [
      { object: 'tote', color: '#c9b99b' },
      { object: 'mug', color: '#8fa68a' },
      { object: 'coffee-bag', color: '#4a2c1d' },
    ],
  },
  {
    key: 'gift-guide',
    slug: 'gift-guide-under-50',
    vendor: null,
    author: 'Marco Bellini',
    publishedDaysAgo: 21,
    title: {
      en: 'Gift guide: thoughtful presents under €50',
      de: 'Geschenkideen: liebevolle Präsente unter 50 €',
      ru: 'Гид по подаркам: продуманные подарки до 50 €',
      it: 'Guida ai regali: idee speciali sotto i 50 €',
    },
    description: {
      en: 'Seven handmade gift ideas from our vendors that look far more expensive than they are.',
      de: 'Sieben handgemachte Geschenkideen unserer Händler, die viel teurer aussehen, als sie sind.',
      ru: 'Семь идей для подарков ручной работы от наших продавцов, которые выглядят гораздо дороже, чем стоят.',
      it: 'Sette idee regalo fatte a mano dai nostri venditori che sembrano molto più costose di quanto siano.',
    },
    content: {
      en: `<p>A good present does not have to be expensive. It has to be well made, useful and a little personal. We asked our vendors for their favourite gifts under €50 – here is what they picked.</p>
<h2>For coffee lovers</h2>
<p>A bag of single-origin beans from Bean &amp; Leaf together with a hand-thrown mug from Clay &amp; Kiln makes a gift that will be used every single morning.</p>
<h2>For the home</h2>
<ul>
<li>A set of stone-washed linen napkins in a warm colour.</li>
<li>A small stoneware vase for a few fresh flowers.</li>
<li>A linen tea towel that only gets softer with every wash.</li>
</ul>
<h2>For people who love the outdoors</h2>
<p>North Trail's lightweight dry bags and their enamel camping mug are small enough for a stocking and tough enough for years of trips.</p>
<p>Tip: many of these products are also available as <a href="/en/bundles/">bundles</a> at a lower price.</p>`,
      de: `<p>Ein gutes Geschenk muss nicht teuer sein. Es sollte gut gemacht, nützlich und ein bisschen persönlich sein. Wir haben unsere Händler nach ihren Lieblingsgeschenken unter 50 € gefragt – das ist ihre Auswahl.</p>
<h2>Für Kaffeeliebhaber</h2>
<p>Eine Tüte Single-Origin-Bohnen von Bean &amp; Leaf zusammen mit einem handgedrehten Becher von Clay &amp; Kiln – ein Geschenk, das jeden Morgen zum Einsatz kommt.</p>
<h2>Für das Zuhause</h2>
<ul>
<li>Ein Set stonewashed Leinenservietten in einer warmen Farbe.</li>
<li>Eine kleine Steinzeugvase für ein paar frische Blumen.</li>
<li>Ein Geschirrtuch aus Leinen, das mit jeder Wäsche weicher wird.</li>
</ul>
<h2>Für Naturmenschen</h2>
<p>Die leichten Packsäcke von North Trail und ihr Emaille-Campingbecher passen in jeden Nikolausstiefel und halten viele Touren durch.</p>
<p>Tipp: Viele dieser Produkte gibt es auch günstiger als <a href="/de/bundles/">Set</a>.</p>`,
      ru: `<p>Хороший подарок не обязательно должен быть дорогим. Он должен быть качественным, полезным и немного личным. Мы спросили наших продавцов, какие подарки до 50 € они любят больше всего, – вот их выбор.</p>
<h2>Для любителей кофе</h2>
<p>Пачка моносортового кофе от Bean &amp; Leaf и кружка ручной работы от Clay &amp; Kiln – подарок, которым будут пользоваться каждое утро.</p>
<h2>Для дома</h2>
<ul>
<li>Набор стираных льняных салфеток тёплого оттенка.</li>
<li>Небольшая керамическая ваза для нескольких свежих цветов.</li>
<li>Льняное кухонное полотенце, которое с каждой стиркой становится мягче.</li>
</ul>
<h2>Для любителей природы</h2>
<p>Лёгкие гермомешки North Trail и их эмалированная походная кружка достаточно малы, чтобы поместиться в рождественский носок, и достаточно прочны, чтобы выдержать годы путешествий.</p>
<p>Совет: многие из этих товаров можно купить дешевле в составе <a href="/ru/bundles/">наборов</a>.</p>`,
      it: `<p>Un buon regalo non deve per forza essere costoso. Deve essere fatto bene, utile e un po' personale. Abbiamo chiesto ai nostri venditori i loro regali preferiti sotto i 50 €: ecco cosa hanno scelto.</p>
<h2>Per chi ama il caffè</h2>
<p>Un sacchetto di caffè monorigine di Bean &amp; Leaf insieme a una tazza tornita a mano di Clay &amp; Kiln: un regalo che verrà usato ogni mattina.</p>
<h2>Per la casa</h2>
<ul>
<li>Un set di tovaglioli di lino lavato con le pietre in un colore caldo.</li>
<li>Un piccolo vaso in gres per qualche fiore fresco.</li>
<li>Uno strofinaccio di lino che diventa più morbido a ogni lavaggio.</li>
</ul>
<h2>Per chi ama stare all'aria aperta</h2>
<p>Le sacche stagne leggere di North Trail e la loro tazza smaltata da campeggio sono abbastanza piccole da stare in una calza della Befana e abbastanza robuste da durare anni di viaggi.</p>
<p>Consiglio: molti di questi prodotti sono disponibili anche in <a href="/it/bundles/">set</a> a un prezzo più conveniente.</p>`,
    },
    color: '#c0392b',
    scene: [
      { object: 'candle-holders', color: '#424245' },
      { object: 'tea-tin', color: '#4b3a5c' },
      { object: 'socks', color: '#55565b' },
    ],
  },
  {
    key: 'linen-care',
    slug: 'how-to-care-for-linen',
    vendor: 'linen-loom',
    author: 'Rūta Kazlauskienė',
    publishedDaysAgo: 64,
    title: {
      en: 'How to care for linen so it lasts for decades',
      de: 'So pflegen Sie Leinen, damit es Jahrzehnte hält',
      ru: 'Как ухаживать за льном, чтобы он служил десятилетиями',
      it: 'Come prendersi cura del lino perché duri decenni',
    },
    description: {
      en: 'Washing temperature, drying and ironing: our weavers share their tips for linen care.',
      de: 'Waschtemperatur, Trocknen und Bügeln: Unsere Weberinnen verraten ihre Tipps zur Leinenpflege.',
      ru: 'Температура стирки, сушка и глажка: наши ткачихи делятся советами по уходу за льном.',
      it: 'Temperatura di lavaggio, asciugatura e stiratura: le nostre tessitrici svelano i loro consigli per il lino.',
    },
    content: {
      en: `<p>Linen is one of the oldest textiles in the world, and one of the most durable. With a little care, a linen duvet cover can easily last twenty years or more. Here is how we look after our own linen at home.</p>
<h2>Washing</h2>
<p>Wash linen at 40 °C with a mild detergent and without fabric softener. Softener coats the fibres and makes linen less absorbent. Do not overload the drum – linen needs space to move.</p>
<h2>Drying</h2>
<p>Line drying is best. If you use a tumble dryer, choose a low temperature and take the linen out while it is still slightly damp. Then simply smooth it out with your hands.</p>
<h2>Ironing – or not</h2>
<ul>
<li>Stone-washed linen looks best with its natural creases.</li>
<li>If you prefer a crisp look, iron it while still damp at a medium-high setting.</li>
</ul>
<p>Questions about a specific product? Read more in <a href="/en/vendors/">our vendor shop</a> or ask us directly.</p>`,
      de: `<p>Leinen ist eines der ältesten Textilien der Welt – und eines der langlebigsten. Mit etwas Pflege hält ein Bettbezug aus Leinen problemlos zwanzig Jahre oder länger. So pflegen wir unser eigenes Leinen zu Hause.</p>
<h2>Waschen</h2>
<p>Waschen Sie Leinen bei 40 °C mit einem milden Waschmittel und ohne Weichspüler. Weichspüler legt sich auf die Fasern und macht Leinen weniger saugfähig. Füllen Sie die Trommel nicht zu voll – Leinen braucht Platz.</p>
<h2>Trocknen</h2>
<p>Am besten trocknet Leinen an der Leine. Wenn Sie einen Trockner verwenden, wählen Sie eine niedrige Temperatur und nehmen Sie die Wäsche leicht feucht heraus. Dann einfach mit den Händen glatt streichen.</p>
<h2>Bügeln – oder auch nicht</h2>
<ul>
<li>Stonewashed Leinen sieht mit seinen natürlichen Knitterfalten am schönsten aus.</li>
<li>Wenn Sie es lieber glatt mögen, bügeln Sie es noch feucht auf mittlerer bis hoher Stufe.</li>
</ul>
<p>Fragen zu einem bestimmten Produkt? Mehr dazu in <a href="/de/vendors/">unserem Händlershop</a> – oder fragen Sie uns direkt.</p>`,
      ru: `<p>Лён – одна из древнейших тканей в мире и одна из самых долговечных. При небольшом уходе льняной пододеяльник легко прослужит двадцать лет и дольше. Вот как мы сами ухаживаем за льном дома.</p>
<h2>Стирка</h2>
<p>Стирайте лён при 40 °C с мягким средством и без кондиционера. Кондиционер обволакивает волокна, и лён хуже впитывает влагу. Не перегружайте барабан – льну нужно свободное пространство.</p>
<h2>Сушка</h2>
<p>Лучше всего сушить лён на верёвке. Если вы пользуетесь сушильной машиной, выберите низкую температуру и доставайте бельё слегка влажным. Затем просто расправьте его руками.</p>
<h2>Гладить или нет</h2>
<ul>
<li>Стираный лён лучше всего смотрится с естественными складками.</li>
<li>Если вам нравится гладкий вид, гладьте его слегка влажным на средне-высокой температуре.</li>
</ul>
<p>Есть вопросы о конкретном товаре? Подробнее – в <a href="/ru/vendors/">нашем магазине</a>, или спросите нас напрямую.</p>`,
      it: `<p>Il lino è uno dei tessuti più antichi al mondo e uno dei più resistenti. Con un po' di cura, un copripiumino di lino dura tranquillamente vent'anni o più. Ecco come trattiamo il nostro lino a casa.</p>
<h2>Lavaggio</h2>
<p>Lava il lino a 40 °C con un detersivo delicato e senza ammorbidente. L'ammorbidente ricopre le fibre e rende il lino meno assorbente. Non riempire troppo il cestello: il lino ha bisogno di spazio.</p>
<h2>Asciugatura</h2>
<p>L'ideale è stendere il lino all'aria. Se usi l'asciugatrice, scegli una temperatura bassa e togli i capi quando sono ancora leggermente umidi. Poi lisciali semplicemente con le mani.</p>
<h2>Stirare o no</h2>
<ul>
<li>Il lino lavato con le pietre è più bello con le sue pieghe naturali.</li>
<li>Se preferisci un aspetto liscio, stiralo ancora umido a temperatura medio-alta.</li>
</ul>
<p>Hai domande su un prodotto specifico? Scopri di più nel <a href="/it/vendors/">nostro negozio</a> oppure chiedici direttamente.</p>`,
    },
    color: '#b7a98b',
    scene: [
      { object: 'bath-towel', color: '#f7f7f4' },
      { object: 'fitted-sheet', color: '#d8c3a0' },
      { object: 'napkins', color: '#9caf88' },
    ],
  },
  {
    key: 'clay-to-cup',
    slug: 'from-clay-to-cup',
    vendor: 'clay-and-kiln',
    author: 'Chiara Fontana',
    publishedDaysAgo: 45,
    title: {
      en: 'From clay to cup: how our stoneware is made',
      de: 'Vom Ton zur Tasse: So entsteht unser Steinzeug',
      ru: 'От глины до чашки: как рождается наша керамика',
      it: "Dall'argilla alla tazza: come nasce il nostro gres",
    },
    description: {
      en: 'Two firings, eleven days and a lot of patience: a look inside our studio near Siena.',
      de: 'Zwei Brände, elf Tage und viel Geduld: ein Blick in unser Atelier bei Siena.',
      ru: 'Два обжига, одиннадцать дней и много терпения: заглядываем в нашу студию под Сиеной.',
      it: 'Due cotture, undici giorni e tanta pazienza: uno sguardo nel nostro studio vicino a Siena.',
    },
    content: {
      en: `<p>Every mug in our shop passes through the hands of at least three people and spends eleven days in the studio before it is ready to ship. Here is what happens in between.</p>
<h2>Throwing and trimming</h2>
<p>We throw each piece on the wheel from local Tuscan clay. After a day of drying, the base is trimmed and the handle is attached by hand – which is why no two mugs are exactly alike.</p>
<h2>Two firings</h2>
<ul>
<li><strong>Bisque firing</strong> at 950 °C hardens the clay so it can be glazed.</li>
<li><strong>Glaze firing</strong> at 1,260 °C turns it into dense, food-safe stoneware.</li>
</ul>
<h2>Made for everyday use</h2>
<p>Our stoneware is dishwasher and microwave safe. Small variations in colour and small dots in the glaze are not flaws: they are the fingerprint of a handmade piece.</p>`,
      de: `<p>Jeder Becher aus unserem Shop geht durch die Hände von mindestens drei Menschen und verbringt elf Tage im Atelier, bevor er versandbereit ist. Das passiert in dieser Zeit.</p>
<h2>Drehen und Abdrehen</h2>
<p>Wir drehen jedes Stück aus toskanischem Ton auf der Töpferscheibe. Nach einem Tag Trocknen wird der Boden abgedreht und der Henkel von Hand angesetzt – deshalb gleicht kein Becher genau dem anderen.</p>
<h2>Zwei Brände</h2>
<ul>
<li><strong>Der Schrühbrand</strong> bei 950 °C härtet den Ton, damit er glasiert werden kann.</li>
<li><strong>Der Glasurbrand</strong> bei 1.260 °C macht daraus dichtes, lebensmittelechtes Steinzeug.</li>
</ul>
<h2>Gemacht für jeden Tag</h2>
<p>Unser Steinzeug ist spülmaschinen- und mikrowellenfest. Kleine Farbunterschiede und Pünktchen in der Glasur sind keine Fehler, sondern der Fingerabdruck eines handgemachten Stücks.</p>`,
      ru: `<p>Каждая кружка из нашего магазина проходит через руки как минимум трёх человек и проводит в студии одиннадцать дней, прежде чем её можно отправить. Вот что происходит за это время.</p>
<h2>Формовка и обточка</h2>
<p>Каждое изделие мы вытягиваем на гончарном круге из местной тосканской глины. После суток сушки донышко обтачивают, а ручку прикрепляют вручную – поэтому двух одинаковых кружек не бывает.</p>
<h2>Два обжига</h2>
<ul>
<li><strong>Утильный обжиг</strong> при 950 °C делает глину прочной, чтобы её можно было покрыть глазурью.</li>
<li><strong>Политой обжиг</strong> при 1260 °C превращает её в плотную керамику, безопасную для пищи.</li>
</ul>
<h2>Для каждого дня</h2>
<p>Нашу керамику можно мыть в посудомоечной машине и ставить в микроволновку. Небольшие различия в цвете и точки в глазури – не брак, а отпечаток ручной работы.</p>`,
      it: `<p>Ogni tazza del nostro negozio passa per le mani di almeno tre persone e trascorre undici giorni nello studio prima di essere pronta per la spedizione. Ecco cosa succede nel frattempo.</p>
<h2>Tornitura e rifinitura</h2>
<p>Torniamo ogni pezzo con argilla toscana locale. Dopo un giorno di essiccazione si rifinisce il fondo e si attacca il manico a mano: per questo non esistono due tazze perfettamente uguali.</p>
<h2>Due cotture</h2>
<ul>
<li><strong>La cottura del biscotto</strong> a 950 °C indurisce l'argilla in modo che possa essere smaltata.</li>
<li><strong>La cottura dello smalto</strong> a 1.260 °C la trasforma in un gres compatto e adatto agli alimenti.</li>
</ul>
<h2>Fatto per l'uso quotidiano</h2>
<p>Il nostro gres va in lavastoviglie e nel microonde. Piccole variazioni di colore e puntini nello smalto non sono difetti, ma l'impronta digitale di un pezzo fatto a mano.</p>`,
    },
    color: '#a0522d',
    scene: [
      { object: 'vase', color: '#3a3a3c' },
      { object: 'mug', color: '#8fa68a' },
      { object: 'bowl', color: '#e0d2b6' },
    ],
  },
  {
    key: 'alpine-packing-list',
    slug: 'weekend-hike-packing-list',
    vendor: 'north-trail',
    author: 'Jonas Gruber',
    publishedDaysAgo: 9,
    title: {
      en: 'Packing list for a weekend hike in the Alps',
      de: 'Packliste für ein Wanderwochenende in den Alpen',
      ru: 'Что взять с собой в поход выходного дня по Альпам',
      it: 'Cosa mettere nello zaino per un weekend di trekking sulle Alpi',
    },
    description: {
      en: 'Everything you need for two days and one hut night – and what you can safely leave at home.',
      de: 'Alles, was Sie für zwei Tage und eine Hüttennacht brauchen – und was getrost zu Hause bleiben kann.',
      ru: 'Всё, что нужно на два дня с ночёвкой в горной хижине, и что можно спокойно оставить дома.',
      it: 'Tutto ciò che serve per due giorni e una notte in rifugio, e cosa puoi tranquillamente lasciare a casa.',
    },
    content: {
      en: `<p>A weekend in the mountains with a night in a hut is one of the best ways to switch off. The lighter your backpack, the more you will enjoy it. This is the list our team uses.</p>
<h2>The essentials</h2>
<ul>
<li>A 30-litre backpack with a rain cover</li>
<li>Waterproof jacket and a warm mid layer, even in summer</li>
<li>Sturdy hiking boots that are already broken in</li>
<li>Headlamp, first-aid kit and a paper map</li>
<li>At least 1.5 litres of water and some snacks</li>
</ul>
<h2>For the hut</h2>
<p>Most Alpine huts require a sleeping bag liner. Bring light clothes to change into, earplugs and some cash – many huts do not accept cards.</p>
<h2>Leave at home</h2>
<p>Cotton clothes, a full-size towel and a second pair of shoes. A small microfibre towel and lightweight sandals are more than enough.</p>
<p>Always check the weather forecast and tell someone your route before you set off.</p>`,
      de: `<p>Ein Wochenende in den Bergen mit einer Hüttenübernachtung ist eine der besten Möglichkeiten abzuschalten. Je leichter der Rucksack, desto mehr Freude macht die Tour. Diese Liste nutzt unser Team.</p>
<h2>Das Wichtigste</h2>
<ul>
<li>Ein 30-Liter-Rucksack mit Regenhülle</li>
<li>Regenjacke und eine warme Zwischenschicht, auch im Sommer</li>
<li>Feste, bereits eingelaufene Wanderschuhe</li>
<li>Stirnlampe, Erste-Hilfe-Set und eine Papierkarte</li>
<li>Mindestens 1,5 Liter Wasser und ein paar Snacks</li>
</ul>
<h2>Für die Hütte</h2>
<p>Auf den meisten Alpenhütten ist ein Hüttenschlafsack Pflicht. Packen Sie leichte Wechselkleidung, Ohrstöpsel und etwas Bargeld ein – viele Hütten akzeptieren keine Karten.</p>
<h2>Das bleibt zu Hause</h2>
<p>Baumwollkleidung, ein großes Badetuch und ein zweites Paar Schuhe. Ein kleines Mikrofaserhandtuch und leichte Sandalen reichen völlig.</p>
<p>Prüfen Sie vor dem Aufbruch immer den Wetterbericht und sagen Sie jemandem, welche Route Sie gehen.</p>`,
      ru: `<p>Выходные в горах с ночёвкой в хижине – один из лучших способов отключиться от суеты. Чем легче рюкзак, тем больше удовольствия от похода. Вот список, которым пользуется наша команда.</p>
<h2>Самое необходимое</h2>
<ul>
<li>Рюкзак на 30 литров с накидкой от дождя</li>
<li>Непромокаемая куртка и тёплый утепляющий слой – даже летом</li>
<li>Прочные, уже разношенные треккинговые ботинки</li>
<li>Налобный фонарь, аптечка и бумажная карта</li>
<li>Не меньше 1,5 литра воды и немного перекуса</li>
</ul>
<h2>Для хижины</h2>
<p>В большинстве альпийских хижин обязателен спальный вкладыш. Возьмите лёгкую сменную одежду, беруши и немного наличных – во многих хижинах не принимают карты.</p>
<h2>Что оставить дома</h2>
<p>Хлопковую одежду, большое банное полотенце и вторую пару обуви. Небольшого полотенца из микрофибры и лёгких сандалий вполне достаточно.</p>
<p>Перед выходом всегда проверяйте прогноз погоды и сообщайте кому-нибудь свой маршрут.</p>`,
      it: `<p>Un weekend in montagna con una notte in rifugio è uno dei modi migliori per staccare. Più leggero è lo zaino, più ti godrai l'escursione. Questa è la lista che usa il nostro team.</p>
<h2>L'essenziale</h2>
<ul>
<li>Uno zaino da 30 litri con copertura antipioggia</li>
<li>Giacca impermeabile e uno strato intermedio caldo, anche d'estate</li>
<li>Scarponi robusti e già rodati</li>
<li>Frontale, kit di pronto soccorso e una cartina di carta</li>
<li>Almeno 1,5 litri d'acqua e qualche snack</li>
</ul>
<h2>Per il rifugio</h2>
<p>Nella maggior parte dei rifugi alpini è obbligatorio il sacco lenzuolo. Porta vestiti leggeri di ricambio, tappi per le orecchie e un po' di contanti: molti rifugi non accettano carte.</p>
<h2>Cosa lasciare a casa</h2>
<p>Abiti di cotone, un telo da bagno grande e un secondo paio di scarpe. Un piccolo asciugamano in microfibra e dei sandali leggeri bastano e avanzano.</p>
<p>Prima di partire controlla sempre le previsioni meteo e comunica a qualcuno il tuo itinerario.</p>`,
    },
    color: '#2e7d32',
    scene: [
      { object: 'daypack', color: '#6f8a62' },
      { object: 'steel-bottle', color: '#7d9a78' },
      { object: 'beanie', color: '#cbb48f' },
    ],
  },
  {
    key: 'pour-over',
    slug: 'perfect-pour-over-at-home',
    vendor: 'bean-and-leaf',
    author: 'Felix Brandt',
    publishedDaysAgo: 3,
    title: {
      en: 'Brewing the perfect pour-over at home',
      de: 'Der perfekte Handfilterkaffee zu Hause',
      ru: 'Идеальный пуровер дома',
      it: 'Il caffè filtro perfetto a casa',
    },
    description: {
      en: 'Our head roaster explains grind size, water temperature and timing for a clean, sweet cup.',
      de: 'Unser Chefröster erklärt Mahlgrad, Wassertemperatur und Brühzeit für eine klare, süße Tasse.',
      ru: 'Наш главный обжарщик рассказывает о помоле, температуре воды и времени заваривания для чистой и сладкой чашки.',
      it: "Il nostro mastro torrefattore spiega macinatura, temperatura dell'acqua e tempi per una tazza pulita e dolce.",
    },
    content: {
      en: `<p>Pour-over is the simplest way to taste what makes a coffee special. You need a dripper, a paper filter, a kettle and about four minutes. Here is the recipe we use in the roastery every morning.</p>
<h2>The recipe</h2>
<ul>
<li>15 g of coffee, ground medium-fine – like coarse sand</li>
<li>250 g of water at 92–94 °C</li>
<li>Total brewing time: 2:30 to 3:00 minutes</li>
</ul>
<h2>Step by step</h2>
<p>Rinse the paper filter with hot water to remove any papery taste. Add the coffee and pour about 40 g of water to let it bloom for 30 seconds. Then pour the rest slowly in circles until you reach 250 g.</p>
<h2>Adjusting the taste</h2>
<p>If the coffee tastes sour, grind finer. If it tastes bitter or dry, grind coarser. Change only one thing at a time and write down what you did.</p>
<p>Our <a href="/en/products/">filter roasts</a> are roasted every Tuesday and shipped within 48 hours.</p>`,
      de: `<p>Handfilter ist die einfachste Art, herauszuschmecken, was einen Kaffee besonders macht. Sie brauchen einen Filterhalter, einen Papierfilter, einen Wasserkocher und etwa vier Minuten. Das ist das Rezept, das wir jeden Morgen in der Rösterei verwenden.</p>
<h2>Das Rezept</h2>
<ul>
<li>15 g Kaffee, mittelfein gemahlen – etwa wie grober Sand</li>
<li>250 g Wasser mit 92–94 °C</li>
<li>Brühzeit insgesamt: 2:30 bis 3:00 Minuten</li>
</ul>
<h2>Schritt für Schritt</h2>
<p>Spülen Sie den Papierfilter mit heißem Wasser aus, damit der Kaffee nicht nach Papier schmeckt. Geben Sie den Kaffee hinein und gießen Sie etwa 40 g Wasser auf, damit er 30 Sekunden quellen kann. Dann gießen Sie den Rest langsam in Kreisen auf, bis 250 g erreicht sind.</p>
<h2>Den Geschmack anpassen</h2>
<p>Schmeckt der Kaffee sauer, mahlen Sie feiner. Schmeckt er bitter oder trocken, mahlen Sie gröber. Ändern Sie immer nur eine Sache und notieren Sie, was Sie getan haben.</p>
<p>Unsere <a href="/de/products/">Filterröstungen</a> werden jeden Dienstag geröstet und innerhalb von 48 Stunden verschickt.</p>`,
      ru: `<p>Пуровер – самый простой способ почувствовать, чем особенный кофе отличается от обычного. Вам понадобятся воронка, бумажный фильтр, чайник и около четырёх минут. Вот рецепт, по которому мы каждое утро завариваем кофе в обжарочной.</p>
<h2>Рецепт</h2>
<ul>
<li>15 г кофе среднего помола – примерно как крупный песок</li>
<li>250 г воды температурой 92–94 °C</li>
<li>Общее время заваривания: от 2:30 до 3:00 минут</li>
</ul>
<h2>Шаг за шагом</h2>
<p>Пролейте бумажный фильтр горячей водой, чтобы убрать привкус бумаги. Насыпьте кофе и налейте около 40 г воды – пусть он «раскроется» в течение 30 секунд. Затем медленно, по кругу, долейте остальную воду до 250 г.</p>
<h2>Как настроить вкус</h2>
<p>Если кофе кислит, мелите мельче. Если он горчит или вяжет, мелите крупнее. Меняйте только один параметр за раз и записывайте, что вы сделали.</p>
<p>Наш <a href="/ru/products/">кофе под фильтр</a> обжаривается каждый вторник и отправляется в течение 48 часов.</p>`,
      it: `<p>Il caffè filtro è il modo più semplice per scoprire cosa rende speciale un caffè. Ti servono un dripper, un filtro di carta, un bollitore e circa quattro minuti. Ecco la ricetta che usiamo ogni mattina in torrefazione.</p>
<h2>La ricetta</h2>
<ul>
<li>15 g di caffè macinato medio-fine, più o meno come sabbia grossa</li>
<li>250 g di acqua a 92–94 °C</li>
<li>Tempo totale di estrazione: da 2:30 a 3:00 minuti</li>
</ul>
<h2>Passo dopo passo</h2>
<p>Sciacqua il filtro di carta con acqua calda per eliminare il sapore di carta. Aggiungi il caffè e versa circa 40 g di acqua, lasciandolo rigonfiare per 30 secondi. Poi versa il resto lentamente, con movimenti circolari, fino a raggiungere 250 g.</p>
<h2>Regolare il gusto</h2>
<p>Se il caffè risulta acido, macina più fine. Se è amaro o astringente, macina più grosso. Cambia una sola cosa alla volta e annota cosa hai fatto.</p>
<p>Le nostre <a href="/it/products/">tostature per filtro</a> vengono preparate ogni martedì e spedite entro 48 ore.</p>`,
    },
    color: '#6d4c41',
    scene: [
      { object: 'coffee-bag', color: '#a8714a' },
      { object: 'dripper', color: '#ecebe7' },
      { object: 'cups', color: '#f2efe9' },
    ],
  },
];

export const faqCategories: SeedFaqCategory[] = [
  {
    key: 'orders-payment',
    title: {
      en: 'Orders & payment',
      de: 'Bestellung & Bezahlung',
      ru: 'Заказ и оплата',
      it: 'Ordini e pagamenti',
    },
    items: [
      {
        question: {
          en: 'Can I order from several vendors at once?',
          de: 'Kann ich bei mehreren Händlern gleichzeitig bestellen?',
          ru: 'Можно ли заказать товары у нескольких продавцов сразу?',
          it: 'Posso ordinare da più venditori contemporaneamente?',
        },
        answer: {
          en: 'Yes. All products end up in one cart and you pay once at checkout. Each vendor ships its part of the order separately, so you may receive several parcels.',
          de: 'Ja. Alle Produkte landen in einem Warenkorb und Sie bezahlen einmal an der Kasse. Jeder Händler verschickt seinen Teil der Bestellung separat, daher erhalten Sie eventuell mehrere Pakete.',
          ru: 'Да. Все товары попадают в одну корзину, и вы оплачиваете заказ один раз. Каждый продавец отправляет свою часть заказа отдельно, поэтому вы можете получить несколько посылок.',
          it: "Sì. Tutti i prodotti finiscono in un unico carrello e paghi una sola volta al checkout. Ogni venditore spedisce separatamente la sua parte dell'ordine, quindi potresti ricevere più pacchi.",
        },
      },
      {
        question: {
          en: 'Which payment methods do you accept?',
          de: 'Welche Zahlungsarten akzeptieren Sie?',
          ru: 'Какие способы оплаты вы принимаете?',
          it: 'Quali metodi di pagamento accettate?',
        },
        answer: {
          en: 'You can pay by bank transfer, cash on delivery or card. In this demo shop the card payment is a test method and no money is charged.',
          de: 'Sie können per Überweisung, per Nachnahme oder mit Karte bezahlen. In diesem Demo-Shop ist die Kartenzahlung eine Testmethode, es wird kein Geld abgebucht.',
          ru: 'Вы можете оплатить заказ банковским переводом, наличными при получении или картой. В этом демонстрационном магазине оплата картой – тестовая, деньги не списываются.',
          it: 'Puoi pagare con bonifico bancario, in contrassegno o con carta. In questo negozio dimostrativo il pagamento con carta è un metodo di prova e non viene addebitato alcun importo.',
        },
      },
      {
        question: {
          en: 'How do I use a promo code?',
          de: 'Wie löse ich einen Gutscheincode ein?',
          ru: 'Как использовать промокод?',
          it: 'Come si usa un codice promozionale?',
        },
        answer: {
          en: 'Enter the code in the cart and click "Apply". Some codes only apply from a minimum order value; the discount is shown before you pay.',
          de: 'Geben Sie den Code im Warenkorb ein und klicken Sie auf „Einlösen“. Manche Codes gelten erst ab einem Mindestbestellwert; der Rabatt wird vor der Bezahlung angezeigt.',
          ru: 'Введите код в корзине и нажмите «Применить». Некоторые коды действуют только от минимальной суммы заказа; скидка отображается до оплаты.',
          it: 'Inserisci il codice nel carrello e fai clic su «Applica». Alcuni codici valgono solo a partire da un importo minimo; lo sconto viene mostrato prima del pagamento.',
        },
      },
      {
        question: {
          en: 'Are prices shown including VAT?',
          de: 'Sind die Preise inklusive Mehrwertsteuer?',
          ru: 'Цены указаны с НДС?',
          it: 'I prezzi sono comprensivi di IVA?',
        },
        answer: {
          en: 'Yes, all prices are in euros and include the statutory VAT. Delivery costs are added at checkout.',
          de: 'Ja, alle Preise verstehen sich in Euro inklusive der gesetzlichen Mehrwertsteuer. Versandkosten kommen an der Kasse hinzu.',
          ru: 'Да, все цены указаны в евро и включают НДС. Стоимость доставки добавляется при оформлении заказа.',
          it: "Sì, tutti i prezzi sono in euro e comprensivi dell'IVA di legge. Le spese di spedizione vengono aggiunte al checkout.",
        },
      },
    ],
  },
  {
    key: 'delivery',
    title: { en: 'Delivery', de: 'Versand', ru: 'Доставка', it: 'Spedizione' },
    items: [
      {
        question: {
          en: 'How much does delivery cost?',
          de: 'Was kostet der Versand?',
          ru: 'Сколько стоит доставка?',
          it: 'Quanto costa la spedizione?',
        },
        answer: {
          en: 'Standard delivery costs €4.90 and is free for orders from €50. Express delivery costs €12.90. Picking up your order at our Berlin warehouse is free.',
          de: 'Der Standardversand kostet 4,90 € und ist ab einem Bestellwert von 50 € kostenlos. Expressversand kostet 12,90 €. Die Abholung in unserem Berliner Lager ist kostenlos.',
          ru: 'Стандартная доставка стоит 4,90 € и бесплатна для заказов от 50 €. Экспресс-доставка стоит 12,90 €. Самовывоз с нашего склада в Берлине – бесплатно.',
          it: 'La spedizione standard costa 4,90 € ed è gratuita per ordini a partire da 50 €. La spedizione espressa costa 12,90 €. Il ritiro nel nostro magazzino di Berlino è gratuito.',
        },
      },
      {
        question: {
          en: 'How long does delivery take?',
          de: 'Wie lange dauert die Lieferung?',
          ru: 'Сколько времени занимает доставка?',
          it: 'Quanto tempo richiede la consegna?',
        },
        answer: {
          en: 'Standard delivery takes 2–4 working days within Germany and Austria and 3–6 working days to Italy and Switzerland. Express orders placed before 12:00 arrive the next working day.',
          de: 'Der Standardversand dauert innerhalb Deutschlands und Österreichs 2–4 Werktage, nach Italien und in die Schweiz 3–6 Werktage. Expressbestellungen, die bis 12 Uhr eingehen, kommen am nächsten Werktag an.',
          ru: 'Стандартная доставка по Германии и Австрии занимает 2–4 рабочих дня, в Италию и Швейцарию – 3–6 рабочих дней. Экспресс-заказы, оформленные до 12:00, приходят на следующий рабочий день.',
          it: 'La spedizione standard richiede 2–4 giorni lavorativi in Germania e Austria e 3–6 giorni lavorativi per Italia e Svizzera. Gli ordini espressi effettuati entro le 12:00 arrivano il giorno lavorativo successivo.',
        },
      },
      {
        question: {
          en: 'Which countries do you deliver to?',
          de: 'In welche Länder liefern Sie?',
          ru: 'В какие страны вы доставляете?',
          it: 'In quali paesi spedite?',
        },
        answer: {
          en: 'We currently deliver to Germany, Austria, Switzerland and Italy. Deliveries to Switzerland may be subject to customs duties.',
          de: 'Wir liefern derzeit nach Deutschland, Österreich, in die Schweiz und nach Italien. Bei Lieferungen in die Schweiz können Zollgebühren anfallen.',
          ru: 'Сейчас мы доставляем в Германию, Австрию, Швейцарию и Италию. При доставке в Швейцарию может взиматься таможенная пошлина.',
          it: 'Al momento spediamo in Germania, Austria, Svizzera e Italia. Per le spedizioni in Svizzera potrebbero essere applicati dazi doganali.',
        },
      },
    ],
  },
  {
    key: 'returns',
    title: {
      en: 'Returns',
      de: 'Rücksendungen',
      ru: 'Возврат',
      it: 'Resi',
    },
    items: [
      {
        question: {
          en: 'Can I return a product?',
          de: 'Kann ich ein Produkt zurückgeben?',
          ru: 'Можно ли вернуть товар?',
          it: 'Posso restituire un prodotto?',
        },
        answer: {
          en: 'Yes, you can return unused products within 30 days of delivery without giving a reason. Coffee and tea can only be returned if the packaging is unopened.',
          de: 'Ja, Sie können unbenutzte Produkte innerhalb von 30 Tagen nach Erhalt ohne Angabe von Gründen zurückschicken. Kaffee und Tee nehmen wir nur in ungeöffneter Verpackung zurück.',
          ru: 'Да, неиспользованные товары можно вернуть в течение 30 дней после получения без объяснения причин. Кофе и чай принимаются обратно только в невскрытой упаковке.',
          it: 'Sì, puoi restituire i prodotti non utilizzati entro 30 giorni dalla consegna senza indicarne il motivo. Caffè e tè possono essere resi solo con la confezione ancora sigillata.',
        },
      },
      {
        question: {
          en: 'How do I start a return?',
          de: 'Wie starte ich eine Rücksendung?',
          ru: 'Как оформить возврат?',
          it: 'Come avvio un reso?',
        },
        answer: {
          en: 'Go to "My orders" in your account, choose the order and the items you want to return, and print the return label. Pack the items securely and drop the parcel off at any post office.',
          de: 'Gehen Sie in Ihrem Kundenkonto zu „Meine Bestellungen“, wählen Sie die Bestellung und die Artikel aus, die Sie zurücksenden möchten, und drucken Sie das Rücksendeetikett aus. Verpacken Sie die Artikel sicher und geben Sie das Paket bei einer Postfiliale ab.',
          ru: 'Откройте раздел «Мои заказы» в личном кабинете, выберите заказ и товары, которые хотите вернуть, и распечатайте этикетку для возврата. Надёжно упакуйте товары и сдайте посылку в любом почтовом отделении.',
          it: "Vai su «I miei ordini» nel tuo account, scegli l'ordine e gli articoli da restituire e stampa l'etichetta di reso. Imballa bene gli articoli e consegna il pacco in un qualsiasi ufficio postale.",
        },
      },
      {
        question: {
          en: 'When will I get my money back?',
          de: 'Wann bekomme ich mein Geld zurück?',
          ru: 'Когда мне вернут деньги?',
          it: 'Quando riceverò il rimborso?',
        },
        answer: {
          en: 'We refund the purchase price within 14 days after the vendor has received the returned items, using the same payment method you paid with.',
          de: 'Wir erstatten den Kaufpreis innerhalb von 14 Tagen, nachdem der Händler die Rücksendung erhalten hat, über dieselbe Zahlungsart, mit der Sie bezahlt haben.',
          ru: 'Мы возвращаем деньги в течение 14 дней после того, как продавец получит возвращённые товары, тем же способом, которым вы оплачивали заказ.',
          it: "Rimborsiamo l'importo entro 14 giorni dal momento in cui il venditore riceve gli articoli resi, con lo stesso metodo di pagamento che hai utilizzato.",
        },
      },
    ],
  },
  {
    key: 'account',
    title: {
      en: 'Your account',
      de: 'Ihr Kundenkonto',
      ru: 'Личный кабинет',
      it: 'Il tuo account',
    },
    items: [
      {
        question: {
          en: 'Do I need an account to order?',
          de: 'Brauche ich ein Kundenkonto, um zu bestellen?',
          ru: 'Нужна ли регистрация, чтобы сделать заказ?',
          it: 'Devo avere un account per ordinare?',
        },
        answer: {
          en: 'No, you can also order as a guest. With an account you can track your orders, save addresses, keep a wishlist and write reviews.',
          de: 'Nein, Sie können auch als Gast bestellen. Mit einem Kundenkonto können Sie Ihre Bestellungen verfolgen, Adressen speichern, eine Wunschliste anlegen und Bewertungen schreiben.',
          ru: 'Нет, можно оформить заказ и без регистрации. В личном кабинете вы сможете отслеживать заказы, сохранять адреса, вести список желаний и писать отзывы.',
          it: 'No, puoi ordinare anche come ospite. Con un account puoi seguire i tuoi ordini, salvare gli indirizzi, creare una lista dei desideri e scrivere recensioni.',
        },
      },
      {
        question: {
          en: 'I forgot my password. What should I do?',
          de: 'Ich habe mein Passwort vergessen. Was nun?',
          ru: 'Я забыл пароль. Что делать?',
          it: 'Ho dimenticato la password. Cosa devo fare?',
        },
        answer: {
          en: 'Click "Forgot password?" on the login page and enter your email address. We will send you a link to set a new password.',
          de: 'Klicken Sie auf der Anmeldeseite auf „Passwort vergessen?“ und geben Sie Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Link, über den Sie ein neues Passwort festlegen können.',
          ru: 'Нажмите «Забыли пароль?» на странице входа и введите адрес электронной почты. Мы отправим вам ссылку для создания нового пароля.',
          it: 'Fai clic su «Password dimenticata?» nella pagina di accesso e inserisci il tuo indirizzo e-mail. Ti invieremo un link per impostare una nuova password.',
        },
      },
      {
        question: {
          en: 'How can I delete my account?',
          de: 'Wie kann ich mein Kundenkonto löschen?',
          ru: 'Как удалить учётную запись?',
          it: 'Come posso eliminare il mio account?',
        },
        answer: {
          en: 'Send us a short message from the email address of your account. We will delete your data within 30 days, except for order data we are legally required to keep.',
          de: 'Schicken Sie uns eine kurze Nachricht von der E-Mail-Adresse Ihres Kundenkontos. Wir löschen Ihre Daten innerhalb von 30 Tagen – mit Ausnahme der Bestelldaten, die wir gesetzlich aufbewahren müssen.',
          ru: 'Отправьте нам короткое сообщение с адреса электронной почты, привязанного к учётной записи. Мы удалим ваши данные в течение 30 дней, за исключением данных о заказах, которые обязаны хранить по закону.',
          it: "Inviaci un breve messaggio dall'indirizzo e-mail del tuo account. Elimineremo i tuoi dati entro 30 giorni, ad eccezione dei dati degli ordini che siamo tenuti a conservare per legge.",
        },
      },
    ],
  },
];

export const menus: SeedMenu[] = [
  {
    key: 'catalogue',
    location: 'header',
    title: { en: 'Catalogue', de: 'Katalog', ru: 'Каталог', it: 'Catalogo' },
    url: '/products/',
    // The categories themselves, not the list screens: see categories.ts.
    valuesOf: 'category',
  },
  {
    key: 'bundles',
    location: 'header',
    title: { en: 'Bundles', de: 'Sets', ru: 'Наборы', it: 'Set' },
    url: '/bundles/',
  },
  {
    key: 'vendors',
    location: 'header',
    title: { en: 'Vendors', de: 'Händler', ru: 'Продавцы', it: 'Venditori' },
    url: '/vendors/',
  },
  {
    key: 'blog',
    location: 'header',
    title: { en: 'Blog', de: 'Magazin', ru: 'Блог', it: 'Il nostro blog' },
    url: '/blogs/',
  },
  {
    key: 'help',
    location: 'header',
    title: { en: 'Help', de: 'Hilfe', ru: 'Помощь', it: 'Assistenza' },
    url: '/pages/faq/',
    children: [
      {
        key: 'help-faq',
        location: 'header',
        title: { en: 'FAQ', de: 'Häufige Fragen', ru: 'Вопросы и ответы', it: 'Domande frequenti' },
        url: '/pages/faq/',
      },
      {
        key: 'help-contact',
        location: 'header',
        title: { en: 'Contact', de: 'Kontakt', ru: 'Контакты', it: 'Contatti' },
        url: '/pages/contact/',
      },
    ],
  },
  {
    key: 'company',
    location: 'footer',
    title: { en: 'Company', de: 'Unternehmen', ru: 'Компания', it: 'Azienda' },
    url: '/pages/about/',
    children: [
      {
        key: 'company-about',
        location: 'footer',
        title: { en: 'About us', de: 'Über uns', ru: 'О нас', it: 'Chi siamo' },
        url: '/pages/about/',
      },
      {
        key: 'company-vendors',
        location: 'footer',
        title: {
          en: 'Our vendors',
          de: 'Unsere Händler',
          ru: 'Наши продавцы',
          it: 'I nostri venditori',
        },
        url: '/pages/vendors/',
      },
      {
        key: 'company-become-vendor',
        location: 'footer',
        title: {
          en: 'Become a vendor',
          de: 'Händler werden',
          ru: 'Стать продавцом',
          it: 'Diventa venditore',
        },
        url: '/pages/register_new_organization/',
      },
      {
        key: 'company-reviews',
        location: 'footer',
        title: {
          en: 'Shop reviews',
          de: 'Shopbewertungen',
          ru: 'Отзывы о магазине',
          it: 'Recensioni del negozio',
        },
        url: '/pages/reviews/',
      },
    ],
  },
  {
    key: 'legal',
    location: 'footer',
    title: { en: 'Legal', de: 'Rechtliches', ru: 'Правовая информация', it: 'Informazioni legali' },
    url: '/pages/imprint/',
    children: [
      {
        key: 'legal-imprint',
        location: 'footer',
        title: { en: 'Imprint', de: 'Impressum', ru: 'Выходные данные', it: 'Note legali' },
        url: '/pages/imprint/',
      },
      {
        key: 'legal-privacy',
        location: 'footer',
        title: {
          en: 'Privacy policy',
          de: 'Datenschutzerklärung',
          ru: 'Политика конфиденциальности',
          it: 'Informativa sulla privacy',
        },
        url: '/pages/privacy-policy/',
      },
      // The typography page (/pages/typography/) is for designers, not shoppers: no menu links it.
    ],
  },
];

export const widgets: SeedWidget[] = [
  {
    name: 'HeaderInfoText',
    location: 'header',
    title: {
      en: 'Free delivery and easy returns',
      de: 'Kostenloser Versand und einfache Rückgabe',
      ru: 'Бесплатная доставка и простой возврат',
      it: 'Spedizione gratuita e reso facile',
    },
    content: {
      en: '<p>Free standard delivery from €50 · 30-day returns</p>',
      de: '<p>Kostenloser Standardversand ab 50 € · 30 Tage Rückgaberecht</p>',
      ru: '<p>Бесплатная стандартная доставка от 50 € · Возврат в течение 30 дней</p>',
      it: '<p>Spedizione standard gratuita da 50 € · Reso entro 30 giorni</p>',
    },
  },
  {
    name: 'FooterAbout',
    location: 'footer',
    title: { en: 'About us', de: 'Über uns', ru: 'О нас', it: 'Chi siamo' },
    content: {
      en: '<p>Makers Market is a marketplace for independent European workshops: linen, ceramics, outdoor gear and coffee, made with care and built to last.</p>',
      de: '<p>Der Manufakturmarkt ist ein Marktplatz für unabhängige europäische Werkstätten: Leinen, Keramik, Outdoor-Ausrüstung und Kaffee – mit Sorgfalt gemacht und für lange Zeit gedacht.</p>',
      ru: '<p>«Маркет мастеров» – площадка для независимых европейских мастерских: лён, керамика, снаряжение и кофе, сделанные с любовью и на долгие годы.</p>',
      it: '<p>Il Mercato degli Artigiani è un marketplace per laboratori europei indipendenti: lino, ceramica, attrezzatura outdoor e caffè, realizzati con cura e fatti per durare.</p>',
    },
  },
  {
    name: 'FooterContact',
    location: 'footer',
    title: { en: 'Contact us', de: 'Kontakt', ru: 'Связаться с нами', it: 'Contattaci' },
    content: {
      en: '<p>Musterstraße 12, 10115 Berlin, Germany<br><a href="mailto:hello@example.com">hello@example.com</a><br>+49 30 1234 5678<br>Mon–Fri, 9:00–17:00</p>',
      de: '<p>Musterstraße 12, 10115 Berlin, Deutschland<br><a href="mailto:hello@example.com">hello@example.com</a><br>+49 30 1234 5678<br>Mo.–Fr., 9–17 Uhr</p>',
      ru: '<p>Мустерштрассе, 12, 10115 Берлин, Германия<br><a href="mailto:hello@example.com">hello@example.com</a><br>+49 30 1234 5678<br>Пн–Пт, 9:00–17:00</p>',
      it: '<p>Musterstraße 12, 10115 Berlino, Germania<br><a href="mailto:hello@example.com">hello@example.com</a><br>+49 30 1234 5678<br>Lun–ven, 9:00–17:00</p>',
    },
  },
  {
    name: 'HomeNewsletter',
    location: 'body',
    title: {
      en: 'Join our newsletter',
      de: 'Newsletter abonnieren',
      ru: 'Подпишитесь на рассылку',
      it: 'Iscriviti alla newsletter',
    },
    content: {
      en: '<p>New products, workshop stories and exclusive offers once a month. Subscribe now and get <strong>10% off</strong> your first order with the code WELCOME10.</p>',
      de: '<p>Neue Produkte, Geschichten aus den Werkstätten und exklusive Angebote – einmal im Monat. Jetzt abonnieren und mit dem Code WELCOME10 <strong>10 % Rabatt</strong> auf Ihre erste Bestellung erhalten.</p>',
      ru: '<p>Новинки, истории из мастерских и эксклюзивные предложения раз в месяц. Подпишитесь сейчас и получите <strong>скидку 10%</strong> на первый заказ по промокоду WELCOME10.</p>',
      it: '<p>Nuovi prodotti, storie dai laboratori e offerte esclusive una volta al mese. Iscriviti ora e ricevi il <strong>10% di sconto</strong> sul tuo primo ordine con il codice WELCOME10.</p>',
    },
  },
];

export const deliveries: SeedDelivery[] = [
  {
    key: 'standard',
    title: {
      en: 'Standard delivery',
      de: 'Standardversand',
      ru: 'Стандартная доставка',
      it: 'Spedizione standard',
    },
    description: {
      en: 'Delivered by parcel service in 2–4 working days. Free for orders from €50.',
      de: 'Zustellung per Paketdienst in 2–4 Werktagen. Kostenlos ab einem Bestellwert von 50 €.',
      ru: 'Доставка курьерской службой за 2–4 рабочих дня. Бесплатно для заказов от 50 €.',
      it: 'Consegna tramite corriere in 2–4 giorni lavorativi. Gratuita per ordini a partire da 50 €.',
    },
    price: 4.9,
    freeFrom: 50,
  },
  {
    key: 'express',
    title: {
      en: 'Express delivery',
      de: 'Expressversand',
      ru: 'Экспресс-доставка',
      it: 'Spedizione espressa',
    },
    description: {
      en: 'Order by 12:00 on a working day and receive your parcel the next working day.',
      de: 'Bestellen Sie werktags bis 12 Uhr und erhalten Sie Ihr Paket am nächsten Werktag.',
      ru: 'Закажите в рабочий день до 12:00 и получите посылку на следующий рабочий день.',
      it: 'Ordina entro le 12:00 di un giorno lavorativo e ricevi il pacco il giorno lavorativo successivo.',
    },
    price: 12.9,
    freeFrom: null,
  },
  {
    key: 'pickup',
    title: {
      en: 'Pickup in Berlin',
      de: 'Abholung in Berlin',
      ru: 'Самовывоз в Берлине',
      it: 'Ritiro a Berlino',
    },
    description: {
      en: 'Collect your order free of charge from our warehouse in Berlin, Monday to Friday, 9:00–17:00.',
      de: 'Holen Sie Ihre Bestellung kostenlos in unserem Berliner Lager ab, Montag bis Freitag von 9 bis 17 Uhr.',
      ru: 'Бесплатно заберите заказ с нашего склада в Берлине с понедельника по пятницу, с 9:00 до 17:00.',
      it: 'Ritira gratuitamente il tuo ordine nel nostro magazzino di Berlino, dal lunedì al venerdì, dalle 9:00 alle 17:00.',
    },
    pickupPoint: {
      en: 'Makers Market warehouse, Musterstraße 12, 10115 Berlin, Germany (Mon–Fri 9:00–17:00)',
      de: 'Lager des Manufakturmarkts, Musterstraße 12, 10115 Berlin, Deutschland (Mo.–Fr. 9–17 Uhr)',
      ru: 'Склад Makers Market, Musterstraße 12, 10115 Берлин, Германия (пн–пт 9:00–17:00)',
      it: 'Magazzino del Mercato degli Artigiani, Musterstraße 12, 10115 Berlino, Germania (lun–ven 9:00–17:00)',
    },
    price: 0,
    freeFrom: null,
  },
];

export const payments: SeedPayment[] = [
  {
    key: 'cod',
    kind: 'cod',
    title: {
      en: 'Cash on delivery',
      de: 'Nachnahme',
      ru: 'Оплата при получении',
      it: 'Contrassegno',
    },
    description: {
      en: 'Pay in cash when you receive your order: to the courier, or at the pickup point.',
      de: 'Sie bezahlen bar, wenn Sie Ihre Bestellung erhalten: beim Zusteller oder an der Abholstelle.',
      ru: 'Оплатите наличными при получении заказа: курьеру или в пункте самовывоза.',
      it: 'Paghi in contanti quando ricevi il tuo ordine: al corriere o al punto di ritiro.',
    },
  },
  {
    key: 'bank_transfer',
    kind: 'bank_transfer',
    title: {
      en: 'Bank transfer',
      de: 'Überweisung',
      ru: 'Банковский перевод',
      it: 'Bonifico bancario',
    },
    description: {
      en: 'Transfer the amount to our bank account. We ship as soon as the payment arrives.',
      de: 'Überweisen Sie den Betrag auf unser Bankkonto. Wir versenden, sobald die Zahlung eingegangen ist.',
      ru: 'Переведите сумму на наш банковский счёт. Мы отправим заказ сразу после поступления оплаты.',
      it: "Trasferisci l'importo sul nostro conto bancario. Spediamo non appena riceviamo il pagamento.",
    },
  },
  {
    key: 'test_card',
    kind: 'test_card',
    title: {
      en: 'Credit card (test)',
      de: 'Kreditkarte (Test)',
      ru: 'Банковская карта (тест)',
      it: 'Carta di credito (test)',
    },
    description: {
      en: 'Test payment for this demo shop – no real money is charged.',
      de: 'Testzahlung für diesen Demo-Shop – es wird kein echtes Geld abgebucht.',
      ru: 'Тестовая оплата для демонстрационного магазина – реальные деньги не списываются.',
      it: 'Pagamento di prova per questo negozio dimostrativo: non viene addebitato denaro reale.',
    },
  },
];

export const countries: SeedCountry[] = [
  {
    code: 'DE',
    title: { en: 'Germany', de: 'Deutschland', ru: 'Германия', it: 'Germania' },
    regions: [
      {
        key: 'de-be',
        title: { en: 'Berlin', de: 'Berlin', ru: 'Берлин', it: 'Berlino' },
        cities: [
          { key: 'berlin', title: { en: 'Berlin', de: 'Berlin', ru: 'Берлин', it: 'Berlino' } },
        ],
      },
      {
        key: 'de-hh',
        title: { en: 'Hamburg', de: 'Hamburg', ru: 'Гамбург', it: 'Amburgo' },
        cities: [
          { key: 'hamburg', title: { en: 'Hamburg', de: 'Hamburg', ru: 'Гамбург', it: 'Amburgo' } },
        ],
      },
      {
        key: 'de-by',
        title: { en: 'Bavaria', de: 'Bayern', ru: 'Бавария', it: 'Baviera' },
        cities: [
          {
            key: 'munich',
            title: { en: 'Munich', de: 'München', ru: 'Мюнхен', it: 'Monaco di Baviera' },
          },
          {
            key: 'nuremberg',
            title: { en: 'Nuremberg', de: 'Nürnberg', ru: 'Нюрнберг', it: 'Norimberga' },
          },
          {
            key: 'augsburg',
            title: { en: 'Augsburg', de: 'Augsburg', ru: 'Аугсбург', it: 'Augusta' },
          },
        ],
      },
      {
        key: 'de-nw',
        title: {
          en: 'North Rhine-Westphalia',
          de: 'Nordrhein-Westfalen',
          ru: 'Северный Рейн-Вестфалия',
          it: 'Renania Settentrionale-Vestfalia',
        },
        cities: [
          { key: 'cologne', title: { en: 'Cologne', de: 'Köln', ru: 'Кёльн', it: 'Colonia' } },
          {
            key: 'dusseldorf',
            title: { en: 'Düsseldorf', de: 'Düsseldorf', ru: 'Дюссельдорф', it: 'Düsseldorf' },
          },
          { key: 'aachen', title: { en: 'Aachen', de: 'Aachen', ru: 'Ахен', it: 'Aquisgrana' } },
        ],
      },
      {
        key: 'de-he',
        title: { en: 'Hesse', de: 'Hessen', ru: 'Гессен', it: 'Assia' },
        cities: [
          {
            key: 'frankfurt',
            title: {
              en: 'Frankfurt am Main',
              de: 'Frankfurt am Main',
              ru: 'Франкфурт-на-Майне',
              it: 'Francoforte sul Meno',
            },
          },
          {
            key: 'wiesbaden',
            title: { en: 'Wiesbaden', de: 'Wiesbaden', ru: 'Висбаден', it: 'Wiesbaden' },
          },
          { key: 'kassel', title: { en: 'Kassel', de: 'Kassel', ru: 'Кассель', it: 'Kassel' } },
        ],
      },
    ],
  },
  {
    code: 'IT',
    title: { en: 'Italy', de: 'Italien', ru: 'Италия', it: 'Italia' },
    regions: [
      {
        key: 'it-lom',
        title: { en: 'Lombardy', de: 'Lombardei', ru: 'Ломбардия', it: 'Lombardia' },
        cities: [
          { key: 'milan', title: { en: 'Milan', de: 'Mailand', ru: 'Милан', it: 'Milano' } },
          { key: 'bergamo', title: { en: 'Bergamo', de: 'Bergamo', ru: 'Бергамо', it: 'Bergamo' } },
          { key: 'brescia', title: { en: 'Brescia', de: 'Brescia', ru: 'Брешиа', it: 'Brescia' } },
        ],
      },
      {
        key: 'it-tos',
        title: { en: 'Tuscany', de: 'Toskana', ru: 'Тоскана', it: 'Toscana' },
        cities: [
          {
            key: 'florence',
            title: { en: 'Florence', de: 'Florenz', ru: 'Флоренция', it: 'Firenze' },
          },
          { key: 'siena', title: { en: 'Siena', de: 'Siena', ru: 'Сиена', it: 'Siena' } },
          { key: 'pisa', title: { en: 'Pisa', de: 'Pisa', ru: 'Пиза', it: 'Pisa' } },
        ],
      },
      {
        key: 'it-ven',
        title: { en: 'Veneto', de: 'Venetien', ru: 'Венето', it: 'Veneto' },
        cities: [
          { key: 'venice', title: { en: 'Venice', de: 'Venedig', ru: 'Венеция', it: 'Venezia' } },
          { key: 'verona', title: { en: 'Verona', de: 'Verona', ru: 'Верона', it: 'Verona' } },
          { key: 'padua', title: { en: 'Padua', de: 'Padua', ru: 'Падуя', it: 'Padova' } },
        ],
      },
    ],
  },
  {
    code: 'AT',
    title: { en: 'Austria', de: 'Österreich', ru: 'Австрия', it: 'Austria' },
    regions: [
      {
        key: 'at-ooe',
        title: {
          en: 'Upper Austria',
          de: 'Oberösterreich',
          ru: 'Верхняя Австрия',
          it: 'Alta Austria',
        },
        cities: [
          { key: 'linz', title: { en: 'Linz', de: 'Linz', ru: 'Линц', it: 'Linz' } },
          { key: 'wels', title: { en: 'Wels', de: 'Wels', ru: 'Вельс', it: 'Wels' } },
          { key: 'steyr', title: { en: 'Steyr', de: 'Steyr', ru: 'Штайр', it: 'Steyr' } },
        ],
      },
      {
        key: 'at-tirol',
        title: { en: 'Tyrol', de: 'Tirol', ru: 'Тироль', it: 'Tirolo' },
        cities: [
          {
            key: 'innsbruck',
            title: { en: 'Innsbruck', de: 'Innsbruck', ru: 'Инсбрук', it: 'Innsbruck' },
          },
          {
            key: 'kitzbuehel',
            title: { en: 'Kitzbühel', de: 'Kitzbühel', ru: 'Кицбюэль', it: 'Kitzbühel' },
          },
          {
            key: 'kufstein',
            title: { en: 'Kufstein', de: 'Kufstein', ru: 'Куфштайн', it: 'Kufstein' },
          },
        ],
      },
      {
        key: 'at-salzburg',
        title: { en: 'Salzburg', de: 'Salzburg', ru: 'Зальцбург', it: 'Salisburghese' },
        cities: [
          {
            key: 'salzburg',
            title: { en: 'Salzburg', de: 'Salzburg', ru: 'Зальцбург', it: 'Salisburgo' },
          },
          { key: 'hallein', title: { en: 'Hallein', de: 'Hallein', ru: 'Халлайн', it: 'Hallein' } },
        ],
      },
    ],
  },
  {
    code: 'CH',
    title: { en: 'Switzerland', de: 'Schweiz', ru: 'Швейцария', it: 'Svizzera' },
    regions: [
      {
        key: 'ch-zh',
        title: { en: 'Zurich', de: 'Zürich', ru: 'Цюрих', it: 'Zurigo' },
        cities: [
          { key: 'zurich', title: { en: 'Zurich', de: 'Zürich', ru: 'Цюрих', it: 'Zurigo' } },
          {
            key: 'winterthur',
            title: { en: 'Winterthur', de: 'Winterthur', ru: 'Винтертур', it: 'Winterthur' },
          },
        ],
      },
      {
        key: 'ch-ge',
        title: { en: 'Geneva', de: 'Genf', ru: 'Женева', it: 'Ginevra' },
        cities: [
          { key: 'geneva', title: { en: 'Geneva', de: 'Genf', ru: 'Женева', it: 'Ginevra' } },
          { key: 'carouge', title: { en: 'Carouge', de: 'Carouge', ru: 'Каруж', it: 'Carouge' } },
        ],
      },
      {
        key: 'ch-ti',
        title: { en: 'Ticino', de: 'Tessin', ru: 'Тичино', it: 'Ticino' },
        cities: [
          { key: 'lugano', title: { en: 'Lugano', de: 'Lugano', ru: 'Лугано', it: 'Lugano' } },
          {
            key: 'bellinzona',
            title: { en: 'Bellinzona', de: 'Bellinzona', ru: 'Беллинцона', it: 'Bellinzona' },
          },
        ],
      },
    ],
  },
];

export const promoCodes: SeedPromoCode[] = [
  { code: 'WELCOME10', discountType: 'percent', discountValue: 10, fromPrice: null },
  { code: 'SAVE15', discountType: 'percent', discountValue: 15, fromPrice: 100 },
  { code: 'FIVEOFF', discountType: 'fixed', discountValue: 5, fromPrice: null },
  { code: 'BIG20', discountType: 'fixed', discountValue: 20, fromPrice: 150 },
  { code: 'EXPIRED5', discountType: 'percent', discountValue: 5, fromPrice: null, endInDays: -1 },
  { code: 'SOON25', discountType: 'percent', discountValue: 25, fromPrice: null, startInDays: 7 },
];

export const users: SeedUser[] = [
  {
    key: 'shopper',
    email: 'shopper@example.com',
    firstName: 'Alex',
    lastName: 'Shopper',
    isStaff: false,
    locale: 'en',
  },
  {
    key: 'staff',
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Staff',
    isStaff: true,
    locale: 'en',
  },
  {
    key: 'anna',
    email: 'anna.becker@example.com',
    firstName: 'Anna',
    lastName: 'Becker',
    isStaff: false,
    locale: 'de',
  },
  {
    key: 'olga',
    email: 'olga.smirnova@example.com',
    firstName: 'Ольга',
    lastName: 'Смирнова',
    isStaff: false,
    locale: 'ru',
  },
  {
    key: 'giulia',
    email: 'giulia.rossi@example.com',
    firstName: 'Giulia',
    lastName: 'Rossi',
    isStaff: false,
    locale: 'it',
  },
  {
    key: 'emma',
    email: 'emma.clarke@example.com',
    firstName: 'Emma',
    lastName: 'Clarke',
    isStaff: false,
    locale: 'en',
  },
  {
    key: 'lukas',
    email: 'lukas.huber@example.com',
    firstName: 'Lukas',
    lastName: 'Huber',
    isStaff: false,
    locale: 'de',
  },
  {
    key: 'ivan',
    email: 'ivan.petrov@example.com',
    firstName: 'Иван',
    lastName: 'Петров',
    isStaff: false,
    locale: 'ru',
  },
  {
    key: 'marco',
    email: 'marco.bianchi@example.com',
    firstName: 'Marco',
    lastName: 'Bianchi',
    isStaff: false,
    locale: 'it',
  },
];

// Reviews are user content: each is written in its author's language.
export const shopReviews: SeedReview[] = [
  {
    user: 'anna',
    rating: 5,
    text: 'Schnelle Lieferung, liebevoll verpackt und die Leinenbettwäsche ist ein Traum. Ich bestelle ganz sicher wieder!',
    daysAgo: 4,
  },
  {
    user: 'olga',
    rating: 5,
    text: 'Отличный магазин: всё пришло за три дня, упаковано аккуратно, без лишнего пластика. Кофе просто потрясающий.',
    daysAgo: 11,
  },
  {
    user: 'giulia',
    rating: 4,
    text: "Prodotti bellissimi e assistenza gentile. Una tazza è arrivata con una piccola scheggia, ma me l'hanno sostituita subito.",
    daysAgo: 19,
  },
  {
    user: 'emma',
    rating: 5,
    text: 'Lovely to find so many small makers in one place. Checkout was quick and I got one email per parcel.',
    daysAgo: 27,
  },
  {
    user: 'shopper',
    rating: 4,
    text: 'Great selection and fair prices. Delivery to Austria took a day longer than expected, but everything arrived safely.',
    daysAgo: 36,
  },
  {
    user: 'lukas',
    rating: 3,
    text: 'Die Produkte sind super, aber die Sendungsverfolgung hat bei mir erst nach zwei Tagen funktioniert.',
    daysAgo: 52,
  },
  {
    user: 'ivan',
    rating: 4,
    text: 'Удобный сайт на русском языке и понятная доставка. Хотелось бы больше способов оплаты, но в целом всё понравилось.',
    daysAgo: 73,
  },
  {
    user: 'marco',
    rating: 5,
    text: 'Ho regalato un set di tovaglioli di lino a mia madre: qualità eccellente e spedizione velocissima. Consigliatissimo!',
    daysAgo: 95,
  },
];

/** Product reviews without a product: the seed spreads them over the catalogue. */
export const productReviewTexts: SeedReview[] = [
  {
    user: 'emma',
    rating: 5,
    text: 'Beautifully made and even nicer in person than in the photos.',
    daysAgo: 2,
  },
  {
    user: 'anna',
    rating: 5,
    text: 'Top Qualität, sieht genauso aus wie auf den Bildern. Klare Kaufempfehlung.',
    daysAgo: 6,
  },
  {
    user: 'olga',
    rating: 4,
    text: 'Качество хорошее, но цвет чуть темнее, чем на фотографии.',
    daysAgo: 9,
  },
  {
    user: 'giulia',
    rating: 5,
    text: 'Perfetto, proprio come lo volevo. Si vede che è fatto a mano con cura.',
    daysAgo: 13,
  },
  {
    user: 'shopper',
    rating: 4,
    text: 'Solid quality for the price. Would buy again.',
    daysAgo: 17,
  },
  {
    user: 'anna',
    rating: 3,
    text: 'Gutes Produkt, aber die Lieferung hat etwas länger gedauert als angegeben.',
    daysAgo: 24,
  },
  {
    user: 'olga',
    rating: 5,
    text: 'Пользуюсь каждый день уже месяц – как новое. Рекомендую!',
    daysAgo: 31,
  },
  {
    user: 'giulia',
    rating: 4,
    text: "Molto bello, anche se un po' più piccolo di quanto immaginassi.",
    daysAgo: 40,
  },
  {
    user: 'emma',
    rating: 5,
    text: 'Bought it as a gift and it was a huge hit. Lovely packaging too.',
    daysAgo: 48,
  },
  {
    user: 'anna',
    rating: 4,
    text: 'Schönes Material und saubere Verarbeitung. Ein Stern Abzug für den Preis.',
    daysAgo: 61,
  },
  {
    user: 'olga',
    rating: 3,
    text: 'Неплохо, но ожидала большего за эти деньги. Упаковка отличная.',
    daysAgo: 84,
  },
  {
    user: 'shopper',
    rating: 5,
    text: 'Exactly as described. Fast shipping and friendly vendor.',
    daysAgo: 110,
  },
];
