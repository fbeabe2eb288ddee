import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/`: who the member is, as the mutual knows them. */
export type Identite = MemberApi<'Identite'>;

const endpoint = getEndpoint<Identite>('/api/assure/');
export const identiteKey = endpoint.key;
export const getIdentite = endpoint.get;
export const useIdentite = endpoint.use;
