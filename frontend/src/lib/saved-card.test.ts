import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { aCarteTp } from '@/test/fixtures';
import {
  eraseSavedCard,
  eraseSavedCardOfOthers,
  readKeepCard,
  readSavedCard,
  saveCard,
  setKeepCard,
} from './saved-card';

const june = new Date(2026, 5, 15);
const suivante = aCarteTp({
  id: 12,
  periode: 'SUIVANTE',
  dateDebutValidite: '2027-01-01',
  dateFinValidite: '2027-12-31',
});

afterEach(async () => {
  await eraseSavedCard();
  await setKeepCard(true);
});

describe('the card kept on the device', () => {
  it('keeps the cards, the day they were saved and whose they are', async () => {
    expect(await saveCard('100001', [suivante, aCarteTp()], june)).toBe(true);

    const saved = await readSavedCard(june);
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

    const saved = await readSavedCard(june);
    expect(saved?.cartes[0]?.beneficiaires[0]).toEqual({
      prenom: 'Marie',
      nom: 'DUPONT',
      dateNaissance: '1980-04-12',
    });
    expect(JSON.stringify(saved)).not.toContain('2 80 04 75 111 042 60');
  });

  it('erases a copy whose last card has expired when it is read', async () => {
    await saveCard('100001', [aCarteTp()], june);

    expect(await readSavedCard(new Date(2027, 0, 1))).toBeNull();
    // Gone, not merely hidden.
    expect(await readSavedCard(june)).toBeNull();
  });

  it('shows only the cards still valid, next period’s now in force', async () => {
    await saveCard('100001', [aCarteTp(), suivante], new Date(2026, 11, 20));

    const saved = await readSavedCard(new Date(2027, 0, 5));
    expect(saved?.cartes).toHaveLength(1);
    expect(saved?.cartes[0]).toMatchObject({ id: 12, periode: 'EN_COURS' });
  });

  it('erases the copy when the answer has no card any more', async () => {
    await saveCard('100001', [aCarteTp()], june);

    expect(await saveCard('100001', [], june)).toBe(false);

    expect(await readSavedCard(june)).toBeNull();
  });

  it('is erased for another member, kept for the same one', async () => {
    await saveCard('100001', [aCarteTp()], june);

    await eraseSavedCardOfOthers('100001');
    expect(await readSavedCard(june)).not.toBeNull();

    await eraseSavedCardOfOthers('200002');
    expect(await readSavedCard(june)).toBeNull();
  });

  it('is kept by default; turned off, it is erased and no longer saved', async () => {
    expect(await readKeepCard()).toBe(true);
    await saveCard('100001', [aCarteTp()], june);

    await setKeepCard(false);

    expect(await readKeepCard()).toBe(false);
    expect(await readSavedCard(june)).toBeNull();
    expect(await saveCard('100001', [aCarteTp()], june)).toBe(false);
    expect(await readSavedCard(june)).toBeNull();

    await setKeepCard(true);
    expect(await saveCard('100001', [aCarteTp()], june)).toBe(true);
  });
});
