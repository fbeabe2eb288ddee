import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import { withQuery } from './query-string';

/**
 * `GET assure/prestations`: the member's payments with their lines, newest first. Shared here
 * because the reimbursement pages list them and a complaint names the one it concerns; a
 * feature folder never imports another one.
 */

/** A payment with all its lines. */
export type Paiement = MemberApi<'Paiement'>;
export type LignePrestation = MemberApi<'LignePrestation'>;

/** The member API's filters of both payment lists: payment days and beneficiary. */
export interface PrestationsQuery {
  /** First payment day included, YYYY-MM-DD. */
  dateDebut?: string | undefined;
  /** Last payment day included, YYYY-MM-DD. */
  dateFin?: string | undefined;
  idBeneficiaire?: number | undefined;
}

export function prestationsKey(query: PrestationsQuery): string {
  return withQuery('/api/assure/prestations', { ...query });
}

/** The payments of one day, named by the address's `date`; `null` for an address that names none. */
export function jourQuery(date: string): PrestationsQuery | null {
  const day = parseIsoDate(date);
  if (!day) return null;
  const isoDay = toIsoDate(day);
  return { dateDebut: isoDay, dateFin: isoDay };
}

export function getPrestations(key: string): Promise<Paiement[]> {
  return apiGet<Paiement[]>(key);
}

/** `null` asks for nothing (the other list is the one shown). */
export function usePrestations(query: PrestationsQuery | null) {
  return useSWR<Paiement[], unknown>(query && prestationsKey(query), getPrestations);
}
