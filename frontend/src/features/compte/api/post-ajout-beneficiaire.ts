import { apiPost } from '@/lib/api-client';
import { type CaptchaProof, captchaHeaders } from '@/components/captcha/captcha';
import { recentSignInWrites } from '@/config/paths';
import type { MemberApi } from '@/types/member-api';

export type AjoutBeneficiaire = MemberApi<'AjoutBeneficiaire'>;
export type DemandeCreee = MemberApi<'Demande'>;

/**
 * `POST document/ajoutBeneficiaire`: a spouse, a child or a newborn to cover, a request (type
 * ABE) the mutual decides. The member API checks every rule (the newborn's 3 months, the age
 * limit, one spouse, the same person twice, the number's key) and says why in French. A
 * creation like the others, it carries its anti-robot proof; the portal also asks for a recent
 * sign-in (`reconnexion_requise`), and the form is kept for the trip.
 */
export function postAjoutBeneficiaire(body: AjoutBeneficiaire, captcha: CaptchaProof): Promise<DemandeCreee> {
  return apiPost<DemandeCreee>(recentSignInWrites.ajoutBeneficiaire, body, captchaHeaders(captcha));
}
