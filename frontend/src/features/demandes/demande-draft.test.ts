import { afterEach, describe, expect, it } from 'vitest';
import { emptyEstimation } from '@/entities/estimation/estimation-form';
import { anEstimation, anEtablissement } from '@/test/fixtures';
import {
  clearDraft,
  type DevisEstimation,
  emptyDevis,
  estimationDuDevis,
  readDraft,
  saveDraft,
} from './demande-draft';
import { emptyDetails } from './demande-details';

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
      devis: emptyDevis,
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
      devis: emptyDevis,
    };
    saveDraft(draft);

    expect(readDraft()).toEqual(draft);
  });

  it('keeps the establishment chosen whole, and drops one it does not know the shape of', () => {
    const draft = {
      type: 'PRISE_EN_CHARGE_HOSPITALIERE' as const,
      step: 2,
      values: { ...emptyDetails, etablissement: anEtablissement(), dateEntree: '2026-12-14' },
      devis: emptyDevis,
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
      devis: emptyDevis,
    });
    sessionStorage.setItem(key, '{pas du json');
    expect(readDraft()).toBeNull();
  });
});

describe('the estimate of a quote in its draft', () => {
  const devis: DevisEstimation = {
    values: { ...emptyEstimation, soin: 'DENTAIRE_IMPLANT', beneficiaire: '2', prix: '900' },
    resultat: {
      demande: { idBeneficiaire: 2, soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 900 },
      estimation: anEstimation({ soin: 'DENTAIRE_IMPLANT', libelleSoin: 'Implant', prix: 900 }),
    },
  };
  const quote = { ...emptyDetails, beneficiaire: '2', dateSoins: '2026-11-02', montant: '900,00' };

  it('is kept whole, and a tampered answer is dropped with its choices kept', () => {
    saveDraft({ type: 'ENVOI_DE_DEVIS', step: 2, values: quote, devis });
    expect(readDraft()?.devis).toEqual(devis);

    sessionStorage.setItem(
      key,
      JSON.stringify({
        type: 'ENVOI_DE_DEVIS',
        step: 2,
        values: quote,
        devis: { ...devis, resultat: { ...devis.resultat, estimation: { resteACharge: 0 } } },
      }),
    );
    expect(readDraft()?.devis).toEqual({ values: devis.values, resultat: null });
  });

  it('stands while the quote asks what it answered, and no longer once its person, amount or care changed', () => {
    expect(estimationDuDevis(devis, quote)?.libelleSoin).toBe('Implant');
    expect(estimationDuDevis(devis, { ...quote, montant: '901' })).toBeNull();
    expect(estimationDuDevis(devis, { ...quote, beneficiaire: '1' })).toBeNull();
    expect(estimationDuDevis({ ...devis, values: { ...devis.values, soin: 'DENTAIRE_BRIDGE' } }, quote)).toBeNull();
    expect(estimationDuDevis(emptyDevis, quote)).toBeNull();
  });
});
