import { Navigate, type RouteObject } from 'react-router';
import { getSession, sessionKey } from '@/api/get-session';
import { ErrorPage } from '@/features/auth/components/error-page';
import { FallbackPage } from '@/features/auth/components/fallback-page';
import { LandingPage } from '@/features/auth/components/landing-page';
import { SessionLoading } from '@/features/auth/components/session-guard';
import { StartupGate } from '@/features/auth/components/startup-gate';
import { homeRoute } from '@/features/home/routes';
import { paths } from '@/lib/paths';
import { preloadData } from '@/lib/preload-data';
import { lazyRoute } from './lazy-pages';
import { MemberSpace } from './member-space';
import { HomePage } from './pages/home-page';
import { MutuellePage } from './pages/mutuelle-page';
import { onArrival, preloadingLoader } from './route-data';
import { Shell } from './shell/shell';

/** SPEC.md §2. */
export const routes: RouteObject[] = [
  // Reachable without cookies and without a session: they explain why nothing else works.
  { path: paths.fallback, Component: FallbackPage },
  { path: paths.error, Component: ErrorPage },
  // Public: the statement must be readable without signing in, even without cookies.
  lazyRoute('accessibilite'),
  {
    Component: StartupGate,
    HydrateFallback: SessionLoading,
    children: [
      { path: paths.root, Component: LandingPage },
      {
        // The session guard, and the card kept for offline use when the server is unreachable.
        Component: MemberSpace,
        // The session check leaves with the page's code and first requests; once per page
        // load, the guard's own hook keeps it fresh afterwards.
        loader: preloadingLoader(() => preloadData(sessionKey, getSession)),
        shouldRevalidate: () => false,
        children: [
          {
            Component: Shell,
            children: [
              {
                path: homeRoute.pattern,
                Component: HomePage,
                loader: preloadingLoader(homeRoute.data),
                shouldRevalidate: onArrival,
              },
              lazyRoute('article'),
              lazyRoute('mentionsLegales'),
              lazyRoute('cgu'),
              lazyRoute('nouveautes'),
              lazyRoute('compte'),
              lazyRoute('informationsPersonnelles'),
              { path: paths.mutuelle, Component: MutuellePage },
              lazyRoute('carteTp'),
              lazyRoute('garanties'),
              lazyRoute('resiliation'),
              lazyRoute('estimation'),
              lazyRoute('anneeSante'),
              lazyRoute('remboursements'),
              lazyRoute('remboursementsDuJour'),
              lazyRoute('demandes'),
              lazyRoute('creationDemande'),
              lazyRoute('demande'),
              // SPEC.md §2's "demandes" section is the same list as "Mes demandes".
              { path: paths.demandes, element: <Navigate to={paths.demandesMutuelle} replace /> },
            ],
          },
        ],
      },
      // Any other path: the home page (which sends a member without a session to the root).
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
