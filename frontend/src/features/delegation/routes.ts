import { procurationsKey } from '@/api/get-procurations';
import { paths } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';

/**
 * « Pour qui agissez-vous ? »: the members the person signed in may act for, and their own
 * space when they have one.
 */
export const delegationPages = {
  agirPour: {
    pattern: paths.agirPour,
    ...lazyPage(import.meta.glob('./components/agir-pour-page.tsx'), 'AgirPourPage'),
    preload: [procurationsKey],
  },
} satisfies Record<string, LazyPageRoute>;
