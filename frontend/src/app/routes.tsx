import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { LandingPage } from '@/features/auth/components/landing-page';
import { StartupGate } from '@/features/auth/components/startup-gate';
import { authPages } from '@/features/auth/routes';
import { accessibilitePage } from '@/features/content/accessibilite-route';
import { paths } from '@/config/paths';
import { routeIds } from './route-ids';

/**
 * The routes as the first script knows them: the pages seen without a session
 * (docs/product/routes.md#public-pages). The member space (the session guard, the shell and the
 * home page, with SWR) and the sections' routes are two more scripts, loaded on the first visit of
 * any other address (see `patchRoutesOnNavigation`): the public root, which most visitors leave at
 * once for the identity provider, downloads neither.
 */
export const routes: RouteObject[] = [
  // Reachable without cookies and without a session: they explain why nothing else works.
  { path: authPages.fallback.pattern, lazy: authPages.fallback.lazy },
  { path: authPages.error.pattern, lazy: authPages.error.lazy },
  // Public: the statement must be readable without signing in, even without cookies.
  { path: accessibilitePage.pattern, lazy: accessibilitePage.lazy },
  {
    id: routeIds.startup,
    Component: StartupGate,
    // An index route rather than `path: '/'`: while the member space is discovered, the
    // router would take `/` for a partial match of any address and show the landing.
    children: [{ index: true, Component: LandingPage }],
  },
];

/**
 * Adds the routes the router does not know yet, the first time it meets an address the routes
 * above do not name: the member space's (`member-routes.tsx`), and, unless the address is the
 * home page, the sections' (`section-routes.tsx`), both asked for at once so that a section's
 * address waits for no chain of scripts. The home page's visitors get the sections' routes
 * once it is on screen. Routes added once are kept: later calls change nothing.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const memberSpace = import('./member-routes');
  const sections = path === paths.home ? undefined : import('./section-routes');
  patch(routeIds.startup, (await memberSpace).memberRoutes);
  if (sections) patch(routeIds.shell, (await sections).sectionRoutes);
};
