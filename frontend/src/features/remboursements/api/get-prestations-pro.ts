import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { withQuery } from '@/api/query-string';
import type { Paiement, PrestationsQuery } from '@/api/get-prestations';

/**
 * `GET assure/prestations-pro`: the payments made to health professionals (tiers payant),
 * answered like `assure/prestations`.
 */
export function prestationsProKey(query: PrestationsQuery): string {
  return withQuery('/api/assure/prestations-pro', { ...query });
}

export function getPrestationsPro(key: string): Promise<Paiement[]> {
  return apiGet<Paiement[]>(key);
}

/** `null` asks for nothing (the other list is the one shown). */
export function usePrestationsPro(query: PrestationsQuery | null) {
  return useSWR<Paiement[], unknown>(query && prestationsProKey(query), getPrestationsPro);
}
