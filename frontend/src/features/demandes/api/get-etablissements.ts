import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { withQuery } from '@/api/query-string';
import type { MemberApi } from '@/types/member-api';

export type EtablissementSante = MemberApi<'EtablissementSante'>;

/**
 * `GET assure/referentiel/etablissements?recherche=`: the establishments of the mutual's
 * directory matching a search (a FINESS, or words of the name or the commune), 20 at most.
 */
export function etablissementsKey(recherche: string): string {
  return withQuery('/api/assure/referentiel/etablissements', { recherche });
}

export function getEtablissements(key: string): Promise<EtablissementSante[]> {
  return apiGet<EtablissementSante[]>(key);
}

/**
 * `null` asks for nothing. Each search is its own key: an answer to an earlier search, come
 * after the latest's, stays with its own key and is never shown for the latest. A refusal
 * (a search too short or too long) is the same when asked again: not retried.
 */
export function useEtablissements(recherche: string | null) {
  return useSWR<EtablissementSante[], unknown>(
    recherche === null ? null : etablissementsKey(recherche),
    getEtablissements,
    { shouldRetryOnError: false },
  );
}
