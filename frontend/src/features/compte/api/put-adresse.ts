import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type ChangementAdresse = MemberApi<'ChangementAdresse'>;
export type Adresse = MemberApi<'Adresse'>;

/**
 * `PUT assure/adresse` with `{putAdresse, infoASupprimer}`
 * (docs/product/entities.md#address-change): the address as saved.
 */
export function putAdresse(changement: ChangementAdresse): Promise<Adresse> {
  return apiRequest<Adresse>('/api/assure/adresse', { method: 'PUT', body: changement });
}
