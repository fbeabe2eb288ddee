import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { altchaPortal } from '@/test/altcha';
import { server } from '@/test/server';
import { type AltchaChallenge, findNumber } from './altcha';
import { AltchaProofs } from './altcha-proofs';

/**
 * A stand-in for the browser's `Worker` (jsdom has none), answering as `altcha.worker.ts`
 * does: `{ number }` for the challenge it is sent, unless told to fail or to stay silent.
 */
class FakeWorker extends EventTarget {
  static created: FakeWorker[] = [];
  static behaviour: 'solve' | 'fail' | 'silent' = 'solve';
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.created.push(this);
  }

  postMessage(challenge: AltchaChallenge) {
    if (FakeWorker.behaviour === 'fail') {
      this.dispatchEvent(new Event('error'));
    } else if (FakeWorker.behaviour === 'solve') {
      void findNumber(challenge).then((number) => {
        this.dispatchEvent(new MessageEvent('message', { data: { number } }));
      });
    }
  }

  terminate() {
    this.terminated = true;
  }
}

function withWorkers(behaviour: typeof FakeWorker.behaviour) {
  FakeWorker.created = [];
  FakeWorker.behaviour = behaviour;
  vi.stubGlobal('Worker', FakeWorker);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ALTCHA’s proofs', () => {
  it('are solved in a module worker of their own, which ends with its search', async () => {
    withWorkers('solve');
    const portal = altchaPortal();
    const proofs = new AltchaProofs();

    const proof = await proofs.take();

    expect(await portal.solved(proof)).toBe(portal.issued[0]);
    expect(FakeWorker.created).toHaveLength(1);
    expect(String(FakeWorker.created[0]?.url)).toContain('altcha.worker');
    expect(FakeWorker.created[0]?.options).toEqual({ type: 'module' });
    expect(FakeWorker.created[0]?.terminated).toBe(true);
  });

  it('fail when their worker cannot run', async () => {
    withWorkers('fail');
    altchaPortal();

    await expect(new AltchaProofs().take()).rejects.toThrow();
    expect(FakeWorker.created[0]?.terminated).toBe(true);
  });

  it('fail when the portal answers something else than a challenge', async () => {
    server.use(http.get('/api/captcha', () => HttpResponse.json({ algorithm: 'MD5', challenge: 'a3f1' })));

    await expect(new AltchaProofs().take()).rejects.toThrow();
  });

  it('stop their worker when the step is left', async () => {
    withWorkers('silent');
    const portal = altchaPortal();
    const proofs = new AltchaProofs();
    await vi.waitFor(() => {
      expect(FakeWorker.created).toHaveLength(1);
    });

    proofs.dispose();

    expect(FakeWorker.created[0]?.terminated).toBe(true);
    expect(portal.issued).toHaveLength(1);
  });

  it('are prepared once, and that proof is the one sent', async () => {
    const portal = altchaPortal();
    const proofs = new AltchaProofs();
    await vi.waitFor(() => {
      expect(proofs.ready()).toBe(true);
    });

    expect(await portal.solved(await proofs.take())).toBe(portal.issued[0]);
    expect(portal.issued).toHaveLength(1);
  });

  it('are not sent about to expire: a member who lingered gets a fresh one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const portal = altchaPortal();
    const proofs = new AltchaProofs();
    await vi.waitFor(() => {
      expect(proofs.ready()).toBe(true);
    });
    // 5 seconds left: too few for the call to be sure to arrive in time.
    vi.setSystemTime(Date.now() + 595_000);

    expect(proofs.ready()).toBe(false);
    const proof = await proofs.take();

    expect(portal.issued).toHaveLength(2);
    expect(await portal.solved(proof)).toBe(portal.issued[1]);
  });

  it('are renewed after a failed call, with a new challenge', async () => {
    const portal = altchaPortal();
    const proofs = new AltchaProofs();
    const first = await proofs.take();

    proofs.renew();
    const second = await proofs.take();

    expect(await portal.solved(first)).toBe(portal.issued[0]);
    expect(await portal.solved(second)).toBe(portal.issued[1]);
  });
});
