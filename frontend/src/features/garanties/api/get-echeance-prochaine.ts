import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/echeance-prochaine`: the next call for contributions, `null` when none. */
export type EcheanceProchaine = MemberApi<'EcheanceProchaine'> | null;

const endpoint = getEndpoint<EcheanceProchaine>('/api/assure/echeance-prochaine');
export const echeanceProchaineKey = endpoint.key;
export const getEcheanceProchaine = endpoint.get;
export const useEcheanceProchaine = endpoint.use;
