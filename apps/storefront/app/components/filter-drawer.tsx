import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '#app/components/button.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { useHydrated } from '#app/lib/hydrated.ts';
import { Icon, ICONS } from './icon.tsx';

/** Wide screens show the filters beside the list (the `lg` breakpoint of app.css). */
const WIDE = '(min-width: 992px)';

/**
 * Where the filters live: a side panel on wide screens; on a phone a "Filters (n)" button that
 * opens them as a modal sheet, so the first products stay in the first screen. The sheet is a
 * native `<dialog>` shown with `showModal()`, as the layout's modal host does: the browser keeps
 * the focus inside and the page inert, Escape or "Show N products" closes it and the focus
 * returns to the button. Before JavaScript runs it is a `<details>` that starts closed (open
 * beside the list on wide screens, see app.css).
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
  const sheet = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const label = applied > 0 ? t('filters.titleWithCount', { count: applied }) : t('filters.title');

  // Every way out (Escape, the buttons, a tap beside the sheet) ends in the dialog's `close`
  // event, which sets the state; the browser gives the focus back to the opener, said again here
  // for the button that was re-rendered meanwhile.
  const close = () => sheet.current?.close();
  const onClose = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    const dialog = sheet.current;
    if (!open || !dialog) return;
    if (!dialog.open) dialog.showModal();
    const wide = matchMedia(WIDE);
    // Turned to a wide screen: the filters are a side panel again.
    const onWide = () => wide.matches && dialog.close();
    wide.addEventListener('change', onWide);
    // The page behind does not scroll under the sheet (the dialog makes it inert only).
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      wide.removeEventListener('change', onWide);
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, [open]);

  // One tree before and after hydration: the <details> (closed on phones until JavaScript runs)
  // stays and is held open once the button and the sheet take over, so the filter form inside is
  // never re-mounted — a click or a tick that spans hydration lands where the shopper aimed.
  return (
    <>
      {hydrated ? (
        <Button
          ref={button}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          variant="secondary"
          block
          className="flex items-center justify-center gap-2 font-bold lg:hidden"
        >
          <Icon path={ICONS.filter} />
          {label}
        </Button>
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
        {/* The dialog is the sheet once open (showModal); closed, it is the side panel, shown by
            its classes (a closed dialog is display: none only by the browser's own style). The
            server writes it `open` so that it shows inside the <details> before JavaScript. */}
        <dialog
          ref={sheet}
          open={hydrated ? undefined : true}
          onClose={onClose}
          onClick={(event) => open && event.target === event.currentTarget && close()}
          {...(open ? { 'aria-labelledby': titleId } : { 'aria-label': t('filters.title') })}
          className={
            !hydrated
              ? 'static mt-4 block w-auto border-0 bg-transparent p-0 text-inherit lg:mt-0'
              : open
                ? 'm-0 ml-auto h-full max-h-none w-[min(24rem,90vw)] max-w-none border-0 bg-white p-0 text-inherit shadow-xl backdrop:bg-slate-900/50'
                : 'static hidden w-auto border-0 bg-transparent p-0 text-inherit lg:block'
          }
        >
          <div className={open ? 'flex h-full flex-col' : 'contents'}>
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
                <Button type="button" onClick={close} size="lg" block>
                  {t('filters.showProducts', { count: total })}
                </Button>
              </div>
            )}
          </div>
        </dialog>
      </details>
    </>
  );
}
