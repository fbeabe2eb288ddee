import { apiRequest } from '@/lib/api-client';
import { connexionsKey } from './get-connexions';

/** How many sessions « Me déconnecter partout ailleurs » closed. */
export interface ConnexionsFermees {
  fermees: number;
}

/** `DELETE /api/connexions`: closes every session of the member but this device's. */
export function deleteAutresConnexions(): Promise<ConnexionsFermees> {
  return apiRequest<ConnexionsFermees>(connexionsKey, { method: 'DELETE' });
}
