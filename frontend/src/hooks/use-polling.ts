import { useEffect, useState } from 'react';

export interface Polling {
  /** How long after the last reading has settled the next one starts. */
  intervalMs: number;
  /** How many readings again at most. */
  max: number;
}

/**
 * While `waiting`, calls `read` again `intervalMs` after its last call has settled (answered or
 * failed: a slow answer is never overtaken by the next reading), at most `max` times; stops as
 * soon as `waiting` no longer holds. Returns whether it has made them all and `waiting` still
 * holds: the page then says that the answer will come later. `read` must keep its identity
 * across renders (an SWR response's `mutate`), or the wait starts over at every render.
 */
export function usePolling(waiting: boolean, read: () => Promise<unknown>, { intervalMs, max }: Polling): boolean {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!waiting || count >= max) return;
    let live = true;
    const settled = () => {
      // The page left meanwhile, or stopped waiting: nothing more to count.
      if (live) setCount((made) => made + 1);
    };
    const timer = setTimeout(() => {
      // A reading that failed counts too; what to show of its failure is the caller's.
      read().then(settled, settled);
    }, intervalMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting, count, read, intervalMs, max]);
  return waiting && count >= max;
}
