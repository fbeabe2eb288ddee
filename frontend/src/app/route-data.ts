import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { cookiesEnabled } from '@/lib/cookies';
import type { PageData, PageRoute } from '@/lib/page-route';
import { preloadPage } from '@/lib/preload-data';

/**
 * How long a page waits for its first answers before it shows its placeholders. Within it the
 * page appears whole, instead of in pieces that push each other down as they arrive; past it
 * (a slow member API), the member sees the page and its placeholders rather than nothing.
 */
export const dataWaitMs = 1500;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A route loader that starts the page's requests (the same keys its hooks read, see
 * `preloadData`) alongside its code download and the session check, then lets the page render
 * once they have answered or `dataWaitMs` has passed. It returns nothing: the page reads the
 * answers through its own hooks, as on any later visit.
 */
export function preloadingLoader(data: PageData) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    // Without cookies nothing starts (docs/product/states.md#start-up): the start-up gate sends
    // the browser to the fallback page.
    if (!cookiesEnabled()) return null;
    const url = new URL(request.url);
    await Promise.race([data(params, url.searchParams, url.pathname), delay(dataWaitMs)]);
    return null;
  };
}

/** The loader of a page's route: the answers its feature declares it asks for first. */
export function pageLoader(route: PageRoute) {
  return preloadingLoader((params, query) => preloadPage(route, params, query));
}

/**
 * Loaders run again only when the member arrives on the page, not when its query changes (a
 * filter, a page number): the page's hooks already ask for what a change needs.
 */
export function onArrival({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname;
}
