import { contratsKey } from '@/api/get-contrats';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';

/** « Résilier votre contrat »: its conditions, the form, its summary and the acknowledgement. */
export const resiliationPages = {
  resiliation: {
    pattern: paths.resiliation,
    ...lazyPage(import.meta.glob('./components/resiliation-page.tsx'), 'ResiliationPage'),
    preload: [contratsKey],
  },
} satisfies Record<string, LazyPageRoute>;
