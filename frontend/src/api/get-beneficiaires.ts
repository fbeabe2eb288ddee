import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

/**
 * `GET assure/beneficiaires`: the people the member's contracts cover, the member first.
 * Shared here because personal information, reimbursements and requests all choose among
 * them; a feature folder never imports another one.
 */
export type Beneficiaire = MemberApi<'Beneficiaire'>;

export const beneficiairesKey = '/api/assure/beneficiaires';

export function getBeneficiaires(): Promise<Beneficiaire[]> {
  return apiGet<Beneficiaire[]>(beneficiairesKey);
}

export function useBeneficiaires() {
  return useSWR<Beneficiaire[], unknown>(beneficiairesKey, getBeneficiaires);
}
