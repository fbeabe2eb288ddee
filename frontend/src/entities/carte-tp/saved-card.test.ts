import 'fake-indexeddb/auto';
import { createStore, del, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aCarteTp } from '@/test/fixtures';
import {
  eraseSavedCard,
  readKeepCard,
  readSavedCard,
  recordSignIn,
  saveCard,
  setKeepCard,
} from './saved-card';

const june = new Date(2026, 5, 15);
/** The brand's default. */
const days = 7;

function daysAfter(date: Date, count: number): Date {
  return new Date(date.getTime() + count * 24 * 60 * 60 * 1000);
}
const suivante = aCarteTp({
  id: 12,
  periode: 'SUIVANTE',
  dateDebutValidite: '2027-01-01',
  dateFinValidite: '2027-12-31',
});

/** The store itself, read and written around the module, as another version of it would. */
const rawStore = createStore('espace-assure', 'carte-tp');

// Erasing the copy also forgets the choice to keep it: each test starts with keeping off.
afterEach(async () => {
  await eraseSavedCard();
});

describe('the choice to keep the card', () => {
  beforeEach(async () => {
    await recordSignIn('100001', june);
  });

  it('is off until the member turns it on: nothing is stored before', async () => {
    expect(await readKeepCard()).toBe(false);

    expect(await saveCard('100001', [aCarteTp()], june)).toBe(false);

    expect(await get('carte', rawStore)).toBeUndefined();
    await setKeepCard(true);
    expect(await readKeepCard()).toBe(true);
    expect(await saveCard('100001', [aCarteTp()], june)).toBe(true);
    expect(await readSavedCard(days, june)).toMatchObject({ owner: '100001' });
  });

  it('turned off, erases the copy and keeps nothing more', async () => {
    await setKeepCard(true);
    await saveCard('100001', [aCarteTp()], june);

    await setKeepCard(false);

    expect(await readKeepCard()).toBe(false);
    expect(await get('carte', rawStore)).toBeUndefined();
    expect(await saveCard('100001', [aCarteTp()], june)).toBe(false);
    expect(await readSavedCard(days, june)).toBeNull();
  });

  it('goes with the copy at sign-out: the next member on the device starts with it off', async () => {
    await setKeepCard(true);
    await saveCard('100001', [aCarteTp()], june);

    await eraseSavedCard();

    expect(await readKeepCard()).toBe(false);
    await recordSignIn('200002', june);
    expect(await saveCard('200002', [aCarteTp({ numeroAdherent: '200002' })], june)).toBe(false);
  });

  it('goes with the copy when another member’s session starts, stays for the same member', async () => {
    await setKeepCard(true);
    await saveCard('100001', [aCarteTp()], june);

    await recordSignIn('100001', june);
    expect(await readKeepCard()).toBe(true);

    await recordSignIn('200002', june);
    expect(await readKeepCard()).toBe(false);
  });

  it('erases, when read, a copy kept while keeping was on by default', async () => {
    await setKeepCard(true);
    await saveCard('100001', [aCarteTp()], june);
    // The earlier version kept the card without a choice recorded.
    await del('garder-carte', rawStore);

    expect(await readSavedCard(days, june)).toBeNull();
    expect(await get('carte', rawStore)).toBeUndefined();
  });

  it('erases, at the next save, a copy kept while keeping was on by default', async () => {
    await setKeepCard(true);
    await saveCard('100001', [aCarteTp()], june);
    await del('garder-carte', rawStore);

    expect(await saveCard('100001', [aCarteTp()], june)).toBe(false);

    expect(await get('carte', rawStore)).toBeUndefined();
  });
});

