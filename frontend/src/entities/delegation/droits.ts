import type { Session } from '@/api/get-session';
import type { MemberApi } from '@/types/member-api';

/** What a delegate or a guardian may do for the member (the member API's `Droit`). */
export type Droit = MemberApi<'Droit'>;
export type NatureDelegation = MemberApi<'NatureDelegation'>;

/** Every right, in the order the screens name them. */
export const droits = ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'] as const satisfies readonly Droit[];

/**
 * The rights a member gives themselves: `GESTION` (contact and bank details, beneficiaries,
 * termination) comes only from a court decision the mutual records.
 */
export const droitsProposes = ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'] as const satisfies readonly Droit[];

/** `accordes` in the order the screens name them, whatever order the answer had. */
export function droitsDansLOrdre(accordes: readonly Droit[]): Droit[] {
  return droits.filter((droit) => accordes.includes(droit));
}

/**
 * Whether the screens offer what `droit` covers: always in one's own space; while acting for a
 * member, when the delegation grants it. A preview that hides what would be refused: the member
 * API decides, call by call.
 */
export function droitAccorde({ delegation }: Pick<Session, 'delegation'>, droit: Droit): boolean {
  return delegation === undefined || delegation.droits.includes(droit);
}

/**
 * Whether this space sends in the contract's name (a request, an estimate): one's own space and
 * a delegate's with `DEMANDES` do; a beneficiary's own space reads its care and its requests
 * only. A preview, as `droitAccorde`: the member API refuses the rest.
 */
export function envoiPossible(session: Pick<Session, 'delegation'>): boolean {
  return droitAccorde(session, 'DEMANDES') && estimationPossible(session);
}

/**
 * Whether this space estimates a care's reimbursement: under any delegation (the guarantees are
 * the contract's), but not in a beneficiary's own space, which reads its care only.
 */
export function estimationPossible({ delegation }: Pick<Session, 'delegation'>): boolean {
  return delegation?.nature !== 'BENEFICIAIRE';
}
