/**
 * The service worker's cache of app pages (`app-shell-pages` in vite.config.ts: the same name
 * must be used on both sides). The worker fills it as pages load through it, and answers an
 * offline page load from it; every app address serves the same `index.html`, so any copy does.
 */
const appPagesCache = 'app-shell-pages';

/**
 * Puts a fresh copy of the app page at `path` in the worker's cache, so that a reload of the
 * card page offline finds one even when no page has been loaded through the worker yet: the
 * page that registered it (the first visit) came from the network, and members reach the card
 * by client-side navigation, which the worker never sees. Refreshed at each visit of the card,
 * so the copy refers to the current build's scripts. Production builds only, like the worker;
 * anything failing (offline, storage refused) leaves the cache as it was.
 */
export async function keepAppPageForOffline(path: string): Promise<void> {
  if (!import.meta.env.PROD || typeof caches === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  try {
    const response = await fetch(path, {
      headers: { Accept: 'text/html' },
      credentials: 'same-origin',
    });
    const html = response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
    // A redirected answer (a sign-in page put in front by some proxy) cannot stand for a page.
    if (!response.ok || response.redirected || !html) return;
    const cache = await caches.open(appPagesCache);
    await cache.put(path, response);
  } catch {
    // Nothing kept: the worker's own copies, if any, still serve.
  }
}
