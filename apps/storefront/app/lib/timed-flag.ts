import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that `raise()` turns on for `ms` milliseconds (raising it again restarts the time): the
 * header's cart and wishlist animations (500 ms, spec sections 4 and 9).
 */
export function useTimedFlag(ms: number): [on: boolean, raise: () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [on, raise];
}
