import { type ReactNode, useCallback, useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';
import { SessionLoading } from '@/features/auth/components/session-loading';

/**
 * `children` (the router's pages) once the router has the first page ready: its code, its
 * routes when it is in the member space, its first answers. Until then, the loading screen.
 * Shown here rather than as a route's `HydrateFallback`: while the member space's routes are
 * still unknown, no route matches the address to show one.
 */
export function WhenRouterReady({ router, children }: { router: DataRouter; children: ReactNode }) {
  const subscribe = useCallback((onChange: () => void) => router.subscribe(onChange), [router]);
  const initialized = useSyncExternalStore(subscribe, () => router.state.initialized);
  return initialized ? children : <SessionLoading />;
}
