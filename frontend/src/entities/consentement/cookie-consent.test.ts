import { describe, expect, it } from 'vitest';
import { consentStorageKey, readConsent, saveConsent } from './cookie-consent';

describe('cookie consent', () => {
  it('is absent until the member chooses', () => {
    expect(readConsent()).toBeNull();
  });

  it('keeps the choice for 6 months', () => {
    const chosenOn = new Date('2026-01-15T10:00:00Z');

    const consent = saveConsent('refused', chosenOn);

    expect(consent.expiresAt.toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(readConsent(new Date('2026-07-15T09:59:59Z'))).toEqual(consent);
  });

  it('forgets the choice once the 6 months are over', () => {
    saveConsent('accepted', new Date('2026-01-15T10:00:00Z'));

    expect(readConsent(new Date('2026-07-15T10:00:00Z'))).toBeNull();
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem(consentStorageKey, '{"choice":"maybe"}');

    expect(readConsent()).toBeNull();
  });
});
