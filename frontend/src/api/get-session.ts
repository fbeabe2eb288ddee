import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

/**
 * The insured person, as the member API's sign-in (`compte/auth`) answered it
 * (docs/product/entities.md#the-signed-in-member). Shared: the shell names the member, and pages
 * follow the flags (`Radie`, `CarteTp`…).
 */
export type User = MemberApi<'User'>;

/**
 * What the person signed in may do for the member `User` names, while they act for them (a
 * delegation the member gave, or a guardianship the mutual recorded). A preview for the
 * screens: the member API decides, call by call.
 */
export interface SessionDelegation {
  /** The member whose contract it is; in a beneficiary's own space, `User` is the beneficiary. */
  titulaire: string;
  nature: MemberApi<'NatureDelegation'>;
  droits: MemberApi<'Droit'>[];
  /** The last day included, `YYYY-MM-DD`. */
  fin: string;
  /** The person has a member space of their own to go back to. */
  retour: boolean;
}

/**
 * `GET /api/session`: the signed-in member, from the server-side session. The portal's own route,
 * not the member API's: the sign-in answer (`Connecte`) the server kept, plus the inactivity
 * time-out after which the SPA signs the member out (docs/product/limits.md#session-lifetime),
 * and, exactly while the person signed in acts for another member, `delegation` (`User` is then
 * that member). Built on the generated type so that it follows the member API document rather
 * than a copy of it.
 */
export type Session = MemberApi<'Connecte'> & { idleTimeoutMs: number; delegation?: SessionDelegation };

export const sessionKey = '/api/session';

/** Also the keep-alive: each call resets the server's idle timer. */
export function getSession(): Promise<Session> {
  return apiGet<Session>(sessionKey);
}

export function useSession() {
  return useSWR<Session, unknown>(sessionKey, getSession, {
    // A 401 is final (the API client sends the member to the root) and other failures are
    // offered a retry button: no automatic retry loop on a session check.
    shouldRetryOnError: false,
  });
}
