import type { MemberApi } from '@/types/member-api';
import { getEndpoint } from './get-endpoint';

export type NonLus = MemberApi<'NonLus'>;

/**
 * `GET demandes/nonLus`: the mutual's messages the member has not read, in all and per
 * request. One key for the sidebar's count on « Mes demandes », the home's line and the
 * requests' list, so that the request's page refreshes all of them once the member has read.
 */
const endpoint = getEndpoint<NonLus>('/api/demandes/nonLus');
export const demandesNonLusKey = endpoint.key;
export const getDemandesNonLus = endpoint.get;
export const useDemandesNonLus = endpoint.use;
