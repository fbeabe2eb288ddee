import { consentStorageKey } from '@/entities/consentement/cookie-consent';

/**
 * Clears what this browser keeps for the member (docs/product/states.md#when-the-session-ends):
 * session storage (the request being written, with whatever health details it holds), local storage
 * (the news banner's 'visible' choice among others) and the tiers-payant card kept for offline use
 * (IndexedDB, see `entities/carte-tp/saved-card.ts`). Called whenever the session ends, whatever
 * ended it: the "Se déconnecter" button, the inactivity time-out, and a 401 from the server (the
 * session expired, was closed elsewhere or by the provider's back-channel logout), so that nothing
 * typed survives the session on a shared computer.
 *
 * The two storages are cleared at once, before this returns; the card's erasure is
 * asynchronous (IndexedDB, whose code is loaded then rather than with the first script), and
 * the promise resolves once it is done (it never rejects): the sign-out waits for it before
 * leaving the page, a 401 does not need to (the app stays).
 *
 * The cookie-consent choice survives: it belongs to the browser rather than to the member's
 * session, and the consent rules ask for it to be kept 6 months, not forgotten at every
 * sign-out. So does the « Garder ma carte sur cet appareil » choice, kept with the card: it
 * is the device's, not the member's data.
 */
export function clearBrowserStorage(): Promise<void> {
  const consent = localStorage.getItem(consentStorageKey);
  localStorage.clear();
  sessionStorage.clear();
  if (consent !== null) localStorage.setItem(consentStorageKey, consent);
  return import('@/entities/carte-tp/saved-card').then(
    ({ eraseSavedCard }) => eraseSavedCard(),
    // Its script could not be fetched (a new version replaced it under a tab left open): the
    // session still ends; the copy goes at the next member's session on this device or at the
    // end of its validity, as when IndexedDB fails.
    () => undefined,
  );
}
