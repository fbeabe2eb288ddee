import type { Estimation } from '@/api/post-estimation';
import { isTypeDemande, type TypeDemande } from '@/entities/demandes/types-demande';
import {
  type DemandeEstimation,
  emptyEstimation,
  estimationRequest,
  type EstimationValues,
  sameDemande,
} from '@/entities/estimation/estimation-form';
import { isDemandeEstimation, isEstimation } from '@/entities/estimation/estimation-record';
import { fieldsFrom, isRecord } from '@/hooks/stored-fields';
import { type DetailsValues, emptyDetails } from './demande-details';
import { isEtablissementSante } from './etablissement';

/**
 * « Estimer ce devis », a quote's optional estimate: what the member chose (the care, the
 * basket…; the person and the price are the request's own) and the member API's last answer
 * with the request it answered.
 */
export interface DevisEstimation {
  values: EstimationValues;
  resultat: { demande: DemandeEstimation; estimation: Estimation } | null;
}

export const emptyDevis: DevisEstimation = { values: emptyEstimation, resultat: null };

/**
 * The estimate of the quote as it stands: the last answer, as long as the request's person and
 * amount and the member's choices still ask what it answered; `null` once any of them changed
 * (the member estimates again) or before any answer.
 */
export function estimationDuDevis(devis: DevisEstimation, values: DetailsValues): Estimation | null {
  if (!devis.resultat) return null;
  const demande = estimationRequest({ ...devis.values, beneficiaire: values.beneficiaire, prix: values.montant });
  return demande && sameDemande(demande, devis.resultat.demande) ? devis.resultat.estimation : null;
}

/**
 * The request being written, kept in session storage so that a reload (or a slip of the
 * finger on a phone) does not lose what was typed. Files are not kept: the browser cannot
 * give them back after a reload, and the member picks them again. Signing out clears session
 * storage, and with it the draft.
 */
export interface Draft {
  type: TypeDemande | null;
  step: number;
  values: DetailsValues;
  /** A quote's estimate; empty for any other request. */
  devis: DevisEstimation;
}

const key = 'espace-assure.demande-en-cours';

/** An establishment is kept only whole, as the directory gave it (an older draft's name is not). */
function valuesFrom(stored: unknown): DetailsValues {
  const values = fieldsFrom(stored, emptyDetails);
  return { ...values, etablissement: isEtablissementSante(values.etablissement) ? values.etablissement : null };
}

/** An answer is kept only whole, with the request it answered. */
function devisFrom(stored: unknown): DevisEstimation {
  if (!isRecord(stored)) return emptyDevis;
  const { resultat } = stored;
  return {
    values: fieldsFrom(stored.values, emptyEstimation),
    resultat:
      isRecord(resultat) && isDemandeEstimation(resultat.demande) && isEstimation(resultat.estimation)
        ? { demande: resultat.demande, estimation: resultat.estimation }
        : null,
  };
}

export function readDraft(): Draft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(stored)) return null;
  const type = typeof stored.type === 'string' && isTypeDemande(stored.type) ? stored.type : null;
  const step = typeof stored.step === 'number' && [1, 2, 3, 4].includes(stored.step) ? stored.step : 1;
  return { type, step, values: valuesFrom(stored.values), devis: devisFrom(stored.devis) };
}

export function saveDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private browsing): the form still works, only a reload loses it.
  }
}

export function clearDraft(): void {
  sessionStorage.removeItem(key);
}
