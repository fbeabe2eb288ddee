import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type JourPrelevement = MemberApi<'JourPrelevement'>;

/** The mutual's debit days, in the order offered. */
export const joursPrelevement = [5, 10, 15] as const satisfies readonly JourPrelevement[];

/**
 * `PUT assure/prelevement`: the day of the month the contract's contributions are debited on,
 * from now on; the member API refuses a change while the next debit is prepared (422).
 */
export function putPrelevement(change: MemberApi<'NouveauJourPrelevement'>): Promise<MemberApi<'JourDePrelevement'>> {
  return apiRequest('/api/assure/prelevement', { method: 'PUT', body: change });
}
