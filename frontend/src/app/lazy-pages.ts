import { matchPath, type RouteObject } from 'react-router';
import { anneeSantePages } from '@/features/annee-sante/routes';
import { carteTpPages } from '@/features/carte-tp/routes';
import { accessibilitePage } from '@/features/content/accessibilite-route';
import { comptePages } from '@/features/compte/routes';
import { delegationPages } from '@/features/delegation/routes';
import { contentPages } from '@/features/content/routes';
import { demandesPages } from '@/features/demandes/routes';
import { estimationPages } from '@/features/estimation/routes';
import { garantiesPages } from '@/features/garanties/routes';
import { remboursementsPages } from '@/features/remboursements/routes';
import { resiliationPages } from '@/features/resiliation/routes';
import { reseauSoinsPages } from '@/features/reseau-soins/routes';
import { signalementPages } from '@/features/signalement/routes';
import type { LazyPageRoute } from '@/lib/page-route';
import { onArrival, pageLoader } from './route-data';

/**
 * Pages loaded on navigation rather than with the first script: the first load of `/` and
 * `/home` downloads only the shell and what those two pages need. Each feature declares its
 * pages (pattern, module, the answers they ask for first) in its `routes.ts`, next to the
 * hooks whose keys `preload` names; they are gathered here. `prefetchPage` starts a page's
 * `lazy` early (a link hovered or focused), so that the navigation that follows finds the
 * module already there.
 *
 * A page's `preload` is asked for from the route's loader (see `pageLoader`), only on
 * arriving at the page, never on a mere hover: no member API call for a page the member does
 * not open.
 */
const pages = {
  accessibilite: accessibilitePage,
  ...contentPages,
  ...comptePages,
  ...delegationPages,
  ...remboursementsPages,
  ...signalementPages,
  ...anneeSantePages,
  ...carteTpPages,
  ...garantiesPages,
  ...estimationPages,
  ...reseauSoinsPages,
  ...resiliationPages,
  ...demandesPages,
} satisfies Record<string, LazyPageRoute>;

export type LazyPage = keyof typeof pages;

/** The route object of a lazily loaded page. */
export function lazyRoute(page: LazyPage): RouteObject {
  const route: LazyPageRoute = pages[page];
  const preloads = route.preload !== undefined || route.preloadFromAddress !== undefined;
  return {
    path: route.pattern,
    lazy: route.lazy,
    ...(preloads && { loader: pageLoader(route), shouldRevalidate: onArrival }),
  };
}

/** Starts loading the code of the page at `path`, if it is loaded lazily. */
export function prefetchPage(path: string): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  for (const page of Object.values(pages)) {
    if (matchPath(page.pattern, pathname)) void page.lazy();
  }
}
