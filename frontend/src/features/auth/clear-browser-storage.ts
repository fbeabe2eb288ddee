import { consentStorageKey } from '@/lib/cookie-consent';

/**
 * Clears what this browser keeps for the member (SPEC.md §4): session storage (the request
 * being written, with whatever health details it holds) and local storage (the news banner's
 * 'visible' choice among others). Called whenever the session ends, whatever ended it: the
 * "Se déconnecter" button, the inactivity time-out, and a 401 from the server (the session
 * expired, was closed elsewhere or by the provider's back-channel logout), so that nothing
 * typed survives the session on a shared computer.
 *
 * The cookie-consent choice survives: it belongs to the browser rather than to the member's
 * session, and the consent rules ask for it to be kept 6 months, not forgotten at every
 * sign-out.
 */
export function clearBrowserStorage(): void {
  const consent = localStorage.getItem(consentStorageKey);
  localStorage.clear();
  sessionStorage.clear();
  if (consent !== null) localStorage.setItem(consentStorageKey, consent);
}
