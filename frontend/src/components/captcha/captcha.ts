import { t } from '@/i18n/t';

/**
 * The anti-robot proof of one guarded write (a request, a termination), sent as `X-Captcha`:
 * ALTCHA's payload or a hosted widget's token; `null` when the portal asks for none.
 */
export type CaptchaProof = string | null;

export function captchaHeaders(proof: CaptchaProof): Readonly<Record<string, string>> {
  return proof === null ? {} : { 'X-Captcha': proof };
}

/** No proof could be had (challenge not fetched, not solved, widget failed): nothing was sent. */
export class CaptchaUnavailableError extends Error {
  constructor() {
    super(t('captcha.echec'));
    this.name = 'CaptchaUnavailableError';
  }
}

/**
 * Where the proofs of one provider come from, for the sending step that shows it. The server
 * accepts a proof once: each call takes its own, and a call that failed asks for the next.
 */
export interface ProofSource {
  /** A proof is at hand: a send now would not wait. */
  ready: () => boolean;
  /** The proof for one call; rejects when none can be had. */
  take: () => Promise<string>;
  /** The proof taken was spent on a call that failed: get the next one ready. */
  renew: () => void;
  /** The step is gone: stop working, release what was loaded. */
  dispose: () => void;
}
