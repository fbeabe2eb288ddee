import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/infos`: contact details and postal address. */
export type InfosPersonnelles = MemberApi<'InfosPersonnelles'>;

const endpoint = getEndpoint<InfosPersonnelles>('/api/assure/infos');
export const infosKey = endpoint.key;
export const getInfos = endpoint.get;
export const useInfos = endpoint.use;
