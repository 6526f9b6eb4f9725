import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const subscribe = () => () => {};

/** False while server-rendered and hydrating, true once the page runs JavaScript. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/** Whether a form, or one of its controls, no longer shows what the server rendered into it. */
function changedControl(element: Element): boolean {
  if (element instanceof HTMLFormElement) return [...element.elements].some(changedControl);
  if (element instanceof HTMLSelectElement) {
    const options = [...element.options];
    if (element.multiple)
      return options.some((option) => option.selected !== option.defaultSelected);
    // One choice: the last option rendered `selected`, or the first when none was.
    let rendered = 0;
    options.forEach((option, index) => {
      if (option.defaultSelected) rendered = index;
    });
    return options.length > 0 && element.selectedIndex !== rendered;
  }
  if (!(element instanceof HTMLInputElement)) return false;
  if (element.type === 'checkbox') return element.checked !== element.defaultChecked;
  if (element.type === 'range') {
    // A range input clamps its value to min..max; its rendered value is clamped the same way.
    const rendered = Math.min(
      Math.max(Number(element.defaultValue), Number(element.min)),
      Number(element.max),
    );
    return Number(element.value) !== rendered;
  }
  return false;
}

/**
 * A form or control that acts when changed (a select that submits its form, the filters) but was
 * changed before the scripts ran — they start after the page's largest paint (decision 37), and a
 * shopper may choose first: `onChanged` runs once on hydration, as the change handler would have,
 * before any render sets controlled inputs back to their state. It is the first render's
 * `onChanged`: it sees that render's props.
 */
export function useChangedBeforeHydration<
  T extends HTMLFormElement | HTMLSelectElement | HTMLInputElement,
>(ref: RefObject<T | null>, onChanged: (element: T) => void) {
  const handler = useRef(onChanged);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && changedControl(element)) handler.current(element);
  }, [ref]);
}
