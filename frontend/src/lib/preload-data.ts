import { preload } from 'swr';

/**
 * Starts a page's GET before the page renders (from its route's loader), for the page's
 * `useSWR` hook on the same key to pick up when it mounts: the answer travels while the page's
 * code and the session check do. Resolves once the answer is in, whatever it is: a failure is
 * that hook's to show (the catch also keeps an answer nobody came for, a 401 without a session,
 * from being reported as unhandled).
 */
export function preloadData(key: string, fetcher: (key: string) => Promise<unknown>): Promise<unknown> {
  return preload(key, fetcher).catch(() => undefined);
}
