import type { DataRouter } from 'react-router';
import { onSignInAgainAsked } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { keepFormsOnScreen } from '@/lib/forms-on-screen';
import { serverPaths } from '@/lib/paths';

/**
 * The portal asks for a fresh sign-in before a sensitive write (`reconnexion_requise`): the
 * forms on screen keep what was typed, and the whole page goes through the identity provider
 * (a full load: the portal's `/auth/login`), back to the same address, query and anchor
 * included, where the form takes up what it kept. Subscribed as the router is created, like
 * the end of the session.
 */
export function signInAgainWhenAsked(router: DataRouter): () => void {
  return onSignInAgainAsked(() => {
    keepFormsOnScreen();
    const { pathname, search, hash } = router.state.location;
    browserLocation.assign(serverPaths.signInAgain(pathname + search + hash));
  });
}
