import type { MemberApi } from '@/types/member-api';
import { getEndpoint } from './get-endpoint';

/**
 * `GET assure/infos`: contact details and postal address. Shared here because the personal
 * information shows and changes them and the partner network searches around the member's
 * address; a feature folder never imports another one.
 */
export type InfosPersonnelles = MemberApi<'InfosPersonnelles'>;

const endpoint = getEndpoint<InfosPersonnelles>('/api/assure/infos');
export const infosKey = endpoint.key;
export const getInfos = endpoint.get;
export const useInfos = endpoint.use;
