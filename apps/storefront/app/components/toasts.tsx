import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_TIMEOUT_MS } from '@shop/domain';
import { AppLink } from './app-link.tsx';

/** A link a toast offers ("View cart"). */
export type ToastAction = { href: string; label: string };
type Toast = {
  id: number;
  text: string;
  kind: 'info' | 'error';
  action?: ToastAction;
  /** In the server's page: hidden by CSS after the timeout even without JavaScript. */
  served?: boolean;
};

/** A toast the page's loader brings (a form's confirmation); `id` tells one answer from the next. */
export type PageNotice = { id: string; text: string };
type ToastApi = { toast: (text: string, kind?: Toast['kind'], action?: ToastAction) => void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

let nextId = 1;

/**
 * Toasts top-left for 2000 ms (spec section 9), announced to screen readers. A toast with a link
 * stays while the pointer or the focus is on it, so the link can be reached. They start below the
 * shop header (its height is published by lib/sticky-header.ts), so the logo, the menu and the
 * cart count stay uncovered (issue 23); an add to the cart opens the mini-cart, not a toast.
 */
export function ToastHost({
  children,
  notice = null,
}: {
  children: ReactNode;
  notice?: PageNotice | null;
}) {
  // The page's notice is in the server's HTML (no JavaScript needed to see it).
  const [toasts, setToasts] = useState<Toast[]>(() =>
    notice ? [{ id: 0, text: notice.text, kind: 'info', served: true }] : [],
  );
  const shown = useRef(notice?.id);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismissLater = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, TOAST_TIMEOUT_MS),
    );
  }, []);
  const hold = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);
  const toast = useCallback<ToastApi['toast']>(
    (text, kind = 'info', action) => {
      const id = nextId++;
      setToasts((list) => [...list, { id, text, kind, ...(action ? { action } : {}) }]);
      dismissLater(id);
    },
    [dismissLater],
  );
  // The served toast goes after the timeout like any other once the page runs.
  useEffect(() => {
    if (shown.current !== undefined) dismissLater(0);
  }, [dismissLater]);
  // A notice that comes with a later navigation (a form sent in the browser) toasts once.
  const noticeId = notice?.id;
  const noticeText = notice?.text;
  useEffect(() => {
    if (noticeId === undefined || noticeText === undefined || shown.current === noticeId) return;
    shown.current = noticeId;
    toast(noticeText);
  }, [noticeId, noticeText, toast]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const api = useMemo(() => ({ toast }), [toast]);
  return (
    <ToastContext value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed top-[calc(var(--header-height,0px)+1rem)] left-4 z-50 flex max-w-[calc(100%-10rem)] flex-col gap-2 sm:max-w-sm"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            data-toast=""
            className={`${t.served ? 'toast-served ' : ''}rounded-md px-4 py-3 text-white shadow-lg ${t.kind === 'error' ? 'bg-red-700' : 'bg-slate-900'} ${t.action ? 'pointer-events-auto' : ''}`}
            onMouseEnter={t.action ? () => hold(t.id) : undefined}
            onMouseLeave={t.action ? () => dismissLater(t.id) : undefined}
            onFocus={t.action ? () => hold(t.id) : undefined}
            onBlur={t.action ? () => dismissLater(t.id) : undefined}
          >
            <span>{t.text}</span>
            {t.action && (
              <AppLink
                to={t.action.href}
                className="mt-2 block font-bold underline underline-offset-2 hover:no-underline"
              >
                {t.action.label}
              </AppLink>
            )}
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
