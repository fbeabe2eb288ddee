import { getEndpoint } from '@/api/get-endpoint';

/**
 * One signed-in session of the member, as the portal's own `GET /api/connexions` describes it
 * (not the member API's: the portal keeps the sessions). Written by hand, like `Session`.
 */
export interface Connexion {
  /** Opaque: names the session for closing it, nothing more. */
  id: string;
  /** When the member signed in there (RFC 3339 with offset). */
  ouverteLe: string;
  /** The session's last call to the portal (RFC 3339 with offset). */
  derniereActivite: string;
  /** The browser and its major version, « Navigateur inconnu » when unrecognised. */
  navigateur: string;
  /** The operating system, « Système inconnu » when unrecognised. */
  systeme: string;
  /** The session of the browser asking: it is closed with « Se déconnecter », not here. */
  cetAppareil: boolean;
}

/** `GET /api/connexions`: this device's session first, then the others, latest activity first. */
const endpoint = getEndpoint<Connexion[]>('/api/connexions');
export const connexionsKey = endpoint.key;
export const getConnexions = endpoint.get;
export const useConnexions = endpoint.use;
