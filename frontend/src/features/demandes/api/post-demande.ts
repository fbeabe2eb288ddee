import { apiPost } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import type { Demande } from './get-demandes';

export type CreationGed = MemberApi<'CreationGed'>;
export type CreationHospitalisation = MemberApi<'CreationHospitalisation'>;

/** `POST document/documentGedCegedim`: a request of any type without a form of its own. */
export function postDemandeGed(body: CreationGed): Promise<Demande> {
  return apiPost<Demande>('/api/document/documentGedCegedim', body);
}

/** `POST document/creationHospitalisation`: a prior agreement for a hospital stay. */
export function postHospitalisation(body: CreationHospitalisation): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationHospitalisation', body);
}
