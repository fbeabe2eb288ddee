import type { ProofSource } from './captcha';

/** What the portal uses of hCaptcha's `window.hcaptcha` (docs.hcaptcha.com/configuration). */
interface HcaptchaApi {
  render: (container: HTMLElement, parameters: { sitekey: string; hl: string }) => string;
  getResponse: (widgetId: string) => string;
  execute: (widgetId: string, options: { async: true }) => Promise<{ response: string }>;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    hcaptcha?: HcaptchaApi;
    /** Called by hCaptcha's script once its API is ready (its `onload` parameter). */
    espaceAssureHcaptchaReady?: () => void;
  }
}

/**
 * Only loaded when the brand names hCaptcha, and once per page. `render=explicit`: the widget
 * goes where the sending step puts its container, not wherever the script finds a class.
 */
export const hcaptchaScript = 'https://js.hcaptcha.com/1/api.js?render=explicit&onload=espaceAssureHcaptchaReady';

let loading: Promise<HcaptchaApi> | null = null;

function loadHcaptcha(): Promise<HcaptchaApi> {
  loading ??= new Promise<HcaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    window.espaceAssureHcaptchaReady = () => {
      if (window.hcaptcha) resolve(window.hcaptcha);
      else reject(new Error('hCaptcha loaded without its API'));
    };
    script.src = hcaptchaScript;
    script.async = true;
    script.addEventListener('error', () => {
      // Blocked or offline: the next sending step tries again.
      script.remove();
      loading = null;
      reject(new Error('hCaptcha’s script could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}

/**
 * hCaptcha's widget, drawn in the sending step's container with the partner's site key. The
 * member ticks it (or hCaptcha asks, at the send, when they have not); its token serves once,
 * so the widget starts over after a failed call.
 */
export class HcaptchaProofs implements ProofSource {
  private widget: { hcaptcha: HcaptchaApi; id: string } | null = null;
  private readonly rendered: Promise<{ hcaptcha: HcaptchaApi; id: string }>;
  private disposed = false;

  constructor(container: HTMLElement, siteKey: string) {
    this.rendered = loadHcaptcha().then((hcaptcha) => {
      if (this.disposed) throw new Error('The sending step is gone');
      this.widget = { hcaptcha, id: hcaptcha.render(container, { sitekey: siteKey, hl: 'fr' }) };
      return this.widget;
    });
    // A failure to load is told when the member sends (`take`), not before.
    this.rendered.catch(() => undefined);
  }

  ready = (): boolean => this.widget !== null && this.widget.hcaptcha.getResponse(this.widget.id) !== '';

  take = async (): Promise<string> => {
    const { hcaptcha, id } = await this.rendered;
    const ticked = hcaptcha.getResponse(id);
    return ticked !== '' ? ticked : (await hcaptcha.execute(id, { async: true })).response;
  };

  renew = (): void => {
    if (this.widget) this.widget.hcaptcha.reset(this.widget.id);
  };

  dispose = (): void => {
    this.disposed = true;
    if (this.widget) this.widget.hcaptcha.remove(this.widget.id);
  };
}
