import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/config/paths';

/**
 * The pages that explain why nothing else works (no cookies, a failed sign-in): reachable
 * without cookies and without a session, and rarely seen, so loaded when they are.
 */
export const authPages = {
  fallback: {
    pattern: paths.fallback,
    ...lazyPage(import.meta.glob('./components/fallback-page.tsx'), 'FallbackPage'),
  },
  error: {
    pattern: paths.error,
    ...lazyPage(import.meta.glob('./components/error-page.tsx'), 'ErrorPage'),
  },
} satisfies Record<string, LazyPageRoute>;
