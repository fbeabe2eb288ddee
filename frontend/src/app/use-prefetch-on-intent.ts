import { useEffect } from 'react';
import { prefetchPage } from './lazy-pages';

/**
 * Loads a lazily loaded page's code as soon as the member shows the intent to go there: the
 * pointer over a link to it, the keyboard focus on it, a finger touching it. One listener for
 * every link of the app (sidebar, tiles, footer, content), so no link has to remember to.
 */
export function usePrefetchOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (href?.startsWith('/')) prefetchPage(href);
    };
    const events = ['mouseover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, []);
}
