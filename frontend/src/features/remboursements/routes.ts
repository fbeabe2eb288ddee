import { banquesKey } from '@/api/get-banques';
import { beneficiairesKey } from '@/api/get-beneficiaires';
import { jourQuery, prestationsKey } from '@/api/get-prestations';
import { paths, routePatterns } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { prestationsProKey } from './api/get-prestations-pro';
import { paiementsList, readFilters } from './remboursements-filters';

/** « Mes remboursements »: the payments, filtered in the address, and the payments of one day. */
export const remboursementsPages = {
  remboursements: {
    pattern: paths.remboursements,
    ...lazyPage(import.meta.glob('./components/remboursements-page.tsx'), 'RemboursementsPage'),
    preload: [beneficiairesKey],
    // The payments of the filters in the query.
    preloadFromAddress: (_params, search) => {
      const { list, query } = paiementsList(readFilters(search), new Date());
      return [list === 'prestations' ? prestationsKey(query) : prestationsProKey(query)];
    },
  },
  remboursementsDuJour: {
    pattern: routePatterns.remboursementsDuJour,
    ...lazyPage(
      import.meta.glob('./components/remboursements-du-jour-page.tsx'),
      'RemboursementsDuJourPage',
    ),
    preload: [banquesKey],
    // The payments of the address's day.
    preloadFromAddress: ({ date = '' }) => {
      const query = jourQuery(date);
      return query ? [prestationsKey(query)] : [];
    },
  },
} satisfies Record<string, LazyPageRoute>;
