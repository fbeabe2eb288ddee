/**
 * The sensitive forms on screen, and what each would keep should the page leave to sign in
 * again: filled by the hooks of `kept-across-sign-in.ts`, which only the pages with such a form
 * bring; read by `features/auth/sign-in-again.ts`, which the first script holds.
 */

/** Where a form's values wait in session storage, by its name. */
export const keptFormPrefix = 'espace-assure.reconnexion.';

/** The values of each form on screen, as they would be kept now, by its name. */
export const formsOnScreen = new Map<string, () => object>();

/** The page leaves to sign in again: each form on screen keeps what was typed in it. */
export function keepFormsOnScreen(): void {
  for (const [name, values] of formsOnScreen) {
    try {
      sessionStorage.setItem(keptFormPrefix + name, JSON.stringify(values()));
    } catch {
      // Storage full or refused (private browsing): the member types it again on return.
    }
  }
}
