import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { TOAST_TIMEOUT_MS } from '@shop/domain';

type Toast = { id: number; text: string; kind: 'info' | 'error' };
type ToastApi = { toast: (text: string, kind?: Toast['kind']) => void };

const ToastContext = createContext<ToastApi>({ toast: () => {} });
export const useToast = () => useContext(ToastContext);

let nextId = 1;

/** Toasts top-left for 2000 ms (spec section 9), announced to screen readers. */
export function ToastHost({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toast = useCallback<ToastApi['toast']>((text, kind = 'info') => {
    const id = nextId++;
    setToasts((list) => [...list, { id, text, kind }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_TIMEOUT_MS);
  }, []);
  const api = useMemo(() => ({ toast }), [toast]);
  return (
    <ToastContext value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed top-4 left-4 z-50 flex max-w-[calc(100%-2rem)] flex-col gap-2"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`rounded-md px-4 py-3 text-white shadow-lg ${t.kind === 'error' ? 'bg-red-700' : 'bg-slate-900'}`}
          >
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
