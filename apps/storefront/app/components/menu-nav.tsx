import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AppLink, AppNavLink as NavLink } from './app-link.tsx';
import type { MenuItem } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';

const href = (locale: string, url: string) => (/^https?:\/\//.test(url) ? url : `/${locale}${url}`);

/**
 * The header menus: a row of links on wide screens whose children open from `<details>` (so they
 * work without JavaScript and with the keyboard), a plain nested list inside the mobile menu.
 */
export function MenuNav({
  items,
  label,
  variant,
}: {
  items: MenuItem[];
  label: string;
  variant: 'bar' | 'list';
}) {
  const { locale } = useI18n();
  const nav = useRef<HTMLElement>(null);
  const { key } = useLocation();
  // A link followed inside the layout (client-side) keeps the header mounted: close the open
  // dropdowns and the mobile menu around this list, or they would cover the new page.
  useEffect(() => {
    const element = nav.current;
    if (!element) return;
    for (const details of element.querySelectorAll('details[open]'))
      details.removeAttribute('open');
    element.closest('details[open]')?.removeAttribute('open');
  }, [key]);
  if (variant === 'list') {
    return (
      <nav ref={nav} aria-label={label}>
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <NavLink
                to={href(locale, item.url)}
                className="block rounded px-2 py-2 font-medium hover:bg-slate-100"
              >
                {item.title}
              </NavLink>
              {item.children.length > 0 && (
                <ul className="ml-4 border-l border-slate-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <NavLink
                        to={href(locale, child.url)}
                        className="block rounded px-2 py-1.5 hover:bg-slate-100"
                      >
                        {child.title}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav ref={nav} aria-label={label}>
      <ul className="flex items-center gap-1">
        {items.map((item) =>
          item.children.length > 0 ? (
            <li key={item.id} className="relative">
              <details className="group">
                <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-3 py-2 font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                  {item.title}
                  <span aria-hidden="true" className="text-xs transition group-open:rotate-180">
                    ▾
                  </span>
                </summary>
                <ul className="absolute left-0 z-30 mt-1 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                  {/* The summary only opens the list: its own page is the first link, unless a
                      child already leads there (Help and FAQ would be the same page twice). */}
                  {!item.children.some((child) => child.url === item.url) && (
                    <li>
                      <NavLink
                        to={href(locale, item.url)}
                        className="block rounded px-3 py-2 hover:bg-slate-100"
                      >
                        {item.title}
                      </NavLink>
                    </li>
                  )}
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <NavLink
                        to={href(locale, child.url)}
                        className="block rounded px-3 py-2 hover:bg-slate-100"
                      >
                        {child.title}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={item.id}>
              <NavLink
                to={href(locale, item.url)}
                className="block rounded px-3 py-2 font-medium hover:bg-slate-100 aria-[current=page]:text-primary"
              >
                {item.title}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

export function FooterMenus({ items }: { items: MenuItem[] }) {
  const { locale } = useI18n();
  return (
    // One column on a narrow phone: the long single words of the legal menus
    // ("Datenschutzerklärung", "конфиденциальности") fit whole; none is broken mid-word.
    <div className="grid grid-cols-1 gap-6 break-words min-[420px]:grid-cols-2 sm:grid-cols-3">
      {items.map((item) => (
        <nav key={item.id} aria-label={item.title}>
          <h2 className="mb-2 font-bold">
            <AppLink to={href(locale, item.url)} className="hover:underline">
              {item.title}
            </AppLink>
          </h2>
          <ul className="space-y-1">
            {item.children.map((child) => (
              <li key={child.id}>
                <AppLink
                  to={href(locale, child.url)}
                  className="text-slate-300 hover:text-white hover:underline"
                >
                  {child.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}
