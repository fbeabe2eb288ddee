import { matchPath } from 'react-router';
import { paths, routePatterns } from './paths';

/**
 * Pages loaded on navigation rather than with the first script: the first load of `/` and
 * `/home` downloads only the shell and what those two pages need. Each entry is the route's
 * pattern and its `lazy` loader; `prefetchPage` starts a loader early (a link hovered or
 * focused), so that the navigation that follows finds the module already there.
 */
function loadInformationsPersonnelles() {
  return import('@/features/compte/components/informations-personnelles-page').then((m) => ({
    Component: m.InformationsPersonnellesPage,
  }));
}

const pages = {
  accessibilite: {
    pattern: paths.accessibilite,
    lazy: () =>
      import('@/features/content/components/accessibilite-page').then((m) => ({
        Component: m.AccessibilitePage,
      })),
  },
  article: {
    pattern: routePatterns.article,
    lazy: () =>
      import('@/features/content/components/article-page').then((m) => ({
        Component: m.ArticlePage,
      })),
  },
  nouveautes: {
    pattern: routePatterns.nouveautes,
    lazy: () =>
      import('@/features/content/components/news-page').then((m) => ({ Component: m.NewsPage })),
  },
  mentionsLegales: {
    pattern: paths.mentionsLegales,
    lazy: () =>
      import('@/features/content/components/legal-page').then((m) => ({
        Component: m.MentionsLegalesPage,
      })),
  },
  cgu: {
    pattern: paths.cgu,
    lazy: () =>
      import('@/features/content/components/legal-page').then((m) => ({
        Component: m.CguPage,
      })),
  },
  remboursements: {
    pattern: paths.remboursements,
    lazy: () =>
      import('@/features/mutuelle/components/remboursements-page').then((m) => ({
        Component: m.RemboursementsPage,
      })),
  },
  remboursementsDuJour: {
    pattern: routePatterns.remboursementsDuJour,
    lazy: () =>
      import('@/features/mutuelle/components/remboursements-du-jour-page').then((m) => ({
        Component: m.RemboursementsDuJourPage,
      })),
  },
  carteTp: {
    pattern: paths.smartCarte,
    lazy: () =>
      import('@/features/mutuelle/components/carte-tp-page').then((m) => ({
        Component: m.CarteTpPage,
      })),
  },
  garanties: {
    pattern: paths.contratsGaranties,
    lazy: () =>
      import('@/features/mutuelle/components/garanties-page').then((m) => ({
        Component: m.GarantiesPage,
      })),
  },
  resiliation: {
    pattern: paths.resiliation,
    lazy: () =>
      import('@/features/mutuelle/components/resiliation-page').then((m) => ({
        Component: m.ResiliationPage,
      })),
  },
  informationsPersonnelles: {
    pattern: paths.informationsPersonnelles,
    lazy: loadInformationsPersonnelles,
  },
  compte: { pattern: paths.compte, lazy: loadInformationsPersonnelles },
  demandes: {
    pattern: paths.demandesMutuelle,
    lazy: () =>
      import('@/features/demandes/components/demandes-page').then((m) => ({
        Component: m.DemandesPage,
      })),
  },
  creationDemande: {
    pattern: paths.creationDemande,
    lazy: () =>
      import('@/features/demandes/components/creation-demande-page').then((m) => ({
        Component: m.CreationDemandePage,
      })),
  },
  demande: {
    pattern: routePatterns.demande,
    lazy: () =>
      import('@/features/demandes/components/demande-page').then((m) => ({
        Component: m.DemandePage,
      })),
  },
} as const;

export type LazyPage = keyof typeof pages;

/** The route object of a lazily loaded page. */
export function lazyRoute(page: LazyPage) {
  return { path: pages[page].pattern, lazy: pages[page].lazy };
}

/** Starts loading the code of the page at `path`, if it is loaded lazily. */
export function prefetchPage(path: string): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  for (const page of Object.values(pages)) {
    if (matchPath(page.pattern, pathname)) void page.lazy();
  }
}
