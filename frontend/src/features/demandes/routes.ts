import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { paths, routePatterns } from '@/config/paths';
import { demandeKey } from './api/get-demande';
import { demandesKey } from './api/get-demandes';

/** The member's requests: the list, one request, and the creation of a new one. */
export const demandesPages = {
  demandes: {
    pattern: paths.demandesMutuelle,
    ...lazyPage(import.meta.glob('./components/demandes-page.tsx'), 'DemandesPage'),
    preload: [demandesKey],
  },
  creationDemande: {
    pattern: paths.creationDemande,
    ...lazyPage(import.meta.glob('./components/creation-demande-page.tsx'), 'CreationDemandePage'),
  },
  demande: {
    pattern: routePatterns.demande,
    ...lazyPage(import.meta.glob('./components/demande-page.tsx'), 'DemandePage'),
    preload: [demandeKey.pattern],
  },
} satisfies Record<string, LazyPageRoute>;
