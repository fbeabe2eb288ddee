import type { DataRouter } from 'react-router';
import { onSignInAgainAsked } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { keepFormsOnScreen } from '@/hooks/forms-on-screen';
import { serverPaths } from '@/config/paths';

/** A write the portal refused until the member signs in again, while they are asked. */
export interface SignInAgainAsked {
  /** The refused call's address: what the member was doing. */
  url: string;
  /** The page it was sent from, query and anchor included: where the member comes back. */
  returnTo: string;
  stay: () => void;
}

let asked: SignInAgainAsked | null = null;
const listeners = new Set<() => void>();

function ask(next: SignInAgainAsked | null): void {
  asked = next;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: the shell's dialog follows the question asked, if any. */
export function subscribeToSignInAgain(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function signInAgainAsked(): SignInAgainAsked | null {
  return asked;
}

/**
 * The portal asks for a fresh sign-in before a sensitive write (`reconnexion_requise`): the
 * member is asked first, by the shell's dialog, which says why (`SignInAgainDialog`), rather
 * than sent away without a word. Subscribed as the router is created, like the end of the
 * session; a second refusal meanwhile (two writes at once) joins the question asked.
 */
export function signInAgainWhenAsked(router: DataRouter): () => void {
  const stop = onSignInAgainAsked(({ url, stay }) => {
    const { pathname, search, hash } = router.state.location;
    const earlier = asked;
    ask({
      url,
      returnTo: pathname + search + hash,
      stay: () => {
        earlier?.stay();
        stay();
      },
    });
  });
  return () => {
    stop();
    ask(null);
  };
}

/**
 * The member goes: the forms on screen keep what was typed, and the whole page goes through
 * the identity provider (a full load: the portal's `/auth/login`), back to the address the
 * write was sent from, where the form takes up what it kept.
 */
export function signInAgainNow(): void {
  if (!asked) return;
  keepFormsOnScreen();
  browserLocation.assign(serverPaths.signInAgain(asked.returnTo));
}

/** The member stays: the write fails as the portal refused it, the form as it was. */
export function stayOnThePage(): void {
  asked?.stay();
  ask(null);
}
