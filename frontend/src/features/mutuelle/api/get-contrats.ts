import { getEndpoint } from '@/lib/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/contrats`: contracts with their contribution schedule, the one in force first. */
export type Contrats = MemberApi<'Contrat'>[];

const endpoint = getEndpoint<Contrats>('/api/assure/contrats');
export const contratsKey = endpoint.key;
export const getContrats = endpoint.get;
export const useContrats = endpoint.use;
