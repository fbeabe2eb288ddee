import { type AltchaChallenge, altchaPayload, expiresAt, findNumber } from './altcha';
import type { ProofSource } from './captcha';
import { getCaptcha } from './get-captcha';

/**
 * The number that solves `challenge`, in a Web Worker: the digests, up to `maxnumber` of them,
 * would otherwise compete with the page for the main thread. The worker is a file of its own
 * (`altcha.worker.ts`, which Vite emits as `assets/altcha.worker-<hash>.js`) because the
 * Content-Security-Policy allows the portal's own scripts only, no `blob:` URL. Where there
 * are no workers (the component tests' jsdom), the same search runs on the main thread: each
 * digest is awaited, so the page still gets its turns.
 */
function solve(challenge: AltchaChallenge, signal: AbortSignal): Promise<number> {
  if (typeof Worker === 'undefined') return findNumber(challenge, signal);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    const finish = (settle: () => void) => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
      settle();
    };
    const abort = () => {
      finish(() => {
        reject(new DOMException('ALTCHA abandonné', 'AbortError'));
      });
    };
    signal.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<{ number: number | null }>) => {
      const { number } = event.data;
      finish(() => {
        if (number === null) reject(new Error('No number solves the ALTCHA challenge'));
        else resolve(number);
      });
    });
    // Its script could not be loaded or run.
    worker.addEventListener('error', () => {
      finish(() => {
        reject(new Error('The ALTCHA worker failed'));
      });
    });
    worker.postMessage(challenge);
  });
}

/** One challenge fetched from the portal and solved, in the background. */
class Attempt {
  readonly proof: Promise<string>;
  state: 'pending' | 'ready' | 'failed' = 'pending';
  /** Known once the challenge has arrived; `null` when the server set none. */
  private expiresAt: number | null = null;

  constructor(signal: AbortSignal) {
    this.proof = (async () => {
      const challenge = await getCaptcha();
      // The step was left while the challenge was on its way: nobody needs the search.
      signal.throwIfAborted();
      this.expiresAt = expiresAt(challenge);
      return altchaPayload(challenge, await solve(challenge, signal));
    })();
    this.proof.then(
      () => {
        this.state = 'ready';
      },
      () => {
        this.state = 'failed';
      },
    );
  }

  /**
   * Worth waiting for or sending: not failed, and not about to expire (a member who lingered
   * on the summary), with a few seconds' margin for the call to reach the server.
   */
  usable(): boolean {
    return this.state !== 'failed' && (this.expiresAt === null || Date.now() < this.expiresAt - 10_000);
  }
}

/**
 * ALTCHA's proofs: solving starts as soon as the sending step is shown, so that the member
 * who reads the summary before sending never waits. A spent proof is replaced only after a
 * failed call: a successful one ends the step.
 */
export class AltchaProofs implements ProofSource {
  private readonly controller = new AbortController();
  private next: Attempt | null;

  constructor() {
    this.next = new Attempt(this.controller.signal);
  }

  ready = (): boolean => this.next?.state === 'ready' && this.next.usable();

  take = (): Promise<string> => {
    const attempt = this.next?.usable() ? this.next : new Attempt(this.controller.signal);
    this.next = null;
    return attempt.proof;
  };

  renew = (): void => {
    this.next = new Attempt(this.controller.signal);
  };

  dispose = (): void => {
    this.controller.abort();
  };
}
