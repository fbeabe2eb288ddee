import { apiGet } from '@/lib/api-client';
import { type AltchaChallenge, readChallenge } from './altcha';

/**
 * `GET /api/captcha`: a fresh ALTCHA challenge for the signed-in member. No SWR hook: the
 * portal accepts each solution once, so a challenge is never cached nor shared between sends
 * (the portal answers `no-store`). Rejects when the answer is not a challenge to solve.
 */
export async function getCaptcha(): Promise<AltchaChallenge> {
  const challenge = readChallenge(await apiGet<unknown>('/api/captcha'));
  if (challenge === null) throw new Error('Not an ALTCHA challenge');
  return challenge;
}
