import { type RefCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaSetting } from '@/config/brand';
import { useBrand } from '@/hooks/brand-context';
import { AltchaProofs } from './altcha-proofs';
import { type CaptchaProof, CaptchaUnavailableError, type ProofSource } from './captcha';
import { HcaptchaProofs } from './hcaptcha-proofs';

export interface Captcha {
  /**
   * `send` with the proof it needs: the returned function waits for a proof, passes it to
   * `send` for `X-Captcha`, and has the next one prepared when the call fails (the server
   * refused it, or has spent it), so that trying again just works.
   */
  guard: <Arg, Result>(
    send: (arg: Arg, proof: CaptchaProof) => Promise<Result>,
  ) => (arg: Arg) => Promise<Result>;
  /** A send is waiting for the proof: the step says so (`CaptchaWaiting`). */
  waiting: boolean;
  /** The provider draws a widget (hCaptcha), in the element given `widgetRef` (`CaptchaWidget`). */
  hosted: boolean;
  widgetRef: RefCallback<HTMLDivElement>;
}

function createSource(setting: CaptchaSetting, container: HTMLElement | null): ProofSource | null {
  switch (setting.provider) {
    case 'none':
      return null;
    case 'altcha':
      return new AltchaProofs();
    case 'hcaptcha':
      // Drawn once the step has put its container on the page.
      return container && new HcaptchaProofs(container, setting.siteKey);
  }
}

/**
 * The captcha of the step that sends a guarded write, as the brand sets it. Proofs are
 * prepared while `active` (the step is shown) and the member reads it; with `none`, nothing
 * is loaded or fetched and no header is sent. One hook, whatever the provider, so that the
 * steps and the API wrappers never know which one the partner chose.
 */
export function useCaptcha(active = true): Captcha {
  const { captcha: setting } = useBrand();
  const source = useRef<ProofSource | null>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!active) return;
    const created = createSource(setting, container);
    source.current = created;
    return () => {
      created?.dispose();
      source.current = null;
    };
  }, [active, setting, container]);

  const guard: Captcha['guard'] = (send) => async (arg) => {
    if (setting.provider === 'none') return send(arg, null);
    const current = source.current;
    // The step is not shown, or hCaptcha's container not yet on the page: nothing to offer.
    if (current === null) throw new CaptchaUnavailableError();
    let proof: string;
    if (!current.ready()) setWaiting(true);
    try {
      proof = await current.take();
    } catch {
      throw new CaptchaUnavailableError();
    } finally {
      setWaiting(false);
    }
    try {
      return await send(arg, proof);
    } catch (error) {
      current.renew();
      throw error;
    }
  };

  return { guard, waiting, hosted: setting.provider === 'hcaptcha', widgetRef: setContainer };
}
