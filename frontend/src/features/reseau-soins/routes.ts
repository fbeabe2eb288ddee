import { infosKey } from '@/api/get-infos';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';

/**
 * « Trouver un professionnel partenaire »: the mutual's partner network around a place, the
 * member's own address to start from.
 */
export const reseauSoinsPages = {
  reseauSoins: {
    pattern: paths.reseauSoins,
    ...lazyPage(import.meta.glob('./components/reseau-soins-page.tsx'), 'ReseauSoinsPage'),
    preload: [infosKey],
  },
} satisfies Record<string, LazyPageRoute>;
