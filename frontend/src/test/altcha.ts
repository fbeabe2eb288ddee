import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { http, HttpResponse } from 'msw';
import { type Brand, defaultBrand } from '@/config/brand';
import { errorBody } from './fixtures';
import { server } from './server';

/** The brand of a portal that asks for ALTCHA, as the demo does. */
export const altchaBrand: Brand = { ...defaultBrand, captcha: { provider: 'altcha' } };

const hmacKey = 'clé-des-défis-du-portail';

interface AltchaPortal {
  /** The challenges `GET /api/captcha` has answered, in order. */
  issued: Challenge[];
  /** Lets the challenges held back (`held: true`) go. */
  release: () => void;
  /**
   * The challenge `header` answers, as the portal checks it: ALTCHA's payload (base64 JSON)
   * with the fields of a challenge issued here and the number that solves it; else `null`.
   */
  solved: (header: string | null) => Promise<Challenge | null>;
}

/**
 * `GET /api/captcha` as the portal answers it: signed ALTCHA challenges, small enough to be
 * solved at once on the test's main thread, valid for 10 minutes (the portal's default). With
 * `held`, the answers wait for `release()`; with `failing`, the portal cannot give one.
 */
export function altchaPortal({ held = false, failing = false } = {}): AltchaPortal {
  const issued: Challenge[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get('/api/captcha', async () => {
      if (failing) return errorBody(503, 'indisponible', 'Le service est momentanément indisponible.');
      const expires = new Date(Date.now() + 600_000);
      const challenge = await createChallenge({ hmacKey, maxNumber: 100, expires });
      issued.push(challenge);
      if (held) await released;
      return HttpResponse.json(challenge, { headers: { 'Cache-Control': 'no-store' } });
    }),
  );
  return {
    issued,
    release,
    solved: async (header) => {
      if (header === null) return null;
      const payload = JSON.parse(atob(header)) as Record<string, unknown>;
      const challenge = issued.find(
        (candidate) =>
          payload.algorithm === candidate.algorithm &&
          payload.challenge === candidate.challenge &&
          payload.salt === candidate.salt &&
          payload.signature === candidate.signature,
      );
      return challenge && (await verifySolution(header, hmacKey)) ? challenge : null;
    },
  };
}
