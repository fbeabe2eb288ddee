import type { LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/lib/paths';

/**
 * `/home/accessibilite`, public: declared apart from the other content pages, whose requests
 * to the content service (and the data layer they bring) the first script does without.
 */
export const accessibilitePage = {
  pattern: paths.accessibilite,
  lazy: () =>
    import('./components/accessibilite-page').then((m) => ({ Component: m.AccessibilitePage })),
} satisfies LazyPageRoute;
