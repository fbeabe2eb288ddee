import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/carte-tp`: the card in force (EN_COURS) and next period's (SUIVANTE), if any. */
export type CartesTp = MemberApi<'CarteTp'>[];

const endpoint = getEndpoint<CartesTp>('/api/assure/carte-tp');
export const carteTpKey = endpoint.key;
export const getCarteTp = endpoint.get;
export const useCarteTp = endpoint.use;
