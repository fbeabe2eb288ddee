import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** `GET assure/beneficiairesInfosBancaires`: the account each person's reimbursements go to. */
export type InfosBancairesBeneficiaire = MemberApi<'InfosBancairesBeneficiaire'>;

const endpoint = getEndpoint<InfosBancairesBeneficiaire[]>('/api/assure/beneficiairesInfosBancaires');
export const beneficiairesInfosBancairesKey = endpoint.key;
export const getBeneficiairesInfosBancaires = endpoint.get;
export const useBeneficiairesInfosBancaires = endpoint.use;
