import { beneficiairesKey } from '@/api/get-beneficiaires';
import { contratsKey } from '@/api/get-contrats';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { droitsAdherentKey } from './api/get-droits-adherent';
import { droitsCompletAdherentKey } from './api/get-droits-complet-adherent';
import { echeanceProchaineKey } from './api/get-echeance-prochaine';
import { plafondsKey } from './api/get-plafonds';

/**
 * « Mes garanties et mes services »: the contracts, their guarantees and ceilings, today's
 * rights, the booklet, the certificates, and the contributions (`#cotisations`).
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
} satisfies Record<string, LazyPageRoute>;
