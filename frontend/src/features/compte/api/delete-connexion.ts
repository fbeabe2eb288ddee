import { apiDelete } from '@/lib/api-client';
import { connexionsKey } from './get-connexions';

/**
 * `DELETE /api/connexions/{id}`: closes another session of the member (204). A session that
 * has already ended answers 404 with a French message; this device's own, 400.
 */
export function deleteConnexion(id: string): Promise<void> {
  return apiDelete(`${connexionsKey}/${encodeURIComponent(id)}`);
}
