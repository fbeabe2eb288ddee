import { apiPost } from '@/lib/api-client';
import type { CompteBancaire } from '@/api/get-banques';
import { recentSignInWrites } from '@/config/paths';
import type { MemberApi } from '@/types/member-api';

export type NouveauCompte = MemberApi<'NouveauCompte'>;

/** `POST assure/beneficiaire/banque`: new bank details, the account as saved (IBAN masked). */
export function postBanque(compte: NouveauCompte): Promise<CompteBancaire> {
  return apiPost<CompteBancaire>(recentSignInWrites.banque, compte);
}
