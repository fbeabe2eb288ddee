import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`: what a field's look-up asks for, so that
 * the member's typing is not one call per key.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return debounced;
}
