import type { ComponentType } from 'react';
import { matchPath, type Params, type RouteObject } from 'react-router';
import { banquesKey, getBanques } from '@/api/get-banques';
import { beneficiairesKey, getBeneficiaires } from '@/api/get-beneficiaires';
import {
  beneficiairesInfosBancairesKey,
  getBeneficiairesInfosBancaires,
} from '@/features/compte/api/get-beneficiaires-infos-bancaires';
import { getIdentite, identiteKey } from '@/features/compte/api/get-identite';
import { getInfos, infosKey } from '@/features/compte/api/get-infos';
import { getMentionLegale, mentionLegaleKey } from '@/features/content/api/get-mention-legale';
import { getMenu, menuKey } from '@/features/content/api/get-menu';
import {
  getPageNouveautes,
  pageNouveautesKey,
} from '@/features/content/api/get-page-nouveautes';
import { demandeKey, getDemande } from '@/features/demandes/api/get-demande';
import { demandesKey, getDemandes } from '@/features/demandes/api/get-demandes';
import { carteTpKey, getCarteTp } from '@/features/mutuelle/api/get-carte-tp';
import { contratsKey, getContrats } from '@/features/mutuelle/api/get-contrats';
import {
  droitsAdherentKey,
  getDroitsAdherent,
} from '@/features/mutuelle/api/get-droits-adherent';
import {
  droitsCompletAdherentKey,
  getDroitsCompletAdherent,
} from '@/features/mutuelle/api/get-droits-complet-adherent';
import {
  echeanceProchaineKey,
  getEcheanceProchaine,
} from '@/features/mutuelle/api/get-echeance-prochaine';
import { getPrestations, jourQuery, prestationsKey } from '@/features/mutuelle/api/get-prestations';
import { paiementsKey, readFilters } from '@/features/mutuelle/remboursements-filters';
import { preloadData } from '@/lib/preload-data';
import { positiveInteger } from '@/lib/search-params';
import { paths, routePatterns } from './paths';
import { onArrival, type PageData, preloadingLoader } from './route-data';

interface LazyPageEntry {
  pattern: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  data?: PageData;
}

function preloadInformationsPersonnelles() {
  return Promise.all([
    preloadData(identiteKey, getIdentite),
    preloadData(infosKey, getInfos),
    preloadData(banquesKey, getBanques),
    preloadData(beneficiairesInfosBancairesKey, getBeneficiairesInfosBancaires),
    preloadData(beneficiairesKey, getBeneficiaires),
  ]);
}

function preloadMentionLegale() {
  return preloadData(mentionLegaleKey, getMentionLegale);
}

function loadInformationsPersonnelles() {
  return import('@/features/compte/components/informations-personnelles-page').then((m) => ({
    Component: m.InformationsPersonnellesPage,
  }));
}

/**
 * Pages loaded on navigation rather than with the first script: the first load of `/` and
 * `/home` downloads only the shell and what those two pages need. Each entry is the route's
 * pattern and its `lazy` loader; `prefetchPage` starts a loader early (a link hovered or
 * focused), so that the navigation that follows finds the module already there.
 *
 * `data` starts the requests the page makes as soon as it mounts (the same keys), from the
 * route's loader (see `preloadingLoader`). Only on arriving at the page, never on a mere
 * hover: no member API call for a page the member does not open.
 */
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
    data: ({ id = '' }: Params) => preloadData(menuKey(id), () => getMenu(id)),
  },
  nouveautes: {
    pattern: routePatterns.nouveautes,
    lazy: () =>
      import('@/features/content/components/news-page').then((m) => ({ Component: m.NewsPage })),
    data: ({ id = '' }: Params) =>
      preloadData(pageNouveautesKey(id), () => getPageNouveautes(id)),
  },
  mentionsLegales: {
    pattern: paths.mentionsLegales,
    lazy: () =>
      import('@/features/content/components/legal-page').then((m) => ({
        Component: m.MentionsLegalesPage,
      })),
    data: preloadMentionLegale,
  },
  cgu: {
    pattern: paths.cgu,
    lazy: () =>
      import('@/features/content/components/legal-page').then((m) => ({
        Component: m.CguPage,
      })),
    data: preloadMentionLegale,
  },
  remboursements: {
    pattern: paths.remboursements,
    lazy: () =>
      import('@/features/mutuelle/components/remboursements-page').then((m) => ({
        Component: m.RemboursementsPage,
      })),
    data: (_params: Params, query: URLSearchParams) =>
      Promise.all([
        preloadData(paiementsKey(readFilters(query), new Date()), getPrestations),
        preloadData(beneficiairesKey, getBeneficiaires),
      ]),
  },
  remboursementsDuJour: {
    pattern: routePatterns.remboursementsDuJour,
    lazy: () =>
      import('@/features/mutuelle/components/remboursements-du-jour-page').then((m) => ({
        Component: m.RemboursementsDuJourPage,
      })),
    data: ({ date = '' }: Params) => {
      const query = jourQuery(date);
      return Promise.all([
        query && preloadData(prestationsKey(query), getPrestations),
        preloadData(banquesKey, getBanques),
      ]);
    },
  },
  carteTp: {
    pattern: paths.smartCarte,
    lazy: () =>
      import('@/features/mutuelle/components/carte-tp-page').then((m) => ({
        Component: m.CarteTpPage,
      })),
    data: () => preloadData(carteTpKey, getCarteTp),
  },
  garanties: {
    pattern: paths.contratsGaranties,
    lazy: () =>
      import('@/features/mutuelle/components/garanties-page').then((m) => ({
        Component: m.GarantiesPage,
      })),
    data: () =>
      Promise.all([
        preloadData(contratsKey, getContrats),
        preloadData(droitsAdherentKey, getDroitsAdherent),
        preloadData(droitsCompletAdherentKey, getDroitsCompletAdherent),
        preloadData(echeanceProchaineKey, getEcheanceProchaine),
      ]),
  },
  resiliation: {
    pattern: paths.resiliation,
    lazy: () =>
      import('@/features/mutuelle/components/resiliation-page').then((m) => ({
        Component: m.ResiliationPage,
      })),
    data: () => preloadData(contratsKey, getContrats),
  },
  informationsPersonnelles: {
    pattern: paths.informationsPersonnelles,
    lazy: loadInformationsPersonnelles,
    data: preloadInformationsPersonnelles,
  },
  compte: {
    pattern: paths.compte,
    lazy: loadInformationsPersonnelles,
    data: preloadInformationsPersonnelles,
  },
  demandes: {
    pattern: paths.demandesMutuelle,
    lazy: () =>
      import('@/features/demandes/components/demandes-page').then((m) => ({
        Component: m.DemandesPage,
      })),
    data: () => preloadData(demandesKey, getDemandes),
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
    data: ({ id }: Params) => {
      const demande = positiveInteger(id ?? null);
      return demande === undefined
        ? Promise.resolve()
        : preloadData(demandeKey(demande), getDemande);
    },
  },
} satisfies Record<string, LazyPageEntry>;

export type LazyPage = keyof typeof pages;

/** The route object of a lazily loaded page. */
export function lazyRoute(page: LazyPage): RouteObject {
  const { pattern, lazy, data } = pages[page] as LazyPageEntry;
  return {
    path: pattern,
    lazy,
    ...(data && { loader: preloadingLoader(data), shouldRevalidate: onArrival }),
  };
}

/** Starts loading the code of the page at `path`, if it is loaded lazily. */
export function prefetchPage(path: string): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  for (const page of Object.values(pages)) {
    if (matchPath(page.pattern, pathname)) void page.lazy();
  }
}
