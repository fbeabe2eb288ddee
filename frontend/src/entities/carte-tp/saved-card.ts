import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
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
 * - Under a second key of the same store, `garder-carte`: `true` once the member has turned
 *   « Garder ma carte sur cet appareil » on (absent: off, the default). Nothing is kept before
 *   that: on a shared device, a card nobody asked to keep would stay readable by whoever comes
 *   next. The choice is the member's who made it, so it goes with the copy: at sign-out, on a
 *   401, when another member's session starts and when the copy is found too old; the next
 *   member on the device starts with it off.
 * - Under a third key, `derniere-connexion`: when the server last confirmed a member's session
 *   on this device (milliseconds since the epoch), recorded as the member space starts and
 *   erased with the card at sign-out. Beside the card rather than in local storage, so that
 *   the read that finds it too old erases the card in the same transaction.
 *
 * How long: until the end of the last card's validity (`dateFinValidite`), and no more than
 * the brand's `keptCardDays` (7 by default) after the last sign-in on this device; a copy past
 * either is erased when read. The second bound is the one that counts on a device left behind
 * or lost without signing out: the card stops being readable there within days, not at the
 * end of the year. An offline visit does not count as a sign-in: only the server can say the
 * member still holds the account. Also erased at sign-out, on any 401 (the session ended
 * elsewhere or expired: `clearBrowserStorage`), when another member's session starts on the
 * device, and at once when the member turns keeping off; and never saved while it is off (a
 * copy kept when keeping was on by default is erased by the next save or read).
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
const signInKey = 'derniere-connexion';

/** A day as elapsed time: 7 days are 7 × 24 hours after the sign-in, summer time or not. */
const dayMs = 24 * 60 * 60 * 1000;

let store: UseStore | undefined;

/** Opened on first use only: importing this module touches nothing. */
function cardStore(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('espace-assure', 'carte-tp');
  return store;
}

/**
 * Reads `keys` and lets `decide` write (put, delete) in the same transaction, given their
 * values in the same order; resolves with what `decide` returned once the transaction is done,
 * or `fallback` where IndexedDB fails.
 */
async function readThenWrite<T>(
  keys: readonly string[],
  fallback: T,
  decide: (values: unknown[], objectStore: IDBObjectStore) => T,
): Promise<T> {
  const withStore = cardStore();
  if (!withStore) return fallback;
  try {
    return await withStore(
      'readwrite',
      (objectStore) =>
        new Promise<T>((resolve, reject) => {
          const values: unknown[] = [];
          let unread = keys.length;
          keys.forEach((key, index) => {
            const request = objectStore.get(key);
            // Decided in the last read's success callback, where the transaction is still active.
            request.onsuccess = () => {
              values[index] = request.result;
              unread -= 1;
              if (unread > 0) return;
              try {
                const result = decide(values, objectStore);
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
          });
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
 * Keeps `cartes` (the card answer the page just loaded) for `owner`, once the member has
 * turned keeping on. An answer without a valid card erases the copy: the last answer wins.
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
  return readThenWrite([keepKey], false, ([keep], objectStore) => {
    if (keep !== true || keptUntil === undefined) {
      objectStore.delete(cardKey);
      return false;
    }
    const record: StoredCard = { version: 1, owner, savedOn: today, keptUntil, cartes: valid };
    objectStore.put(record, cardKey);
    return true;
  });
}

/**
 * The copy kept on this device, if keeping is on, the copy is still valid on `now` and a
 * sign-in on this device (`recordSignIn`) is no more than `keptCardDays` old; any other copy
 * is erased, and the choice to keep it with it.
 */
export function readSavedCard(keptCardDays: number, now: Date = new Date()): Promise<SavedCard | null> {
  const today = toIsoDate(now);
  return readThenWrite([cardKey, signInKey, keepKey], null, ([value, signedInAt, keep], objectStore) => {
    if (value === undefined) return null;
    const cartes = isStoredCard(value) ? stillValid(value.cartes, today) : [];
    // No sign-in recorded (a copy from before the rule, or a record lost) counts as too old.
    const signedInLately =
      typeof signedInAt === 'number' && now.getTime() - signedInAt <= keptCardDays * dayMs;
    if (
      keep !== true ||
      !isStoredCard(value) ||
      value.keptUntil < today ||
      cartes.length === 0 ||
      !signedInLately
    ) {
      objectStore.delete(cardKey);
      objectStore.delete(keepKey);
      return null;
    }
    const { owner, savedOn, keptUntil } = value;
    return { owner, savedOn, keptUntil, cartes };
  });
}

/**
 * Erases the copy (sign-out, any 401), the choice to keep it, and when the last sign-in was:
 * once the session has ended, nothing on the device says that someone used the space on it,
 * and the next member to sign in on it keeps nothing without asking.
 */
export function eraseSavedCard(): Promise<void> {
  return readThenWrite([cardKey], undefined, (_values, objectStore) => {
    objectStore.delete(cardKey);
    objectStore.delete(keepKey);
    objectStore.delete(signInKey);
  });
}

/**
 * The server has confirmed `owner`'s session on this device: records when (the copy stays
 * readable `keptCardDays` from then), and erases the copy, and the choice to keep it, unless
 * they are `owner`'s.
 */
export function recordSignIn(owner: string, now: Date = new Date()): Promise<void> {
  return readThenWrite([cardKey], undefined, ([value], objectStore) => {
    if (value !== undefined && (!isStoredCard(value) || value.owner !== owner)) {
      objectStore.delete(cardKey);
      objectStore.delete(keepKey);
    }
    objectStore.put(now.getTime(), signInKey);
  });
}

/** Whether the card is to be kept on this device: off until the member turns it on. */
export function readKeepCard(): Promise<boolean> {
  return readThenWrite([keepKey], false, ([keep]) => keep === true);
}

/** Turns keeping on or off; off erases the copy in the same transaction. */
export function setKeepCard(keep: boolean): Promise<void> {
  return readThenWrite([keepKey], undefined, (_values, objectStore) => {
    if (keep) {
      objectStore.put(true, keepKey);
    } else {
      objectStore.delete(keepKey);
      objectStore.delete(cardKey);
    }
  });
}
