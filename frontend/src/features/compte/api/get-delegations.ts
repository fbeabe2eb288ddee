import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/**
 * `GET assure/delegations`: who may act for the member, newest first: the delegations they
 * gave (ended ones too, for a year) and the guardianships the mutual recorded, each with the
 * latest things done under it. Refused (403) to someone acting for the member.
 */
export type Delegation = MemberApi<'Delegation'>;

const endpoint = getEndpoint<{ delegations: Delegation[] }>('/api/assure/delegations');
export const delegationsKey = endpoint.key;
export const getDelegations = endpoint.get;
export const useDelegations = endpoint.use;
