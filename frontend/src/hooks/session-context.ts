import { createContext, useContext } from 'react';
import type { Session } from '@/api/get-session';

/**
 * The live session, provided by the guard to every page behind it. Here rather than in the
 * sign-in feature: the shell and several features' pages read the member's flags from it.
 */
export const SessionContext = createContext<Session | null>(null);

/** The signed-in member's session; only usable under the session guard. */
export function useMemberSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useMemberSession is only available behind the session guard');
  return session;
}
