import { apiPost } from '@/lib/api-client';
import { delegationsKey, type Delegation } from './get-delegations';

/**
 * `POST assure/delegations/{id}/retrait`: the member ends a delegation they gave, at once; the
 * delegation as it now stands (`RETIREE`). The person it named is told by email.
 */
export function postDelegationRetrait(id: number): Promise<Delegation> {
  return apiPost<Delegation>(`${delegationsKey}/${String(id)}/retrait`);
}
