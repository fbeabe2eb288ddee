import { describe, expect, it } from 'vitest';
import { aContrat } from '@/test/fixtures';
import type { DemandeResiliation } from './api/post-resiliation';
import { initialFlow, type ResiliationFlow, resiliationFlow } from './resiliation-flow';
import type { ResiliationForm } from './resiliation-schema';

const today = new Date(2026, 10, 23);

const values: ResiliationForm = {
  email: 'marie.dupont@example.org',
  numeroContrat: 'IND-004512',
  motif: 'ECHEANCE',
  precision: '',
  dateEvenement: '2026-11-23',
};

const demande = { id: 57 } as DemandeResiliation;

const recapitulatif: ResiliationFlow = { step: 'recapitulatif', values };

describe('initialFlow', () => {
  it('opens the form with the email on file and today as the event’s date', () => {
    expect(initialFlow([aContrat(), aContrat({ numeroContrat: 'IND-2' })], 'marie@example.org', today)).toEqual({
      step: 'formulaire',
      values: { email: 'marie@example.org', numeroContrat: '', motif: '', precision: '', dateEvenement: '2026-11-23' },
      refus: null,
    });
  });

  it('takes up the confirmation with what was chosen, back from signing in again', () => {
    expect(initialFlow([aContrat()], 'marie@example.org', today, values)).toEqual({
      step: 'recapitulatif',
      values,
      reprise: true,
    });
  });

  it('opens the form as usual when the contract chosen before can no longer be terminated', () => {
    expect(initialFlow([aContrat({ numeroContrat: 'IND-2' })], 'marie@example.org', today, values).step).toBe(
      'formulaire',
    );
  });

  it('chooses the contract when there is only one', () => {
    expect(initialFlow([aContrat({ numeroContrat: 'IND-7' })], 'marie@example.org', today).values.numeroContrat).toBe(
      'IND-7',
    );
  });
});

describe('resiliationFlow', () => {
  it('goes from the valid form to its summary, the last refusal forgotten', () => {
    const form: ResiliationFlow = { step: 'formulaire', values: { ...values, motif: '' }, refus: 'Refusé.' };

    expect(resiliationFlow(form, { type: 'verifier', values })).toEqual(recapitulatif);
  });

  it('goes back from the summary to the form, everything typed kept', () => {
    expect(resiliationFlow(recapitulatif, { type: 'modifier' })).toEqual({ step: 'formulaire', values, refus: null });
  });

  it('goes back to the form with the member API’s refusal, everything typed kept', () => {
    expect(resiliationFlow(recapitulatif, { type: 'refuser', message: 'Ce motif n’est pas encore ouvert.' })).toEqual({
      step: 'formulaire',
      values,
      refus: 'Ce motif n’est pas encore ouvert.',
    });
  });

  it('ends with the acknowledgement of the recorded notice', () => {
    expect(resiliationFlow(recapitulatif, { type: 'enregistrer', demande })).toEqual({
      step: 'accuse',
      values,
      demande,
    });
  });

  it('ignores what the current step does not expect', () => {
    const accuse: ResiliationFlow = { step: 'accuse', values, demande };

    expect(resiliationFlow(accuse, { type: 'modifier' })).toBe(accuse);
    expect(resiliationFlow(accuse, { type: 'refuser', message: 'x' })).toBe(accuse);
    expect(resiliationFlow(recapitulatif, { type: 'verifier', values })).toBe(recapitulatif);
  });
});
