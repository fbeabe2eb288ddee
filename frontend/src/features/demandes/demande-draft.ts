import { isTypeDemande, type TypeDemande } from '@/lib/demande-labels';
import { type DetailsValues, emptyDetails } from './demande-schemas';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only the known fields, each of its own type: a stale or tampered entry reads as empty. */
function valuesFrom(stored: unknown): DetailsValues {
  const values = { ...emptyDetails };
  if (!isRecord(stored)) return values;
  for (const name of Object.keys(emptyDetails) as (keyof DetailsValues)[]) {
    const value = stored[name];
    if (typeof value === typeof emptyDetails[name]) Object.assign(values, { [name]: value });
  }
  return values;
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
