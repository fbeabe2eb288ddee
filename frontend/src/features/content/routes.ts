import type { Params } from 'react-router';
import type { LazyPageRoute } from '@/lib/page-route';
import { paths, routePatterns } from '@/lib/paths';
import { preloadData } from '@/lib/preload-data';
import { getMentionLegale, mentionLegaleKey } from './api/get-mention-legale';
import { getMenu, menuKey } from './api/get-menu';
import { getPageNouveautes, pageNouveautesKey } from './api/get-page-nouveautes';
import { accessibilitePage } from './accessibilite-route';

function preloadMentionLegale() {
  return preloadData(mentionLegaleKey, getMentionLegale);
}

/** The content service's pages: articles, news, legal notice, terms of use, accessibility. */
export const contentPages = {
  accessibilite: accessibilitePage,
  article: {
    pattern: routePatterns.article,
    lazy: () => import('./components/article-page').then((m) => ({ Component: m.ArticlePage })),
    data: ({ id = '' }: Params) => preloadData(menuKey(id), () => getMenu(id)),
  },
  nouveautes: {
    pattern: routePatterns.nouveautes,
    lazy: () => import('./components/news-page').then((m) => ({ Component: m.NewsPage })),
    data: ({ id = '' }: Params) =>
      preloadData(pageNouveautesKey(id), () => getPageNouveautes(id)),
  },
  mentionsLegales: {
    pattern: paths.mentionsLegales,
    lazy: () =>
      import('./components/legal-page').then((m) => ({ Component: m.MentionsLegalesPage })),
    data: preloadMentionLegale,
  },
  cgu: {
    pattern: paths.cgu,
    lazy: () => import('./components/legal-page').then((m) => ({ Component: m.CguPage })),
    data: preloadMentionLegale,
  },
} satisfies Record<string, LazyPageRoute>;
