import type { Params } from 'react-router';
import type { LazyPageRoute } from '@/lib/page-route';
import { paths, routePatterns } from '@/lib/paths';
import { preloadData } from '@/lib/preload-data';
import { positiveInteger } from '@/lib/search-params';
import { demandeKey, getDemande } from './api/get-demande';
import { demandesKey, getDemandes } from './api/get-demandes';

/** The member's requests: the list, one request, and the creation of a new one. */
export const demandesPages = {
  demandes: {
    pattern: paths.demandesMutuelle,
    lazy: () => import('./components/demandes-page').then((m) => ({ Component: m.DemandesPage })),
    data: () => preloadData(demandesKey, getDemandes),
  },
  creationDemande: {
    pattern: paths.creationDemande,
    lazy: () =>
      import('./components/creation-demande-page').then((m) => ({
        Component: m.CreationDemandePage,
      })),
  },
  demande: {
    pattern: routePatterns.demande,
    lazy: () => import('./components/demande-page').then((m) => ({ Component: m.DemandePage })),
    data: ({ id }: Params) => {
      const demande = positiveInteger(id ?? null);
      return demande === undefined
        ? Promise.resolve()
        : preloadData(demandeKey(demande), getDemande);
    },
  },
} satisfies Record<string, LazyPageRoute>;
