import { recentSignInWrites } from '@/config/paths';
import { apiPost } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import type { Delegation } from './get-delegations';

export type NouvelleDelegation = MemberApi<'NouvelleDelegation'>;

/**
 * `POST assure/delegations`: the member invites a person, by their email, to act for them with
 * the rights chosen until the day chosen; the delegation waits for its first use. The member API
 * says why it refuses (422, 409) in French; the portal may first ask for a recent sign-in
 * (`reconnexion_requise`), and the form is kept for the trip.
 */
export function postDelegation(body: NouvelleDelegation): Promise<Delegation> {
  return apiPost<Delegation>(recentSignInWrites.delegation, body);
}
