import useSWR from 'swr';
import { withQuery } from '@/lib/query-string';
import { getPrestations, type Paiement, type PrestationsQuery } from './get-prestations';

/** `GET assure/prestations-pro`: the payments made to health professionals (tiers payant). */
export function prestationsProKey(query: PrestationsQuery): string {
  return withQuery('/api/assure/prestations-pro', { ...query });
}

/** `null` asks for nothing (the other list is the one shown). */
export function usePrestationsPro(query: PrestationsQuery | null) {
  return useSWR<Paiement[], unknown>(query && prestationsProKey(query), getPrestations);
}
