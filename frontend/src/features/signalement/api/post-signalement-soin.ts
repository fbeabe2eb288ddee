import { apiPost } from '@/lib/api-client';
import { type CaptchaProof, captchaHeaders } from '@/components/captcha/captcha';
import type { MemberApi } from '@/types/member-api';

export type SignalementSoin = MemberApi<'SignalementSoin'>;
export type DemandeCreee = MemberApi<'Demande'>;

/**
 * `POST document/signalementSoin`: « Je ne reconnais pas ce soin », a request of its own (type
 * SNR) about one line of a payment. The member API decides: another member's payment is
 * refused (403), a line not in it (422), a line already reported (409), « Autre motif »
 * without a comment (422), each with a French message. A creation like the others, it
 * carries its anti-robot proof (`X-Captcha`).
 */
export function postSignalementSoin(body: SignalementSoin, captcha: CaptchaProof): Promise<DemandeCreee> {
  return apiPost<DemandeCreee>('/api/document/signalementSoin', body, captchaHeaders(captcha));
}
