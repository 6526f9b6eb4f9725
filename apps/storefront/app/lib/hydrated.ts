import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False while server-rendered and hydrating, true once the page runs JavaScript. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
