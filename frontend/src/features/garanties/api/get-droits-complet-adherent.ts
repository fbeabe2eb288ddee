import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/droitsCompletAdherent`: each contract's guarantees by category. */
export type DroitsComplets = MemberApi<'DroitsComplets'>;

const endpoint = getEndpoint<DroitsComplets>('/api/assure/droitsCompletAdherent');
export const droitsCompletAdherentKey = endpoint.key;
export const getDroitsCompletAdherent = endpoint.get;
export const useDroitsCompletAdherent = endpoint.use;
