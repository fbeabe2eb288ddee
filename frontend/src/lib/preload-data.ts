import { mutate, preload } from 'swr';
import type { Params } from 'react-router';
import { apiGet } from './api-client';
import type { PageRoute } from './page-route';
import { positiveInteger } from './search-params';

/**
 * Starts a page's GET before the page renders (from its route's loader) and, once answered,
 * puts the answer in the cache: the page's `useSWR` hook on the same key then renders with it
 * from its first frame, instead of through its placeholder (which would push what is below
 * it when the answer replaced it). The request itself is the hook's mount-time one, handed
 * over by `preload`: nothing is asked twice.
 *
 * Resolves once the answer is in, with it, or with `undefined` when it failed: a failure is
 * the hook's to show (the catch also keeps an answer nobody came for, a 401 without a
 * session, from being reported as unhandled).
 */
export async function preloadData(
  key: string,
  fetcher: (key: string) => Promise<unknown>,
): Promise<unknown> {
  try {
    const data: unknown = await preload(key, fetcher);
    await mutate(key, data, { revalidate: false });
    return data;
  } catch {
    // Left to the page's hook, which takes the same failed request.
    return undefined;
  }
}

/**
 * The page's `:id` when it is a positive integer written as the SPA writes one (`12`, not
 * `012`): the only form in which every key builder spells it as the address does, and the
 * one the server fills its preloads with too (`is_positive_integer` in `src/pages.rs`).
 */
function canonicalId(id: string | undefined): string | undefined {
  const number = positiveInteger(id ?? null);
  return number !== undefined && String(number) === id ? id : undefined;
}

/**
 * The keys a visit to `route` at this address preloads: its `preload`, each `:id` filled with
 * the page's own (left out when the address's is not a canonical positive integer: the page
 * then asks for its answer itself, or shows that the address names nothing), then those its
 * address makes.
 */
export function preloadedKeys(route: PageRoute, params: Params, query: URLSearchParams): string[] {
  const id = canonicalId(params.id);
  const declared = (route.preload ?? []).flatMap((key) => {
    if (!key.includes(':id')) return [key];
    return id === undefined ? [] : [key.replace(':id', id)];
  });
  return [...declared, ...(route.preloadFromAddress?.(params, query) ?? [])];
}

/**
 * Starts the answers a visit to `route` at this address asks for first (its `preload`, see
 * `preloadedKeys`), each with `apiGet`, the fetcher of every page answer: the page's hooks,
 * whatever fetcher they name, then take them. Resolves with them, in the keys' order.
 */
export function preloadPage(route: PageRoute, params: Params, query: URLSearchParams): Promise<unknown[]> {
  return Promise.all(preloadedKeys(route, params, query).map((key) => preloadData(key, apiGet)));
}
