import { apiPost } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import type { Demande } from './get-demandes';

export type CreationGed = MemberApi<'CreationGed'>;
export type CreationHospitalisation = MemberApi<'CreationHospitalisation'>;
export type CreationReclamation = MemberApi<'CreationReclamation'>;

/** `POST document/documentGedCegedim`: a request of any type without a form of its own. */
export function postDemandeGed(body: CreationGed): Promise<Demande> {
  return apiPost<Demande>('/api/document/documentGedCegedim', body);
}

/** `POST document/creationHospitalisation`: a prior agreement for a hospital stay. */
export function postHospitalisation(body: CreationHospitalisation): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationHospitalisation', body);
}

/**
 * `POST document/creationReclamation`: a complaint; the request created carries the dates the
 * mutual owes its acknowledgement and its answer (`reclamation`).
 */
export function postReclamation(body: CreationReclamation): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationReclamation', body);
}
