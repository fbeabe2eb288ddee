import { beneficiairesKey } from '@/api/get-beneficiaires';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';

/** « Estimer mon remboursement »: what a quote will cost, before paying it, for a person and a care. */
export const estimationPages = {
  estimation: {
    pattern: paths.estimation,
    ...lazyPage(import.meta.glob('./components/estimation-page.tsx'), 'EstimationPage'),
    preload: [beneficiairesKey],
  },
} satisfies Record<string, LazyPageRoute>;
