// Browser-only PWA helpers: service worker registration (spec section 1), online/offline status
// and the prefetch guard (spec section 4).

/** The part of the Network Information API we read; it is not in lib.dom. */
type NetworkInformation = {
  readonly effectiveType?: 'slow-2g' | '2g' | '3g' | '4g' | (string & {});
  readonly saveData?: boolean;
};

const SLOW_CONNECTIONS: readonly string[] = ['slow-2g', '2g'];

/**
 * Registers /sw.js with scope /. Without service worker support the error is caught silently;
 * a failed registration is only logged. Never rejects.
 */
export async function registerServiceWorker(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) {
      throw new Error('serviceWorker is not supported in current browser!');
    }
  } catch {
    return;
  }
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}

/** Whether the browser believes it is online (true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Calls `callback` with the new status on every `online`/`offline` event. Returns the
 * unsubscribe function (fits `useSyncExternalStore(subscribeOnline, isOnline, () => true)`).
 */
export function subscribeOnline(callback: (online: boolean) => void): () => void {
  const notify = () => callback(isOnline());
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** Link prefetch is skipped on 2g, with data-saver on, or while offline. */
export function shouldPrefetch(): boolean {
  if (typeof navigator === 'undefined' || !isOnline()) return false;
  const { connection } = navigator as Navigator & { readonly connection?: NetworkInformation };
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !(connection.effectiveType && SLOW_CONNECTIONS.includes(connection.effectiveType));
}
