import { apiRequest } from '@/lib/api-client';
import { documentsKey, type Envois } from './get-documents';

/**
 * `PUT assure/documents/envois`: how each kind of document is to be sent, all four at once;
 * the four as saved. « zéro papier » of the preferences follows (true exactly when all four
 * are online).
 */
export function putEnvois(envois: Envois): Promise<Envois> {
  return apiRequest<Envois>(`${documentsKey}/envois`, { method: 'PUT', body: envois });
}
