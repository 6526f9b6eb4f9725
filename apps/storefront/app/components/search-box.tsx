import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Image } from '@shop/contract';
import { MIN_FETCH_DELAY_MS } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';
import { Button } from './button.tsx';
import { Icon, ICONS } from './icon.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { useMoney } from './price.tsx';
import { SizedImage } from './sized-image.tsx';

type Suggestion = {
  id: number;
  title: string;
  href: string;
  price: number;
  image: Image | undefined;
};

/**
 * The header search: a plain GET form to the product list (works without JavaScript), enhanced
 * into a combobox that suggests products as the shopper types (after 200 ms of quiet).
 *
 * The field is the WAI-ARIA 1.2 combobox pattern on an `<input type="text">`: HTML allows the
 * combobox role (and so aria-expanded) on a text field, not on `type="search"` (issue 27,
 * decision 0042). The search form's landmark says what it is; phones still get a search key
 * (`enterkeyhint`) and a search keyboard (`inputmode`).
 */
export function SearchBox({ idPrefix, labelledBy }: { idPrefix: string; labelledBy?: string }) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const navigate = useNavigate();
  // The browser calls the API itself through the contract's client (same origin, `_` cache
  // version, X-Requested-With): suggestions need no storefront round trip. The client (and zod,
  // which checks its answers) is loaded on the first search, not with every page (issue 12).
  const noCache = useLocaleData()?.user?.noCache ?? false;
  const [found, setFound] = useState<{ query: string; suggestions: Suggestion[] }>({
    query: '',
    suggestions: [],
  });
  const listId = useId();
  // On the results page the box holds the words searched for (issue 23), rendered by the server
  // too; another page (or another search) sets it to its own words, none off the results page.
  const location = useLocation();
  const searched =
    location.pathname === `/${locale}/products/`
      ? (new URLSearchParams(location.search).get('query') ?? '')
      : '';
  const [text, setText] = useState(searched);
  const [shownFor, setShownFor] = useState(searched);
  if (shownFor !== searched) {
    setShownFor(searched);
    setText(searched);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const suggestions = found.query === text.trim() ? found.suggestions : [];
  const expanded = open && suggestions.length > 0;

  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (value: string) => {
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (value.trim().length < 2) return;
    const query = value.trim();
    timer.current = setTimeout(() => {
      // A failed search is silently ignored (spec section 7): no suggestions.
      import('@shop/contract')
        .then(({ createApiClient }) =>
          createApiClient({ host: '', locale, noCache: () => noCache }).products.search({
            query: { query, page_size: 6 },
          }),
        )
        .then((page) =>
          setFound({
            query,
            suggestions: page.results.map((p) => ({
              id: p.id,
              title: p.title,
              href: `/${locale}${p.slugUri}`,
              price: p.discountPrice,
              image: p.images[0],
            })),
          }),
        )
        .catch(() => setFound({ query, suggestions: [] }));
    }, MIN_FETCH_DELAY_MS);
  };

  // Words typed before the scripts ran (they start after the page's largest paint, decision 37):
  // hydration would set the box back to empty, so they are taken over, with suggestions while the
  // shopper is still in the box.
  const box = useRef<HTMLInputElement>(null);
  const typedEarly = useRef(onInput);
  useLayoutEffect(() => {
    const typed = box.current?.value ?? '';
    if (!typed) return;
    if (box.current === document.activeElement) typedEarly.current(typed);
    else setText(typed);
  }, []);

  return (
    <form
      role="search"
      aria-labelledby={labelledBy}
      method="get"
      action={`/${locale}/products/`}
      className="relative flex w-full"
    >
      <label htmlFor={`${idPrefix}-search`} className="sr-only">
        {t('search.placeholder')}
      </label>
      <input
        ref={box}
        id={`${idPrefix}-search`}
        name="query"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => onInput(event.target.value)}
        // The API client starts loading when the shopper comes to the box, not after typing.
        onFocus={() => void import('@shop/contract')}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (!expanded) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => (i + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
          } else if (event.key === 'Enter' && active >= 0) {
            const choice = suggestions[active];
            if (choice) {
              event.preventDefault();
              setOpen(false);
              void navigate(choice.href);
            }
          }
        }}
        className="min-w-0 flex-1 rounded-l-md border border-slate-300 px-3 py-2"
      />
      <Button
        type="submit"
        size="compact"
        className="rounded-l-none"
        aria-label={t('search.button')}
      >
        <Icon path={ICONS.search} />
      </Button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.title')}
        className={`absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg ${expanded ? '' : 'hidden'}`}
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => {
              event.preventDefault();
              setOpen(false);
              void navigate(s.href);
            }}
            className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 ${i === active ? 'bg-blue-50' : 'hover:bg-slate-50'}`}
          >
            <span className="h-10 w-10 shrink-0 overflow-hidden rounded bg-slate-100">
              {s.image && (
                <SizedImage
                  image={s.image}
                  alt=""
                  className="h-full w-full object-cover"
                  sizes="40px"
                />
              )}
            </span>
            <span className="min-w-0 flex-1 truncate">{s.title}</span>
            <span className="shrink-0 text-sm font-bold">{money(s.price)}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
