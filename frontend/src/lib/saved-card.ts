import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { MemberApi } from '@/types/member-api';
import { parseIsoDate, toIsoDate } from './format-date';
import { inForceFirst } from './carte-tp-label';

/**
 * « Ma carte, même hors connexion »: the tiers-payant card kept on this device, so that the
 * member can show it where there is no mobile data (a pharmacy's back room, a hospital).
 *
 * What is kept, and where:
 * - In IndexedDB (database `espace-assure`, store `carte-tp`, through idb-keyval), under one
 *   key, `carte`: the answer of `GET /api/assure/carte-tp` (the cards valid today and next
 *   period) reduced to what the card shows and its 2D code is drawn from — the five standard
 *   fields, the insurer's name, the validity dates, the people covered (first name, name, date
 *   of birth) and the domains with their rates — plus the day it was saved and whose it is
 *   (the session's `User.numeroPersonne`). Nothing else of the member: not the social security
 *   numbers the answer also carries (the card does not show them), not the session, no token.
 * - Under a second key of the same store, `garder-carte`: `false` when the member has turned
 *   « Garder ma carte sur cet appareil » off (absent: on, the default). It is the device's
 *   choice rather than the member's data, like the cookie consent: it survives sign-out (which
 *   clears local storage, where it would otherwise have gone), so that a member who said "not
 *   on this computer" is not overruled the next time someone signs in on it.
 *
 * How long: until the end of the last card's validity (`dateFinValidite`); a copy past it is
 * erased when read. Also erased at sign-out, on any 401 (the session ended elsewhere or
 * expired: `clearBrowserStorage`), when another member's session starts on the device, and at
 * once when the member turns keeping off.
 *
 * Why IndexedDB rather than local storage: local storage is cleared at every session end
 * (`clearBrowserStorage`), while the copy must outlive the server session (the member opens
 * the card offline, hours after it ended, without a 401 to tell); and IndexedDB keeps the
 * record as a structured value, read and written in transactions.
 *
 * Every operation is one IndexedDB transaction, so that a save, a switch-off and an erasure
 * never interleave (a save that read "keep" cannot write after the switch-off erased). None
 * of them fails: where IndexedDB is missing or refused (some private modes), nothing is kept
 * and nothing is found, which is what the member would get without this feature.
 */

type CarteTp = MemberApi<'CarteTp'>;
type Beneficiaire = CarteTp['beneficiaires'][number];

/** A card as the page shows it and its code encodes it: the API's card without the NIRs. */
export type CarteTpShown = Omit<CarteTp, 'beneficiaires'> & {
  beneficiaires: Pick<Beneficiaire, 'prenom' | 'nom' | 'dateNaissance'>[];
};

/** The copy kept on the device. */
export interface SavedCard {
  /** The session's `User.numeroPersonne` when it was saved. */
  owner: string;
  /** The day it was saved, `YYYY-MM-DD` (local). */
  savedOn: string;
  /** The last day of the last card's validity, `YYYY-MM-DD`: erased after it. */
  keptUntil: string;
  /** The cards still valid (or not begun yet), the one in force first. */
  cartes: CarteTpShown[];
}

interface StoredCard extends SavedCard {
  /** The shape's version: a copy of another shape is erased rather than misread. */
  version: 1;
}

const cardKey = 'carte';
const keepKey = 'garder-carte';

let store: UseStore | undefined;

/** Opened on first use only: importing this module touches nothing. */
function cardStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('espace-assure', 'carte-tp');
  return store;
}

/**
 * Reads `key` and lets `decide` write (put, delete) in the same transaction; resolves with
 * what `decide` returned once the transaction is done, or `fallback` where IndexedDB fails.
 */
