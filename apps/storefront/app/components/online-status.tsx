import { useSyncExternalStore } from 'react';
import { useI18n } from '#app/lib/i18n.tsx';
import { isOnline, subscribeOnline } from '#app/lib/pwa.client.ts';

/** Tracks the connection (spec section 4); the server renders as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/** Says so while the connection is gone. */
export function OnlineStatus() {
  const online = useOnline();
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          {t('common.offline')}
        </p>
      )}
    </div>
  );
}
