import { prestationsKey } from '@/api/get-prestations';
import { routePatterns } from '@/config/paths';
import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { soinSignale } from './signalement-soin';

/** « Je ne reconnais pas ce soin »: the report of one line of a payment. */
export const signalementPages = {
  signalementSoin: {
    pattern: routePatterns.signalementSoin,
    ...lazyPage(import.meta.glob('./components/signalement-soin-page.tsx'), 'SignalementSoinPage'),
    // The payments of the line's day, among which the page finds it.
    preloadFromAddress: (_params, search) => {
      const soin = soinSignale(search);
      return soin ? [prestationsKey(soin.jour)] : [];
    },
  },
} satisfies Record<string, LazyPageRoute>;