async function readThenWrite<T>(
  key: string,
  fallback: T,
  decide: (value: unknown, objectStore: IDBObjectStore) => T,
): Promise<T> {
  const withStore = cardStore();
  if (!withStore) return fallback;
  try {
    return await withStore(
      'readwrite',
      (objectStore) =>
        new Promise<T>((resolve, reject) => {
          const request = objectStore.get(key);
          // Decided in the success callback itself, where the transaction is still active.
          request.onsuccess = () => {
            try {
              const result = decide(request.result, objectStore);
              promisifyRequest(objectStore.transaction).then(() => {
                resolve(result);
              }, reject);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          };
          request.onerror = () => {
            reject(request.error ?? new Error('IndexedDB read failed'));
          };
        }),
    );
  } catch {
    return fallback;
  }
}

/** Only what the card shows, field by field: whatever else the API adds is not kept. */
function shown(carte: CarteTpShown): CarteTpShown {
  return {
    id: carte.id,
    periode: carte.periode,
    numeroAmc: carte.numeroAmc,
    libelleAmc: carte.libelleAmc,
    typeConvention: carte.typeConvention,
    critereAiguillage: carte.critereAiguillage,
    numeroAdherent: carte.numeroAdherent,
    dateDebutValidite: carte.dateDebutValidite,
    dateFinValidite: carte.dateFinValidite,
    beneficiaires: carte.beneficiaires.map(({ prenom, nom, dateNaissance }) => ({
      prenom,
      nom,
      dateNaissance,
    })),
    domaines: carte.domaines.map(({ code, libelle, taux }) => ({ code, libelle, taux })),
  };
}

/** Cards whose validity has not ended on `today`, each in its period as of `today`. */
function stillValid(cartes: readonly CarteTpShown[], today: string): CarteTpShown[] {
  return cartes
    .filter(
      (carte) => parseIsoDate(carte.dateFinValidite) !== null && carte.dateFinValidite >= today,
    )
    .map((carte) => ({
      ...carte,
      // Saved in December, read in January: next period's card is now the one in force.
      periode: carte.dateDebutValidite <= today ? ('EN_COURS' as const) : ('SUIVANTE' as const),
    }))
    .sort(inForceFirst);
}

function isStoredCard(value: unknown): value is StoredCard {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<keyof StoredCard, unknown>>;
  return (
    record.version === 1 &&
    typeof record.owner === 'string' &&
    typeof record.savedOn === 'string' &&
    typeof record.keptUntil === 'string' &&
    Array.isArray(record.cartes)
  );
}

/**
 * Keeps `cartes` (the card answer the page just loaded) for `owner`, unless the member has
 * turned keeping off. An answer without a valid card erases the copy: the last answer wins.
 * Resolves with whether a copy is now kept.
 */
export function saveCard(
  owner: string,
  cartes: readonly CarteTpShown[],
  now: Date = new Date(),
): Promise<boolean> {
  const today = toIsoDate(now);
  const valid = stillValid(cartes.map(shown), today);
  const keptUntil = valid.map((carte) => carte.dateFinValidite).sort().at(-1);
  return readThenWrite(keepKey, false, (keep, objectStore) => {
    if (keep === false) return false;
    if (keptUntil === undefined) {
      objectStore.delete(cardKey);
      return false;
    }
    const record: StoredCard = { version: 1, owner, savedOn: today, keptUntil, cartes: valid };
    objectStore.put(record, cardKey);
    return true;
  });
}

/** The copy kept on this device, if any still valid on `now`; an expired one is erased. */
export function readSavedCard(now: Date = new Date()): Promise<SavedCard | null> {
  const today = toIsoDate(now);
  return readThenWrite(cardKey, null, (value, objectStore) => {
    if (value === undefined) return null;
    const cartes = isStoredCard(value) ? stillValid(value.cartes, today) : [];
    if (!isStoredCard(value) || value.keptUntil < today || cartes.length === 0) {
      objectStore.delete(cardKey);
      return null;
    }
    const { owner, savedOn, keptUntil } = value;
    return { owner, savedOn, keptUntil, cartes };
  });
}

/** Erases the copy (sign-out, any 401). */
export function eraseSavedCard(): Promise<void> {
  return readThenWrite(cardKey, undefined, (_value, objectStore) => {
    objectStore.delete(cardKey);
  });
}

/** Erases the copy unless it is `owner`'s: another member's session starts on this device. */
export function eraseSavedCardOfOthers(owner: string): Promise<void> {
  return readThenWrite(cardKey, undefined, (value, objectStore) => {
    if (value !== undefined && (!isStoredCard(value) || value.owner !== owner)) {
      objectStore.delete(cardKey);
    }
  });
}

/** Whether the card is to be kept on this device: on unless the member turned it off. */
export function readKeepCard(): Promise<boolean> {
  return readThenWrite(keepKey, true, (keep) => keep !== false);
}

/** Turns keeping on or off; off erases the copy in the same transaction. */
export function setKeepCard(keep: boolean): Promise<void> {
  return readThenWrite(keepKey, undefined, (_value, objectStore) => {
    if (keep) {
      objectStore.delete(keepKey);
    } else {
      objectStore.put(false, keepKey);
      objectStore.delete(cardKey);
    }
  });
}
