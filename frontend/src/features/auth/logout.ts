import { paths } from '@/config/paths';
import { browserLocation } from '@/lib/browser-location';
import { postLogout } from './api/post-logout';
import { clearBrowserStorage } from './clear-browser-storage';

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
  // Done before leaving: the page's unload must not cut the card's erasure short.
  await clearBrowserStorage();
  try {
    const { redirectTo } = await postLogout();
    browserLocation.assign(redirectTo);
  } catch {
    browserLocation.assign(paths.root);
  }
}
