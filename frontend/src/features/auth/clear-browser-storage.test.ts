import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  eraseSavedCard,
  readKeepCard,
  readSavedCard,
  recordSignIn,
  saveCard,
  setKeepCard,
} from '@/entities/carte-tp/saved-card';
import { consentStorageKey } from '@/entities/consentement/cookie-consent';
import { aCarteTp } from '@/test/fixtures';
import { clearBrowserStorage } from './clear-browser-storage';

const june = new Date(2026, 5, 15);
const consent = '{"choice":"refused","expiresAt":"2099-01-01"}';

afterEach(async () => {
  await eraseSavedCard();
  await setKeepCard(true);
});

describe('clearing what the browser keeps for the member', () => {
  it('clears session and local storage at once, but keeps the cookie-consent choice', () => {
    sessionStorage.setItem('espace-assure.demande-en-cours', '{"type":"UNE_QUESTION_SANTÉ"}');
    localStorage.setItem('visible', 'false');
    localStorage.setItem(consentStorageKey, consent);

    void clearBrowserStorage();

    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('visible')).toBeNull();
    expect(localStorage.getItem(consentStorageKey)).toBe(consent);
  });

  it('erases the card kept for offline use', async () => {
    await recordSignIn('100001', june);
    await saveCard('100001', [aCarteTp()], june);
    expect(await readSavedCard(7, june)).not.toBeNull();

    await clearBrowserStorage();

    expect(await readSavedCard(7, june)).toBeNull();
  });

  it('keeps the device’s choice not to keep the card', async () => {
    await setKeepCard(false);

    await clearBrowserStorage();

    expect(await readKeepCard()).toBe(false);
  });
});
