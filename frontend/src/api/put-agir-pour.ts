import { apiRequest } from '@/lib/api-client';
import { type Session, sessionKey } from './get-session';

export const agirPourUrl = `${sessionKey}/agir-pour`;

/**
 * `PUT /api/session/agir-pour`: the session now acts for the member numbered `numero` (one of
 * the procurations); the answer is the session as `GET /api/session` now reads it. A refusal
 * (403, 400) carries the server's French reason.
 */
export function putAgirPour(numero: string): Promise<Session> {
  return apiRequest<Session>(agirPourUrl, { method: 'PUT', body: { numero } });
}
