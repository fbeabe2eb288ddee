import { recentSignInWrites } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

/** The instalments a plan may have, in the order offered. */
export const mensualitesProposees = [2, 3, 4] as const;

/** The least owed for which the mutual spreads the payment (its rule; the member API decides). */
export const planMinimum = 30;

/**
 * `POST assure/plan-de-reglement`: what the member owes on a contract, in monthly instalments.
 * The portal asks for a recent sign-in first (403 `reconnexion_requise`).
 */
export function postPlanDeReglement(
  demande: MemberApi<'DemandePlanReglement'>,
): Promise<MemberApi<'PlanReglement'>> {
  return apiRequest(recentSignInWrites.planReglement, { method: 'POST', body: demande });
}
