import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

export type Demande = MemberApi<'Demande'>;

/** `GET demandes`: every request of the member, newest first. */
const endpoint = getEndpoint<Demande[]>('/api/demandes');
export const demandesKey = endpoint.key;
export const getDemandes = endpoint.get;
export const useDemandes = endpoint.use;
