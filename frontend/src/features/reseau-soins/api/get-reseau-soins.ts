import useSWR from 'swr';
import { withQuery } from '@/api/query-string';
import { apiGet } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type ReseauSoins = MemberApi<'ReseauSoins'>;
export type PartenaireSoins = MemberApi<'PartenaireSoins'>;
export type SpecialitePartenaire = MemberApi<'SpecialitePartenaire'>;

/** A search of the partner network, as the call's query names it. */
export interface RechercheReseau {
  specialite: SpecialitePartenaire;
  /** A postal code or a commune's name, as typed. */
  lieu: string;
  /** With a postal code, which of its communes; without, the centre of them all. */
  commune?: string | undefined;
  rayonKm: number;
}

/**
 * `GET assure/referentiel/reseau-soins?specialite=&lieu=&commune=&rayonKm=`: the mutual's
 * partners of one kind within a distance of a place, nearest first, 30 at most.
 */
export function reseauSoinsKey({ specialite, lieu, commune, rayonKm }: RechercheReseau): string {
  return withQuery('/api/assure/referentiel/reseau-soins', { specialite, lieu, commune, rayonKm });
}

export function getReseauSoins(key: string): Promise<ReseauSoins> {
  return apiGet<ReseauSoins>(key);
}

/**
 * `null` asks for nothing. Each search is its own key, so that an earlier search's answer is
 * never shown for the latest. A refusal (a place no commune matches) is the same when asked
 * again: not retried.
 */
export function useReseauSoins(recherche: RechercheReseau | null) {
  return useSWR<ReseauSoins, unknown>(recherche === null ? null : reseauSoinsKey(recherche), getReseauSoins, {
    shouldRetryOnError: false,
  });
}
