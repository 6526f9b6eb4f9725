import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '@shop/domain';

/**
 * A thin bar at the top while a navigation is pending: shown only after 200 ms (fast pages never
 * flash it), creeping towards the end over 5000 ms (spec section 9).
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDelayPassed(true), PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);
  const shown = busy && delayPassed;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1">
      <div
        className="h-full bg-primary"
        style={{
          width: shown ? '90%' : '0%',
          opacity: shown ? 1 : 0,
          transition: shown
            ? `width ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`
            : 'none',
        }}
      />
    </div>
  );
}
