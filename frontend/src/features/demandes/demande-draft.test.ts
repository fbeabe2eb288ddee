import { afterEach, describe, expect, it } from 'vitest';
import { anEtablissement } from '@/test/fixtures';
import { clearDraft, readDraft, saveDraft } from './demande-draft';
import { emptyDetails } from './demande-details';
import { emptyLigne, type LigneDevisValues } from './devis-lignes';

const key = 'espace-assure.demande-en-cours';

afterEach(() => {
  sessionStorage.clear();
});

describe('the draft of a request', () => {
  it('keeps the type, the step and what was typed for the session', () => {
    const draft = {
      type: 'UNE_QUESTION_SANTÉ' as const,
      step: 2,
      values: { ...emptyDetails, commentaire: 'Et les semelles ?' },
    };
    saveDraft(draft);

    expect(readDraft()).toEqual(draft);
    clearDraft();
    expect(readDraft()).toBeNull();
  });

  it('keeps a complaint’s motif, subject and payment', () => {
    const draft = {
      type: 'RECLAMATION' as const,
      step: 3,
      values: { ...emptyDetails, motif: 'REMBOURSEMENT', objet: 'Lunettes', paymentId: 'P2', commentaire: 'Trop peu.' },
    };
    saveDraft(draft);

    expect(readDraft()).toEqual(draft);
  });

  it('keeps the establishment chosen whole, and drops one it does not know the shape of', () => {
    const draft = {
      type: 'PRISE_EN_CHARGE_HOSPITALIERE' as const,
      step: 2,
      values: { ...emptyDetails, etablissement: anEtablissement(), dateEntree: '2026-12-14' },
    };
    saveDraft(draft);
    expect(readDraft()).toEqual(draft);

    // A draft of the form before the directory (a name typed), or an establishment half there.
    for (const etablissement of ['Clinique du Parc', { ...anEtablissement(), finess: 690000018 }, { nom: 'Clinique du Parc' }]) {
      sessionStorage.setItem(key, JSON.stringify({ ...draft, values: { ...draft.values, etablissement } }));
      expect(readDraft()?.values).toEqual({ ...emptyDetails, dateEntree: '2026-12-14' });
    }
  });

  it('reads a stale or tampered entry as empty fields, never as a crash', () => {
    sessionStorage.setItem(
      key,
      JSON.stringify({ type: 'INCONNU', step: 9, values: { commentaire: 42, montant: '12', autre: 'x' } }),
    );

    expect(readDraft()).toEqual({
      type: null,
      step: 1,
      values: { ...emptyDetails, montant: '12' },
    });
    sessionStorage.setItem(key, '{pas du json');
    expect(readDraft()).toBeNull();
  });
});

describe('the lines of a quote in its draft', () => {
  const couronne: LigneDevisValues = {
    soin: 'DENTAIRE_COURONNE',
    centPourCentSante: 'oui',
    prix: '500',
    quantite: '',
    code: 'HBLD634',
  };
  const aide: LigneDevisValues = { ...emptyLigne, soin: 'AUDIOLOGIE_AIDE_AUDITIVE', prix: '950', quantite: '2' };

  it('are kept in their order', () => {
    const draft = { type: 'ENVOI_DE_DEVIS' as const, step: 2, values: { ...emptyDetails, beneficiaire: '2', lignes: [couronne, aide] } };
    saveDraft(draft);

    expect(readDraft()).toEqual(draft);
  });

  it('are read back each field of its type, twelve at most, and one at least', () => {
    const stored = (lignes: unknown) => {
      sessionStorage.setItem(key, JSON.stringify({ type: 'ENVOI_DE_DEVIS', step: 2, values: { beneficiaire: '2', lignes } }));
      return readDraft()?.values.lignes;
    };

    expect(stored([{ ...couronne, prix: 500, code: null }, 'ligne', null])).toEqual([
      { ...couronne, prix: '', code: '' },
      emptyLigne,
      emptyLigne,
    ]);
    expect(stored(Array.from({ length: 13 }, () => couronne))).toHaveLength(12);
    expect(stored([])).toEqual([emptyLigne]);
    expect(stored({ 0: couronne })).toEqual([emptyLigne]);
    // A draft of the form before the lines, its estimate with it: nothing of it is kept.
    sessionStorage.setItem(
      key,
      JSON.stringify({ type: 'ENVOI_DE_DEVIS', step: 2, values: { beneficiaire: '2', montant: '450' }, devis: { resultat: {} } }),
    );
    expect(readDraft()).toEqual({ type: 'ENVOI_DE_DEVIS', step: 2, values: { ...emptyDetails, beneficiaire: '2', montant: '450' } });
  });
});
