import { Navigate, type RouteObject } from 'react-router';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { getSession, type Session } from '@/api/get-session';
import { getDemandesNonLus } from '@/api/get-demandes-non-lus';
import { droitAccorde } from '@/entities/delegation/droits';
import { blocGaucheUrl, getBlocGauche } from '@/features/content/api/get-bloc-gauche';
import { getMenus } from '@/features/content/api/get-menus';
import { homeData } from '@/features/home/home-data';
import homeTexts from '@/i18n/fr/home.json';
import shellTexts from '@/i18n/fr/shell.json';
import { addMessages } from '@/i18n/t';
import type { PageData } from '@/lib/page-route';
import { paths } from '@/config/paths';
import { preloadData } from '@/lib/preload-data';
import { MemberSpace } from './member-space';
import { HomePage } from './pages/home-page';
import { onArrival, preloadingLoader } from './route-data';
import { routeIds } from './route-ids';
import { serverRoutes } from './server-routes';
import { delegationBanner, Shell } from './shell/shell';

addMessages(homeTexts);
addMessages(shellTexts);

const swrConfig: SWRConfiguration = {
  // Every fetch goes through the server to the member API. Member data only changes when the
  // member acts in this portal (and those actions revalidate what they touch), so refetching
  // everything whenever the tab regains focus would only add upstream load.
  revalidateOnFocus: false,
};

/**
 * The sidebar's answers for the first page: the articles' menus, the left block of its address
 * and the count of unread messages on « Mes demandes », awaited with the page's own, so that
 * the first page renders whole in one pass instead of rendering the sidebar again as each
 * arrives. Route changes reload them from the sidebar itself (docs/product/shell.md#sidebar).
 * The count waits for the session (the same request as the guard's): someone acting for the
 * member without the right to their requests is not to be refused it on every page load. So
 * does the banner of someone acting for a member, whose code only they load.
 */
const { session, sidebar, home } = serverRoutes;
const sidebarData: PageData = (_params, _query, pathname) =>
  Promise.all([
    preloadData(sidebar.menus, getMenus),
    preloadData(blocGaucheUrl(pathname), () => getBlocGauche(pathname)),
    preloadData(session, getSession).then((answer) => {
      const current = answer as Session | undefined;
      return Promise.all([
        current && droitAccorde(current, 'DEMANDES') ? preloadData(sidebar.nonLus, getDemandesNonLus) : undefined,
        current?.delegation ? delegationBanner.load() : undefined,
      ]);
    }),
  ]);

/** The member space with the data layer's settings: the public pages fetch nothing. */
function MemberSpaceWithData() {
  return (
    <SWRConfig value={swrConfig}>
      <MemberSpace />
    </SWRConfig>
  );
}

/**
 * The signed-in member's space (docs/product/routes.md#member-routes): added to the router's routes
 * (`routes.tsx`) when the first address behind it is visited, with the code and texts of the shell
 * and the home page (the page most visits start on). The sections' pages are added under the shell
 * from `section-routes.tsx`.
 */
export const memberRoutes: RouteObject[] = [
  {
    // The session guard, and the card kept for offline use when the server is unreachable.
    Component: MemberSpaceWithData,
    // The session check leaves with the page's code and first requests; once per page
    // load, the guard's own hook keeps it fresh afterwards.
    loader: preloadingLoader(() => preloadData(session, getSession)),
    shouldRevalidate: () => false,
    children: [
      {
        id: routeIds.shell,
        Component: Shell,
        loader: preloadingLoader(sidebarData),
        shouldRevalidate: () => false,
        children: [
          {
            path: home.pattern,
            Component: HomePage,
            loader: preloadingLoader(homeData),
            shouldRevalidate: onArrival,
          },
        ],
      },
    ],
  },
  // Any other path: the home page (which sends a member without a session to the root).
  { path: '*', element: <Navigate to={paths.home} replace /> },
];
