import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { type AltchaChallenge, altchaPayload, expiresAt, findNumber, readChallenge } from './altcha';

/** A challenge as the portal signs it, whose number is `number`. */
async function aChallenge(number: number, expires?: Date): Promise<AltchaChallenge> {
  const challenge = await createChallenge({ hmacKey: 'secret', maxNumber: 1000, number, ...(expires ? { expires } : {}) });
  return { ...challenge, maxnumber: 1000 };
}

describe('an ALTCHA challenge', () => {
  it('is read from the answer of GET /api/captcha', () => {
    const answer = {
      algorithm: 'SHA-256',
      challenge: 'a3f1',
      maxnumber: 100000,
      salt: '5e1d?expires=1790000000',
      signature: '9c2b',
    };

    expect(readChallenge(answer)).toEqual(answer);
  });

  it.each([
    ['not an object', 'SHA-256'],
    ['an unknown algorithm', { algorithm: 'MD5', challenge: 'a3f1', maxnumber: 10, salt: 's', signature: 'x' }],
    ['no signature', { algorithm: 'SHA-256', challenge: 'a3f1', maxnumber: 10, salt: 's' }],
    ['a maximum that is not a whole number', { algorithm: 'SHA-256', challenge: 'a3f1', maxnumber: 1.5, salt: 's', signature: 'x' }],
    ['a negative maximum', { algorithm: 'SHA-256', challenge: 'a3f1', maxnumber: -1, salt: 's', signature: 'x' }],
  ])('is refused when %s', (_, answer) => {
    expect(readChallenge(answer)).toBeNull();
  });

  it('is solved by the number whose digest, after the salt, is the challenge', async () => {
    expect(await findNumber(await aChallenge(737))).toBe(737);
  });

  it('has no solution when the number is above the maximum', async () => {
    const challenge = await aChallenge(737);

    await expect(findNumber({ ...challenge, maxnumber: 500 })).rejects.toThrow();
  });

  it('gives ALTCHA’s payload: base64 of the JSON of its fields and the number', async () => {
    const challenge = await aChallenge(12);

    expect(JSON.parse(atob(altchaPayload(challenge, 12)))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 12,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });

  it('tells when it expires, from its salt', async () => {
    const expires = new Date('2026-11-23T10:40:00Z');

    expect(expiresAt(await aChallenge(1, expires))).toBe(expires.getTime());
    expect(expiresAt(await aChallenge(1))).toBeNull();
  });
});
