import type { LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/lib/paths';

/**
 * The pages that explain why nothing else works (no cookies, a failed sign-in): reachable
 * without cookies and without a session, and rarely seen, so loaded when they are.
 */
export const authPages = {
  fallback: {
    pattern: paths.fallback,
    lazy: () => import('./components/fallback-page').then((m) => ({ Component: m.FallbackPage })),
  },
  error: {
    pattern: paths.error,
    lazy: () => import('./components/error-page').then((m) => ({ Component: m.ErrorPage })),
  },
} satisfies Record<string, LazyPageRoute>;
