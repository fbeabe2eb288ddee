import { preload } from 'swr';

/**
 * Starts a page's GET before the page renders (from its route's loader), for the page's
 * `useSWR` hook on the same key to pick up when it mounts: the answer travels while the page's
 * code and the session check do, and the page often paints complete instead of through its
 * placeholders. A failure is that hook's to show; the catch only keeps an answer nobody came
 * for (a 401 without a session) from being reported as unhandled.
 */
export function preloadData(key: string, fetcher: (key: string) => Promise<unknown>): void {
  void preload(key, fetcher).catch(() => undefined);
}
