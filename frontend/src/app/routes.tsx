import { Navigate, type RouteObject } from 'react-router';
import { SectionInPreparation } from '@/components/section-in-preparation';
import { getSession, sessionKey } from '@/features/auth/api/get-session';
import { ErrorPage } from '@/features/auth/components/error-page';
import { FallbackPage } from '@/features/auth/components/fallback-page';
import { LandingPage } from '@/features/auth/components/landing-page';
import { SessionGuard, SessionLoading } from '@/features/auth/components/session-guard';
import { StartupGate } from '@/features/auth/components/startup-gate';
import { preloadHome } from '@/features/home/api/get-home';
import { type MessageKey, t } from '@/i18n/t';
import { preloadData } from '@/lib/preload-data';
import { lazyRoute } from './lazy-pages';
import { HomePage } from './pages/home-page';
import { paths } from './paths';
import { onArrival, preloadingLoader } from './route-data';
import { Shell } from './shell/shell';

/** A section whose pages come with a later change: a titled placeholder inside the shell. */
function inPreparation(path: string, title: MessageKey): RouteObject {
  return { path, element: <SectionInPreparation title={t(title)} /> };
}

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
        Component: SessionGuard,
        // The session check leaves with the page's code and first requests; once per page
        // load, the guard's own hook keeps it fresh afterwards.
        loader: preloadingLoader(() => preloadData(sessionKey, getSession)),
        shouldRevalidate: () => false,
        children: [
          {
            Component: Shell,
            children: [
              {
                path: paths.home,
                Component: HomePage,
                loader: preloadingLoader(preloadHome),
                shouldRevalidate: onArrival,
              },
              lazyRoute('article'),
              lazyRoute('mentionsLegales'),
              lazyRoute('cgu'),
              lazyRoute('nouveautes'),
              lazyRoute('compte'),
              lazyRoute('informationsPersonnelles'),
              inPreparation(paths.mutuelle, 'section.mutuelle'),
              lazyRoute('carteTp'),
              lazyRoute('garanties'),
              lazyRoute('resiliation'),
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
