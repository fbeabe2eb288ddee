import { isTypeDemande, type TypeDemande } from '@/entities/demandes/types-demande';
import { fieldsFrom, isRecord } from '@/hooks/stored-fields';
import { type DetailsValues, emptyDetails } from './demande-details';
import { emptyLigne, type LigneDevisValues, lignesMax } from './devis-lignes';
import { isEtablissementSante } from './etablissement';

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
}

const key = 'espace-assure.demande-en-cours';

/**
 * A quote's lines, each of its fields of its own type, as many as a quote may have, and at
 * least the one the form starts from (an older draft has none, and its quote's estimate is
 * not kept).
 */
function lignesFrom(stored: unknown): LigneDevisValues[] {
  const lignes = Array.isArray(stored) ? stored.slice(0, lignesMax).map((ligne) => fieldsFrom(ligne, emptyLigne)) : [];
  return lignes.length > 0 ? lignes : [emptyLigne];
}

/** An establishment is kept only whole, as the directory gave it (an older draft's name is not). */
function valuesFrom(stored: unknown): DetailsValues {
  const values = fieldsFrom(stored, emptyDetails);
  return {
    ...values,
    etablissement: isEtablissementSante(values.etablissement) ? values.etablissement : null,
    lignes: lignesFrom(isRecord(stored) ? stored.lignes : undefined),
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
  return { type, step, values: valuesFrom(stored.values) };
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
