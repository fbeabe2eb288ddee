import { paths } from '@/config/paths';

/**
 * When a member without a session lands on a guarded page, they are sent to the root with the
 * page they asked for in the router state, so that "Se connecter" brings them back to it.
 */
export interface ReturnToState {
  returnTo: string;
}

export function returnToState(returnTo: string): ReturnToState {
  return { returnTo };
}

/** The path to come back to after sign-in: the requested page, or the home page. */
export function requestedPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state;
    // In-app paths only (`/x`, not `//host` or `/\host`): the server re-checks, but a wrong
    // value should not even be offered.
    if (typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo)) return returnTo;
  }
  return paths.home;
}
