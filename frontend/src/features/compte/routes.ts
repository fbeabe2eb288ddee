import { banquesKey } from '@/api/get-banques';
import { beneficiairesKey } from '@/api/get-beneficiaires';
import { infosKey } from '@/api/get-infos';
import { procurationsKey } from '@/api/get-procurations';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/config/paths';
import { beneficiairesInfosBancairesKey } from './api/get-beneficiaires-infos-bancaires';
import { connexionsKey } from './api/get-connexions';
import { delegationsKey } from './api/get-delegations';
import { documentsKey } from './api/get-documents';
import { identiteKey } from './api/get-identite';
import { preferencesKey } from './api/get-preferences';

const informationsPersonnelles = {
  ...lazyPage(
    import.meta.glob('./components/informations-personnelles-page.tsx'),
    'InformationsPersonnellesPage',
  ),
  preload: [
    identiteKey,
    infosKey,
    banquesKey,
    beneficiairesInfosBancairesKey,
    beneficiairesKey,
    // « Mes préférences », « Mes documents » and « Mes connexions », lower on the page, from
    // the first frame too.
    preferencesKey,
    documentsKey,
    connexionsKey,
  ],
};

/**
 * The account section: `/compte` opens on the personal information; a beneficiary is added from
 * there, and « Agir pour un proche » opened.
 */
export const comptePages = {
  informationsPersonnelles: { pattern: paths.informationsPersonnelles, ...informationsPersonnelles },
  compte: { pattern: paths.compte, ...informationsPersonnelles },
  ajoutBeneficiaire: {
    pattern: paths.ajoutBeneficiaire,
    ...lazyPage(import.meta.glob('./components/ajout-beneficiaire-page.tsx'), 'AjoutBeneficiairePage'),
  },
  proches: {
    pattern: paths.proches,
    ...lazyPage(import.meta.glob('./components/proches-page.tsx'), 'ProchesPage'),
    preload: [delegationsKey, procurationsKey],
  },
} satisfies Record<string, LazyPageRoute>;
