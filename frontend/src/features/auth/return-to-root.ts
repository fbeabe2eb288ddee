import type { DataRouter } from 'react-router';
import { paths } from '@/config/paths';
import { onSessionEnded } from '@/lib/api-client';
import { clearBrowserStorage } from './clear-browser-storage';
import { returnToState } from './return-to';

/**
 * A 401 anywhere means the server-side session has ended (sign-out elsewhere, idle timeout on
 * the server, the provider's back-channel logout): what the browser keeps for the member is
 * cleared, as at sign-out, and the member goes back to the root, which offers to sign in
 * again to the page they were on. Subscribed as the router is created, before its loaders
 * start the first page's requests, so that no early 401 goes unheard.
 */
export function returnToRootWhenSessionEnds(router: DataRouter): () => void {
  return onSessionEnded(() => {
    // The card's erasure finishes on its own: the app stays, only the route changes.
    void clearBrowserStorage();
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.root) return;
    void router.navigate(paths.root, {
      replace: true,
      state: returnToState(pathname + search + hash),
    });
    // A page that asks before leaving (a request being written) has nothing left to keep:
    // its draft went with the session, and staying would only let the member type into a
    // page that can no longer send. The router blocks synchronously, so the question is
    // answered before it is shown.
    for (const blocker of router.state.blockers.values()) {
      if (blocker.state === 'blocked') blocker.proceed();
    }
  });
}
