import { extractParams, solveChallenge } from 'altcha-lib/v1';

/**
 * ALTCHA's proof of work (v1), without the DOM or the API client: the Web Worker that solves
 * a challenge loads this module and nothing else.
 */

const algorithms = ['SHA-1', 'SHA-256', 'SHA-512'] as const;

/** A challenge as `GET /api/captcha` answers it. */
export interface AltchaChallenge {
  algorithm: (typeof algorithms)[number];
  /** Hex digest of `salt` followed by the number to find, in decimal. */
  challenge: string;
  /** The number is between 0 and this, both included. */
  maxnumber: number;
  /** Random, with the expiry the server signed: `…?expires=<seconds>`. */
  salt: string;
  signature: string;
}

/** The challenge in `value`, or `null` when it is not one this browser can solve. */
export function readChallenge(value: unknown): AltchaChallenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const { algorithm, challenge, maxnumber, salt, signature } = value as Record<string, unknown>;
  const known = algorithms.find((candidate) => candidate === algorithm);
  if (
    known === undefined ||
    typeof challenge !== 'string' ||
    typeof salt !== 'string' ||
    typeof signature !== 'string' ||
    typeof maxnumber !== 'number' ||
    !Number.isSafeInteger(maxnumber) ||
    maxnumber < 0
  ) {
    return null;
  }
  return { algorithm: known, challenge, maxnumber, salt, signature };
}

/** The number that solves `challenge`, tried from 0 up; rejects when there is none. */
export async function findNumber(challenge: AltchaChallenge, signal?: AbortSignal): Promise<number> {
  const search = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal?.addEventListener('abort', () => {
    search.controller.abort();
  });
  const solution = await search.promise;
  if (solution === null) throw new Error('No number up to maxnumber solves the ALTCHA challenge');
  return solution.number;
}

/**
 * The `X-Captcha` header of a solved challenge: ALTCHA's standard payload, base64 of the JSON
 * of the challenge's fields with the number found (the widget's `altcha` form field).
 */
export function altchaPayload({ algorithm, challenge, salt, signature }: AltchaChallenge, number: number): string {
  return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
}

/** When the server stops accepting the challenge's solution (ms since the epoch), if it says. */
export function expiresAt(challenge: AltchaChallenge): number | null {
  const seconds = Number(extractParams(challenge).expires);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}
