import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/config/paths';

/**
 * `/home/accessibilite`, public: declared apart from the other content pages, whose requests
 * to the content service (and the data layer they bring) the first script does without. It
 * preloads nothing, and the server names nothing for it (a public page): it is not in the
 * build's table of pages, which reads the `routes.ts` files only.
 */
export const accessibilitePage = {
  pattern: paths.accessibilite,
  ...lazyPage(import.meta.glob('./components/accessibilite-page.tsx'), 'AccessibilitePage'),
} satisfies LazyPageRoute;
