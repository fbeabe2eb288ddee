import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/**
 * `GET assure/plafonds`: for each person covered today, what is left of each guarantee with a
 * ceiling, counted by the member API as its estimate counts it.
 */
export type PlafondsBeneficiaire = MemberApi<'PlafondsBeneficiaire'>;
export type PlafondGarantie = MemberApi<'PlafondGarantie'>;

const endpoint = getEndpoint<PlafondsBeneficiaire[]>('/api/assure/plafonds');
export const plafondsKey = endpoint.key;
export const usePlafonds = endpoint.use;
