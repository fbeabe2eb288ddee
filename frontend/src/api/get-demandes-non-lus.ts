import useSWR from 'swr';
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

/**
 * Not `asked` of the member API by someone acting for the member without the right to their
 * requests, who would be refused it.
 */
export function useDemandesNonLus(asked = true) {
  return useSWR<NonLus, unknown>(asked ? demandesNonLusKey : null, getDemandesNonLus);
}
