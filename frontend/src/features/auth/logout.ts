import { paths } from '@/app/paths';
import { browserLocation } from '@/lib/browser-location';
import { consentStorageKey } from '@/lib/cookie-consent';
import { postLogout } from './api/post-logout';

/**
 * Clears what this browser keeps for the member (SPEC.md §4). The cookie-consent choice
 * survives: it belongs to the browser rather than to the member's session, and the consent
 * rules ask for it to be kept 6 months, not forgotten at every sign-out.
 */
function clearBrowserStorage(): void {
  const consent = localStorage.getItem(consentStorageKey);
  localStorage.clear();
  sessionStorage.clear();
  if (consent !== null) localStorage.setItem(consentStorageKey, consent);
}

/** Every modal of the app is a native <dialog>, so this closes them all, whoever opened them. */
function closeOpenDialogs(): void {
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    if (dialog instanceof HTMLDialogElement) dialog.close();
  }
}

/**
 * Signs the member out (the "Se déconnecter" button and the inactivity time-out): closes the
 * modals, clears browser storage, ends the server session, then leaves for the provider's
 * sign-out page, which comes back to the root. If the server cannot be told, the member still
 * leaves the signed-in pages: a full load of the root drops everything held in memory.
 */
export async function logout(): Promise<void> {
  closeOpenDialogs();
  clearBrowserStorage();
  try {
    const { redirectTo } = await postLogout();
    browserLocation.assign(redirectTo);
  } catch {
    browserLocation.assign(paths.root);
  }
}