describe('the card kept on the device', () => {
  // Its member signed in on the device that day, and chose to keep the card: it stays
  // readable a week after.
  beforeEach(async () => {
    await recordSignIn('100001', june);
    await setKeepCard(true);
  });

  it('keeps the cards, the day they were saved and whose they are', async () => {
    expect(await saveCard('100001', [suivante, aCarteTp()], june)).toBe(true);

    const saved = await readSavedCard(days, june);
    expect(saved).toMatchObject({
      owner: '100001',
      savedOn: '2026-06-15',
      keptUntil: '2027-12-31',
    });
    // The card in force first.
    expect(saved?.cartes.map((carte) => carte.id)).toEqual([11, 12]);
    expect(saved?.cartes[0]).toMatchObject({
      numeroAmc: '75500017',
      typeConvention: 'SP',
      critereAiguillage: 'IS',
      numeroAdherent: '100001',
      domaines: [
        { code: 'PHAR', libelle: 'Pharmacie', taux: '100 %' },
        { code: 'HOSP', libelle: 'Hospitalisation', taux: 'PEC' },
      ],
    });
  });

  it('keeps nothing of the people covered but what the card shows', async () => {
    await saveCard('100001', [aCarteTp()], june);

    const saved = await readSavedCard(days, june);
    expect(saved?.cartes[0]?.beneficiaires[0]).toEqual({
      prenom: 'Marie',
      nom: 'DUPONT',
      dateNaissance: '1980-04-12',
    });
    expect(JSON.stringify(saved)).not.toContain('2 80 04 75 111 042 60');
  });

  it('erases a copy whose last card has expired when it is read', async () => {
    await saveCard('100001', [aCarteTp()], june);

    await recordSignIn('100001', new Date(2027, 0, 1));
    expect(await readSavedCard(days, new Date(2027, 0, 1))).toBeNull();
    // Gone, not merely hidden.
    expect(await readSavedCard(days, june)).toBeNull();
  });

  it('shows only the cards still valid, next period’s now in force', async () => {
    await saveCard('100001', [aCarteTp(), suivante], new Date(2026, 11, 20));

    await recordSignIn('100001', new Date(2027, 0, 5));
    const saved = await readSavedCard(days, new Date(2027, 0, 5));
    expect(saved?.cartes).toHaveLength(1);
    expect(saved?.cartes[0]).toMatchObject({ id: 12, periode: 'EN_COURS' });
  });

  it('erases the copy when the answer has no card any more', async () => {
    await saveCard('100001', [aCarteTp()], june);

    expect(await saveCard('100001', [], june)).toBe(false);

    expect(await readSavedCard(days, june)).toBeNull();
  });

  it('is erased when another member signs in, kept when the same one does', async () => {
    await saveCard('100001', [aCarteTp()], june);

    await recordSignIn('100001', june);
    expect(await readSavedCard(days, june)).not.toBeNull();

    await recordSignIn('200002', june);
    expect(await readSavedCard(days, june)).toBeNull();
  });

});

describe('the card kept on a device where nobody signs in', () => {
  beforeEach(async () => {
    await setKeepCard(true);
  });

  it('is still there 6 days after the last sign-in', async () => {
    await recordSignIn('100001', june);
    await saveCard('100001', [aCarteTp()], june);

    expect(await readSavedCard(days, daysAfter(june, 6))).toMatchObject({ owner: '100001' });
  });

  it('is erased when read 8 days after the last sign-in, and stays erased', async () => {
    await recordSignIn('100001', june);
    await saveCard('100001', [aCarteTp()], june);

    expect(await readSavedCard(days, daysAfter(june, 8))).toBeNull();
    // Gone, not merely hidden: read again within the week, it is not there.
    expect(await readSavedCard(days, daysAfter(june, 1))).toBeNull();
  });

  it('counts the days from the last sign-in, not from the first', async () => {
    await recordSignIn('100001', june);
    await saveCard('100001', [aCarteTp()], june);
    await recordSignIn('100001', daysAfter(june, 5));

    expect(await readSavedCard(days, daysAfter(june, 11))).not.toBeNull();
  });

  it('honours the partner’s number of days', async () => {
    await recordSignIn('100001', june);
    await saveCard('100001', [aCarteTp()], june);

    expect(await readSavedCard(2, daysAfter(june, 1.5))).not.toBeNull();
    expect(await readSavedCard(2, daysAfter(june, 3))).toBeNull();
    expect(await readSavedCard(days, june)).toBeNull();
  });

  it('is erased when no sign-in is recorded on the device', async () => {
    await saveCard('100001', [aCarteTp()], june);

    expect(await readSavedCard(days, june)).toBeNull();
    await recordSignIn('100001', june);
    expect(await readSavedCard(days, june)).toBeNull();
  });

  it('forgets the sign-in with the card at sign-out', async () => {
    await recordSignIn('100001', june);

    await eraseSavedCard();

    await setKeepCard(true);
    expect(await saveCard('100001', [aCarteTp()], june)).toBe(true);
    expect(await readSavedCard(days, june)).toBeNull();
  });
});
