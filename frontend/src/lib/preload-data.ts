import { mutate, preload } from 'swr';

/**
 * Starts a page's GET before the page renders (from its route's loader) and, once answered,
 * puts the answer in the cache: the page's `useSWR` hook on the same key then renders with it
 * from its first frame, instead of through its placeholder (which would push what is below
 * it when the answer replaced it). The request itself is the hook's mount-time one, handed
 * over by `preload`: nothing is asked twice.
 *
 * Resolves once the answer is in, whatever it is: a failure is the hook's to show (the catch
 * also keeps an answer nobody came for, a 401 without a session, from being reported as
 * unhandled).
 */
export async function preloadData(
  key: string,
  fetcher: (key: string) => Promise<unknown>,
): Promise<void> {
  try {
    const data: unknown = await preload(key, fetcher);
    await mutate(key, data, { revalidate: false });
  } catch {
    // Left to the page's hook, which takes the same failed request.
  }
}
