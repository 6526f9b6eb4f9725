import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '#app/lib/i18n.tsx';
import { useHydrated } from '#app/lib/hydrated.ts';
import { Icon, ICONS } from './icon.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wide screens show the filters beside the list (the `lg` breakpoint of app.css). */
const WIDE = '(min-width: 992px)';

/**
 * Where the filters live: a side panel on wide screens; on a phone a "Filters (n)" button that
 * opens them as a modal sheet (focus kept inside, Escape or "Show N products" closes it and
 * focus returns to the button), so the first products stay in the first screen.
 * Before JavaScript runs it is a `<details>` that starts closed (open beside the list on wide
 * screens, see app.css).
 */
export function FilterDrawer({
  applied,
  total,
  children,
}: {
  /** How many filters are applied. */
  applied: number;
  /** How many products the filters leave. */
  total: number;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const label = applied > 0 ? t('filters.titleWithCount', { count: applied }) : t('filters.title');

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const wide = matchMedia(WIDE);
    // Turned to a wide screen: the filters are a side panel again.
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onWide);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    sheet.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      wide.removeEventListener('change', onWide);
      document.body.style.overflow = overflow;
    };
  }, [open]);

  // One tree before and after hydration: the <details> (closed on phones until JavaScript runs)
  // stays and is held open once the button and the sheet take over, so the filter form inside is
  // never re-mounted — a click or a tick that spans hydration lands where the shopper aimed.
  return (
    <>
      {hydrated ? (
        <button
          ref={button}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          className="flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100 lg:hidden"
        >
          <Icon path={ICONS.filter} />
          {label}
        </button>
      ) : null}
      <details
        open={hydrated}
        className={
          hydrated
            ? 'filter-details'
            : 'filter-details rounded-lg border border-slate-200 p-4 lg:border-0 lg:p-0'
        }
      >
        <summary className={hydrated ? 'hidden' : 'cursor-pointer font-bold'}>{label}</summary>
        <div
          className={
            !hydrated
              ? 'mt-4 lg:mt-0'
              : open
                ? 'fixed inset-0 z-50 flex justify-end bg-slate-900/50'
                : 'hidden lg:block'
          }
          onClick={(event) => open && event.target === event.currentTarget && close()}
        >
          <div
            ref={sheet}
            // Closed, it is a plain box (the form inside carries the name): ARIA forbids naming
            // an element without a role.
            {...(hydrated && open
              ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId }
              : {})}
            onKeyDown={(event) => {
              if (!open) return;
              if (event.key === 'Escape') {
                event.preventDefault();
                close();
              } else if (event.key === 'Tab') {
                // Focus stays inside the sheet while it is open.
                const items = [...(sheet.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
                const first = items[0];
                const last = items[items.length - 1];
                if (event.shiftKey && document.activeElement === first) {
                  event.preventDefault();
                  last?.focus();
                } else if (!event.shiftKey && document.activeElement === last) {
                  event.preventDefault();
                  first?.focus();
                }
              }
            }}
            className={
              open ? 'flex h-full w-[min(24rem,90vw)] flex-col bg-white shadow-xl' : 'contents'
            }
          >
            {open && (
              <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
                <h2 id={titleId} className="text-lg font-bold">
                  {label}
                </h2>
                <button
                  type="button"
                  onClick={close}
                  aria-label={t('filters.close')}
                  className="rounded p-2 hover:bg-slate-100"
                >
                  <Icon path={ICONS.close} />
                </button>
              </div>
            )}
            <div className={open ? 'flex-1 overflow-y-auto px-4 py-4' : ''}>{children}</div>
            {open && (
              <div className="border-t border-slate-200 p-4">
                <button
                  type="button"
                  onClick={close}
                  className="w-full rounded-md bg-primary px-4 py-3 font-bold text-white hover:bg-blue-800"
                >
                  {t('filters.showProducts', { count: total })}
                </button>
              </div>
            )}
          </div>
        </div>
      </details>
    </>
  );
}
