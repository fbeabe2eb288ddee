import type { MemberApi } from '@/types/member-api';
import { getEndpoint } from './get-endpoint';

/** Shared: the payment day shows where a reimbursement went, personal information manages them. */
export type CompteBancaire = MemberApi<'CompteBancaire'>;

/** `GET assure/banques`: the member's accounts, IBAN masked. */
const endpoint = getEndpoint<CompteBancaire[]>('/api/assure/banques');
export const banquesKey = endpoint.key;
export const getBanques = endpoint.get;
export const useBanques = endpoint.use;
