import type { DemandeEstimation } from '@/entities/estimation/estimation-form';
import { apiPost } from '@/lib/api-client';
import { useSubmit } from '@/hooks/use-submit';
import type { MemberApi } from '@/types/member-api';

/**
 * `POST assure/estimation`: what a quote will cost, computed by the member API from the
 * guarantees covering the beneficiary today (« Estimer mon remboursement »). A quote sent to
 * the mutual is answered with the request instead (`document/creationDevis`).
 */
export type Estimation = MemberApi<'Estimation'>;

export function postEstimation(body: DemandeEstimation): Promise<Estimation> {
  return apiPost<Estimation>('/api/assure/estimation', body);
}

/**
 * The estimate as a form's submission: its pending state and the member API's French
 * message when it refuses (400). Nothing is cached: an estimate answers one quote.
 */
export function useEstimation() {
  return useSubmit(postEstimation);
}
