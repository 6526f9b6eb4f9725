import { useEffect, type RefObject } from 'react';

/**
 * The shop header sticks with its top bar (languages, login) scrolled away, so the main bar with
 * the cart count stays in sight (issue 23). What that needs in CSS is published on the root:
 * `--top-bar-height` (how far the header may scroll up), `--stuck-header-height` (what stays:
 * the page's scroll padding, app.css) and `--header-height` (toasts start below it). They follow
 * the header's size: a wrapped top bar, the offline note, another language.
 */
export function useStickyHeader(
  header: RefObject<HTMLElement | null>,
  topBar: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const root = document.documentElement.style;
    const measure = () => {
      const whole = header.current?.offsetHeight ?? 0;
      const top = topBar.current?.offsetHeight ?? 0;
      root.setProperty('--top-bar-height', `${top}px`);
      root.setProperty('--header-height', `${whole}px`);
      root.setProperty('--stuck-header-height', `${whole - top}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [header.current, topBar.current]) if (element) observer.observe(element);
    return () => {
      observer.disconnect();
      for (const name of ['--top-bar-height', '--header-height', '--stuck-header-height'])
        root.removeProperty(name);
    };
  }, [header, topBar]);
}
