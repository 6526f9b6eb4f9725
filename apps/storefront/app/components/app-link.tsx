import { forwardRef, useEffect, useState, type ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';
import { PREFETCH_IDLE_TIMEOUT_MS } from '@shop/domain';
import { shouldPrefetch, subscribeOnline } from '#app/lib/pwa.client.ts';

/**
 * Whether links may prefetch: decided once the browser is idle (at most 2000 ms after load), and
 * never on 2g, with data saver on, or offline (spec sections 4 and 9).
 */
export function useCanPrefetch(): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    const decide = () => setCan(shouldPrefetch());
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(decide, { timeout: PREFETCH_IDLE_TIMEOUT_MS })
      : window.setTimeout(decide, PREFETCH_IDLE_TIMEOUT_MS);
    const unsubscribe = subscribeOnline(() => decide());
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      unsubscribe();
    };
  }, []);
  return can;
}

export const AppLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link>>(
  function AppLink(props, ref) {
    const can = useCanPrefetch();
    return <Link ref={ref} prefetch={can ? 'intent' : 'none'} {...props} />;
  },
);

export const AppNavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink>>(
  function AppNavLink(props, ref) {
    const can = useCanPrefetch();
    return <NavLink ref={ref} prefetch={can ? 'intent' : 'none'} {...props} />;
  },
);
