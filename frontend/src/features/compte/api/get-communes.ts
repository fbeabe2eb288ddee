import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { withQuery } from '@/api/query-string';
import type { MemberApi } from '@/types/member-api';

export type Commune = MemberApi<'Commune'>;

/** `GET assure/referentiel/communes-postale?codePostal=`: the communes a postal code serves. */
export function communesKey(codePostal: string): string {
  return withQuery('/api/assure/referentiel/communes-postale', { codePostal });
}

export function getCommunes(key: string): Promise<Commune[]> {
  return apiGet<Commune[]>(key);
}

/** Asks only for a complete code (5 digits); `null` asks for nothing. */
export function useCommunes(codePostal: string | null) {
  const complete = codePostal !== null && /^\d{5}$/.test(codePostal);
  return useSWR<Commune[], unknown>(complete ? communesKey(codePostal) : null, getCommunes);
}
