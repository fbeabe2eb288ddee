import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/droitsAdherent`: whether each covered person has rights today. */
export type Droits = MemberApi<'Droits'>;

const endpoint = getEndpoint<Droits>('/api/assure/droitsAdherent');
export const droitsAdherentKey = endpoint.key;
export const getDroitsAdherent = endpoint.get;
export const useDroitsAdherent = endpoint.use;
