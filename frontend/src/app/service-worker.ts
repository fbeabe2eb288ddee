/**
 * The service worker is registered at once (docs/product/states.md#service-worker), in production
 * builds only (a worker caching the dev server's modules would serve stale code while developing).
 * What it caches is set in vite.config.ts: the app shell, never `/api` or `/auth`.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) {
    // Word for word (docs/product/errors.md#browser-console-messages).
    console.warn('Service workers are disabled or not supported by this browser');
    return;
  }
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}
