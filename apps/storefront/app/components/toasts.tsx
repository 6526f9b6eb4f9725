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
type Toast = { id: number; text: string; kind: 'info' | 'error'; action?: ToastAction };
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
export function ToastHost({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
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
            className={`rounded-md px-4 py-3 text-white shadow-lg ${t.kind === 'error' ? 'bg-red-700' : 'bg-slate-900'} ${t.action ? 'pointer-events-auto' : ''}`}
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
