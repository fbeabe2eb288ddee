import type { MessageKey } from '@/i18n/t';
import { toIsoDate } from '@/lib/format-date';
import type { KeptForm } from '@/hooks/kept-across-sign-in';
import type { CreationResiliation, DemandeResiliation } from './api/post-resiliation';
import type { Contrat, MotifResiliation } from './resiliation-rules';
import type { ResiliationForm } from './resiliation-schema';

/**
 * The steps of the termination (Code de la mutualité D221-1): the form, a summary to check
 * and correct, then the acknowledgement. What the member typed travels with every step, so
 * that going back to correct, or a refusal of the member API, loses nothing.
 */
export type ResiliationFlow =
  | {
      step: 'formulaire';
      values: ResiliationForm;
      /** The member API's refusal of what was chosen, shown above the form to correct it. */
      refus: string | null;
    }
  | {
      step: 'recapitulatif';
      values: ResiliationForm;
      /** Taken up after the member signed in again, which the portal asks before confirming. */
      reprise?: true;
    }
  | { step: 'accuse'; values: ResiliationForm; demande: DemandeResiliation };

export type ResiliationStep = ResiliationFlow['step'];

export type ResiliationEvent =
  /** The form is valid: on to the summary. */
  | { type: 'verifier'; values: ResiliationForm }
  /** "Modifier" on the summary: back to the form as it was. */
  | { type: 'modifier' }
  /** The member API refused what was chosen (a motif not yet open, a date out of its window). */
  | { type: 'refuser'; message: string }
  /** The member API recorded the notice. */
  | { type: 'enregistrer'; demande: DemandeResiliation };

export const stepTitles: Record<ResiliationStep, MessageKey> = {
  formulaire: 'resiliation.etape.formulaire',
  recapitulatif: 'resiliation.etape.recapitulatif',
  accuse: 'resiliation.etape.accuse',
};

/**
 * The confirmation's values, kept while the member signs in again: the portal asks for a
 * recent sign-in before a termination.
 */
export const resiliationGardee: KeptForm<ResiliationForm> = {
  name: 'resiliation',
  empty: { email: '', numeroContrat: '', motif: '', precision: '', dateEvenement: '' },
};

/**
 * Where the form starts: the email on file, the contract chosen when there is only one, and
 * today as the event's date. Back from signing in again (`repris`), the confirmation step with
 * what the member had chosen, as long as its contract can still be terminated.
 */
export function initialFlow(
  contrats: readonly Contrat[],
  email: string,
  today: Date,
  repris: ResiliationForm | null = null,
): ResiliationFlow {
  if (repris && contrats.some((contrat) => contrat.numeroContrat === repris.numeroContrat)) {
    return { step: 'recapitulatif', values: repris, reprise: true };
  }
  return {
    step: 'formulaire',
    values: {
      email,
      numeroContrat: contrats.length === 1 ? (contrats[0]?.numeroContrat ?? '') : '',
      motif: '',
      precision: '',
      dateEvenement: toIsoDate(today),
    },
    refus: null,
  };
}

/** The next step; an event the current step does not expect changes nothing. */
export function resiliationFlow(flow: ResiliationFlow, event: ResiliationEvent): ResiliationFlow {
  switch (event.type) {
    case 'verifier':
      return flow.step === 'formulaire' ? { step: 'recapitulatif', values: event.values } : flow;
    case 'modifier':
      return flow.step === 'recapitulatif' ? { step: 'formulaire', values: flow.values, refus: null } : flow;
    case 'refuser':
      return flow.step === 'recapitulatif' ? { step: 'formulaire', values: flow.values, refus: event.message } : flow;
    case 'enregistrer':
      return flow.step === 'recapitulatif' ? { step: 'accuse', values: flow.values, demande: event.demande } : flow;
  }
}

/** The member API's body, once the form is checked: the member's choices, nothing else. */
export function creationResiliation(form: ResiliationForm): CreationResiliation {
  return {
    numeroContrat: form.numeroContrat,
    motif: form.motif as MotifResiliation,
    dateEvenement: form.dateEvenement,
    email: form.email.trim(),
    ...(form.motif === 'AUTRE' ? { commentaire: form.precision.trim() } : {}),
  };
}
