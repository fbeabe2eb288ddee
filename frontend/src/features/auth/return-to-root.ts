import type { DataRouter } from 'react-router';
import { paths } from '@/app/paths';
import { onSessionEnded } from '@/lib/api-client';
import { returnToState } from './return-to';

/**
 * A 401 anywhere means the server-side session has ended (sign-out elsewhere, idle timeout on
 * the server): back to the root, which offers to sign in again to the page the member was on.
 * Subscribed as the router is created, before its loaders start the first page's requests, so
 * that no early 401 goes unheard.
 */
export function returnToRootWhenSessionEnds(router: DataRouter): () => void {
  return onSessionEnded(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.root) return;
    void router.navigate(paths.root, {
      replace: true,
      state: returnToState(pathname + search + hash),
    });
  });
}
