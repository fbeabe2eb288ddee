import { lazyPage, type LazyPageRoute } from '@/lib/page-route';
import { paths, routePatterns } from '@/config/paths';
import { mentionLegaleKey } from './api/get-mention-legale';
import { menuKey } from './api/get-menu';
import { pageNouveautesKey } from './api/get-page-nouveautes';

/**
 * The content service's pages: articles, news, legal notice, terms of use. The accessibility
 * statement, public, is declared apart (`accessibilite-route.ts`).
 */
export const contentPages = {
  article: {
    pattern: routePatterns.article,
    ...lazyPage(import.meta.glob('./components/article-page.tsx'), 'ArticlePage'),
    preload: [menuKey.pattern],
  },
  nouveautes: {
    pattern: routePatterns.nouveautes,
    ...lazyPage(import.meta.glob('./components/news-page.tsx'), 'NewsPage'),
    preload: [pageNouveautesKey.pattern],
  },
  mentionsLegales: {
    pattern: paths.mentionsLegales,
    ...lazyPage(import.meta.glob('./components/legal-page.tsx'), 'MentionsLegalesPage'),
    preload: [mentionLegaleKey],
  },
  cgu: {
    pattern: paths.cgu,
    ...lazyPage(import.meta.glob('./components/legal-page.tsx'), 'CguPage'),
    preload: [mentionLegaleKey],
  },
} satisfies Record<string, LazyPageRoute>;
