import { apiPost } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type CreationResiliation = MemberApi<'CreationResiliation'>;
export type DemandeResiliation = MemberApi<'Demande'>;

/**
 * `POST document/creationResiliation`: the termination notice. The answer is the request as
 * recorded, with the time of notice and the PDF acknowledgement among its documents; the
 * portal emails that acknowledgement to the address given.
 */
export function postResiliation(body: CreationResiliation): Promise<DemandeResiliation> {
  return apiPost<DemandeResiliation>('/api/document/creationResiliation', body);
}
