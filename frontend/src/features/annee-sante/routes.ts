import { beneficiairesKey } from '@/api/get-beneficiaires';
import { prestationsKey } from '@/api/get-prestations';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { anneeSanteQuery, readAnneeSanteFilters } from './annee-sante-filters';

/** « Mon année santé »: where a year's health money went, from the year's payments. */
export const anneeSantePages = {
  anneeSante: {
    pattern: paths.anneeSante,
    ...lazyPage(import.meta.glob('./components/annee-sante-page.tsx'), 'AnneeSantePage'),
    preload: [beneficiairesKey],
    // The payments of the year and the filters in the query.
    preloadFromAddress: (_params, search) => [
      prestationsKey(anneeSanteQuery(readAnneeSanteFilters(search, new Date()))),
    ],
  },
} satisfies Record<string, LazyPageRoute>;
