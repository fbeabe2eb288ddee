import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** The sections' routes, with the table of their pages (see `section-routes.tsx`). */
function sectionRoutes() {
  return import('./section-routes');
}

/**
 * Loads a lazily loaded page's code as soon as the member shows the intent to go there: the
 * pointer over a link to it, the keyboard focus on it, a finger touching it. One listener for
 * every link of the app (sidebar, tiles, footer, content), so no link has to remember to.
 *
 * The table of the pages comes with the sections' routes, which the home page appears without:
 * they are loaded once the page is on screen and the browser idle, so that the first intent
 * finds them there.
 */
export function usePrefetchOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (href?.startsWith('/')) {
        void sectionRoutes().then(({ prefetchPage }) => {
          prefetchPage(href);
        });
      }
    };
    const events = ['mouseover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    const cancelLoading = whenIdle(() => void sectionRoutes());
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
      cancelLoading();
    };
  }, []);
}
