import { apiPost } from '@/lib/api-client';
import { type CaptchaProof, captchaHeaders } from '@/components/captcha/captcha';
import { recentSignInWrites } from '@/config/paths';
import type { MemberApi } from '@/types/member-api';

export type CreationResiliation = MemberApi<'CreationResiliation'>;
export type DemandeResiliation = MemberApi<'Demande'>;
export type Resiliation = MemberApi<'Resiliation'>;
export type DocumentInfo = MemberApi<'DocumentInfo'>;

/**
 * `POST document/creationResiliation`: the termination notice. The member API names the
 * member from the token, computes the end date and refuses (400, with a French message) a
 * motif or an event date the law does not allow. Its answer is the request as recorded: the
 * time of notice, the end date, the member as the mutual knows them, and the PDF
 * acknowledgement among its documents, which the portal then emails to the address given.
 * It carries its anti-robot proof (`X-Captcha`), without which the portal refuses it (422).
 */
export function postResiliation(body: CreationResiliation, captcha: CaptchaProof): Promise<DemandeResiliation> {
  return apiPost<DemandeResiliation>(recentSignInWrites.resiliation, body, captchaHeaders(captcha));
}

/** The acknowledgement among a request's documents: never any file that happens to be first. */
export function accuseReception(documents: readonly DocumentInfo[]): DocumentInfo | undefined {
  return documents.find((document) => document.nature === 'ACCUSE_RECEPTION_RESILIATION');
}
