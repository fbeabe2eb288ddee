import type { MemberApi } from '@/types/member-api';
import { getEndpoint } from './get-endpoint';

/**
 * `GET assure/contrats`: contracts with their contribution schedule, the one in force first.
 * Shared here because the guarantees and termination pages show them and a complaint names
 * the one it concerns; a feature folder never imports another one.
 */
export type Contrats = MemberApi<'Contrat'>[];

const endpoint = getEndpoint<Contrats>('/api/assure/contrats');
export const contratsKey = endpoint.key;
export const getContrats = endpoint.get;
export const useContrats = endpoint.use;
