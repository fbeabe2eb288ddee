import type { Params } from 'react-router';
import { banquesKey, getBanques } from '@/api/get-banques';
import { beneficiairesKey, getBeneficiaires } from '@/api/get-beneficiaires';
import type { LazyPageRoute } from '@/lib/page-route';
import { paths, routePatterns } from '@/lib/paths';
import { preloadData } from '@/lib/preload-data';
import { carteTpKey, getCarteTp } from './api/get-carte-tp';
import { contratsKey, getContrats } from './api/get-contrats';
import { droitsAdherentKey, getDroitsAdherent } from './api/get-droits-adherent';
import {
  droitsCompletAdherentKey,
  getDroitsCompletAdherent,
} from './api/get-droits-complet-adherent';
import { echeanceProchaineKey, getEcheanceProchaine } from './api/get-echeance-prochaine';
import { getPrestations, jourQuery, prestationsKey } from './api/get-prestations';
import { getPrestationsPro, prestationsProKey } from './api/get-prestations-pro';
import { anneeSanteQuery, readAnneeSanteFilters } from './annee-sante-filters';
import { paiementsList, readFilters } from './remboursements-filters';

/** The insurance-cover section's pages: card, reimbursements, guarantees, termination. */
export const mutuellePages = {
  remboursements: {
    pattern: paths.remboursements,
    lazy: () =>
      import('./components/remboursements-page').then((m) => ({
        Component: m.RemboursementsPage,
      })),
    data: (_params: Params, search: URLSearchParams) => {
      const { list, query } = paiementsList(readFilters(search), new Date());
      return Promise.all([
        list === 'prestations'
          ? preloadData(prestationsKey(query), getPrestations)
          : preloadData(prestationsProKey(query), getPrestationsPro),
        preloadData(beneficiairesKey, getBeneficiaires),
      ]);
    },
  },
  remboursementsDuJour: {
    pattern: routePatterns.remboursementsDuJour,
    lazy: () =>
      import('./components/remboursements-du-jour-page').then((m) => ({
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
  anneeSante: {
    pattern: paths.anneeSante,
    lazy: () =>
      import('./components/annee-sante-page').then((m) => ({ Component: m.AnneeSantePage })),
    data: (_params: Params, search: URLSearchParams) =>
      Promise.all([
        preloadData(
          prestationsKey(anneeSanteQuery(readAnneeSanteFilters(search, new Date()))),
          getPrestations,
        ),
        preloadData(beneficiairesKey, getBeneficiaires),
      ]),
  },
  carteTp: {
    pattern: paths.smartCarte,
    lazy: () => import('./components/carte-tp-page').then((m) => ({ Component: m.CarteTpPage })),
    data: () => preloadData(carteTpKey, getCarteTp),
  },
  garanties: {
    pattern: paths.contratsGaranties,
    lazy: () =>
      import('./components/garanties-page').then((m) => ({ Component: m.GarantiesPage })),
    data: () =>
      Promise.all([
        preloadData(contratsKey, getContrats),
        preloadData(droitsAdherentKey, getDroitsAdherent),
        preloadData(droitsCompletAdherentKey, getDroitsCompletAdherent),
        preloadData(echeanceProchaineKey, getEcheanceProchaine),
        // « Mes attestations » chooses among them.
        preloadData(beneficiairesKey, getBeneficiaires),
      ]),
  },
  estimation: {
    pattern: paths.estimation,
    lazy: () =>
      import('./components/estimation-page').then((m) => ({ Component: m.EstimationPage })),
    data: () => preloadData(beneficiairesKey, getBeneficiaires),
  },
  resiliation: {
    pattern: paths.resiliation,
    lazy: () =>
      import('./components/resiliation-page').then((m) => ({ Component: m.ResiliationPage })),
    data: () => preloadData(contratsKey, getContrats),
  },
} satisfies Record<string, LazyPageRoute>;
