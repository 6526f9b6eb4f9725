import { useLocation } from 'react-router';
import type { Language } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';

/** Links to the same page in every offered language: works without JavaScript, keeps the query. */
export function LanguageSwitcher({ languages }: { languages: Language[] }) {
  const { locale, t } = useI18n();
  const location = useLocation();
  const rest = location.pathname.replace(/^\/[^/]+/, '') || '/';
  return (
    <nav aria-label={t('languages.label')}>
      <ul className="flex items-center gap-1">
        {languages.map((language) => (
          <li key={language.code}>
            <a
              href={`/${language.code}${rest}${location.search}`}
              hrefLang={language.code}
              lang={language.code}
              aria-current={language.code === locale ? 'true' : undefined}
              className={`rounded px-2 py-1 text-sm uppercase ${
                language.code === locale ? 'bg-white/20 font-bold' : 'hover:bg-white/10'
              }`}
              title={language.name}
            >
              {language.code}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
