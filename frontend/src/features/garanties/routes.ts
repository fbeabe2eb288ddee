import { beneficiairesKey } from '@/api/get-beneficiaires';
import { contratsKey } from '@/api/get-contrats';
import { paths, routePatterns } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { droitsAdherentKey } from './api/get-droits-adherent';
import { droitsCompletAdherentKey } from './api/get-droits-complet-adherent';
import { echeanceProchaineKey } from './api/get-echeance-prochaine';
import { commandeDe, paiementKey } from './api/get-paiement';
import { plafondsKey } from './api/get-plafonds';

/**
 * « Mes garanties et mes services »: the contracts, their guarantees and ceilings, today's
 * rights, the booklet, the certificates, and the contributions (`#cotisations`); and « Paiement
 * de vos cotisations », where the payment service provider's page sends the member back to.
 */
export const garantiesPages = {
  garanties: {
    pattern: paths.contratsGaranties,
    ...lazyPage(import.meta.glob('./components/garanties-page.tsx'), 'GarantiesPage'),
    preload: [
      contratsKey,
      droitsAdherentKey,
      droitsCompletAdherentKey,
      echeanceProchaineKey,
      plafondsKey,
      // « Mes attestations » chooses among them.
      beneficiairesKey,
    ],
  },
  paiement: {
    pattern: routePatterns.paiement,
    ...lazyPage(import.meta.glob('./components/paiement-page.tsx'), 'PaiementPage'),
    // The order the address names.
    preloadFromAddress: ({ commande }) => {
      const reference = commandeDe(commande);
      return reference === null ? [] : [paiementKey(reference)];
    },
  },
} satisfies Record<string, LazyPageRoute>;
