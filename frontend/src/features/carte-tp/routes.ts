import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { carteTpKey } from './api/get-carte-tp';

/** « Ma carte de Tiers Payant »: the card, with its 2D code, and its PDF. */
export const carteTpPages = {
  carteTp: {
    pattern: paths.smartCarte,
    ...lazyPage(import.meta.glob('./components/carte-tp-page.tsx'), 'CarteTpPage'),
    preload: [carteTpKey],
  },
} satisfies Record<string, LazyPageRoute>;
