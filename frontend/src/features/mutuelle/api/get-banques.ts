import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type CompteBancaire = MemberApi<'CompteBancaire'>;

export const banquesKey = '/api/assure/banques';

/** `GET assure/banques`: the member's accounts, IBAN masked. */
export function getBanques(): Promise<CompteBancaire[]> {
  return apiGet<CompteBancaire[]>(banquesKey);
}

export function useBanques() {
  return useSWR<CompteBancaire[], unknown>(banquesKey, getBanques);
}
