import { useEffect, useRef } from 'react';

/**
 * Focuses the element of the returned ref each time `value` changes (not on the first
 * render): the title of a form's new step, so that keyboard and screen-reader users start
 * there rather than on the button they pressed, which is gone.
 */
export function useFocusOnChange<T extends HTMLElement>(value: unknown) {
  const element = useRef<T>(null);
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current !== value) element.current?.focus();
    shown.current = value;
  }, [value]);
  return element;
}
