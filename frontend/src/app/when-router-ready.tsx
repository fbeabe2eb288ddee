import { type ReactNode, startTransition, useEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
import { SessionLoading } from '@/features/auth/components/session-loading';

/**
 * `children` (the router's pages) once the router has the first page ready: its code, its
 * routes when it is in the member space, its first answers. Until then, the loading screen.
 * Shown here rather than as a route's `HydrateFallback`: while the member space's routes are
 * still unknown, no route matches the address to show one.
 *
 * The switch is a transition: the first page is the largest render of a visit (the shell, the
 * page, its answers already there), and a transition lets React yield to the browser every few
 * milliseconds instead of holding the main thread for all of it, which a phone's member would
 * feel as a page that does not answer taps.
 */
export function WhenRouterReady({ router, children }: { router: DataRouter; children: ReactNode }) {
  const [initialized, setInitialized] = useState(router.state.initialized);
  useEffect(() => {
    if (initialized) return undefined;
    const showWhenReady = () => {
      if (router.state.initialized) {
        startTransition(() => {
          setInitialized(true);
        });
      }
    };
    const unsubscribe = router.subscribe(showWhenReady);
    // It may have become ready between the render and this effect.
    showWhenReady();
    return unsubscribe;
  }, [router, initialized]);
  return initialized ? children : <SessionLoading />;
}
