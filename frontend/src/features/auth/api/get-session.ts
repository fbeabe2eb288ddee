import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';

/** The insured person, as the member API's sign-in answered (SPEC.md §3). */
export interface User {
  Civilite: string;
  Prenom: string;
  Nom: string;
  /** Broker name; menus restricted to a brokerage are filtered on the server with it. */
  courtier: string | null;
  /** Struck off. */
  Radie: boolean;
  /** Holds a tiers-payant card for the current year. */
  CarteTp: boolean;
  Futur: boolean;
  AuMoinsUnContratActifEtIndividuel: boolean;
  CarteTpSuivante: boolean;
  numeroPersonne: string;
  email: string;
}

/** `GET /api/session`: the signed-in member, from the server-side session. */
export interface Session {
  User: User;
  VersionNum: string;
  smartCarteUrl: string;
  /** The inactivity time-out after which the SPA signs the member out (SPEC.md §9). */
  idleTimeoutMs: number;
}

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
