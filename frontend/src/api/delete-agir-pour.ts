import { apiRequest } from '@/lib/api-client';
import type { Session } from './get-session';
import { agirPourUrl } from './put-agir-pour';

/**
 * `DELETE /api/session/agir-pour`: the person stops acting for another member and is back in
 * their own space, the answer being that session as `GET /api/session` now reads it. 409
 * `sans_espace` when they have no member space of their own.
 */
export function deleteAgirPour(): Promise<Session> {
  return apiRequest<Session>(agirPourUrl, { method: 'DELETE' });
}
