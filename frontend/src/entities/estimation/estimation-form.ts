import { type MessageKey, t } from '@/i18n/t';
import type { MemberApi } from '@/types/member-api';
import { hasPanier100, isSoinEstime, nuitsMax, quantiteKind } from './estimation-soins';

/**
 * The estimation form's values and rules (« Estimer mon remboursement »), and how a price is
 * read, which a quote's lines read the same way. The browser checks shapes only (a choice
 * made, an amount written as euros); the member API judges everything else and its French
 * message is shown when it refuses (a basket the care does not have, a base missing for
 * fees…).
 */
/**
 * The request body. `quantite` has a default in the member API's contract, which the generated
 * type reads as "always present" (true of an answer, not of a request): it is sent only for
 * the care it counts, as the contract allows.
 */
export type DemandeEstimation = Omit<MemberApi<'DemandeEstimation'>, 'quantite'> & { quantite?: number };

/** Everything as the inputs give it: strings, '' for nothing chosen or typed. */
export interface EstimationValues {
  /** A beneficiary's id. */
  beneficiaire: string;
  /** A `SoinEstime`. */
  soin: string;
  /** 'oui' or 'non': the 100 % Santé basket, asked only for care that has one. */
  centPourCentSante: string;
  /** Euros as typed: "450", "1 250,50". */
  prix: string;
  /** Ears or nights, asked only for the care they count. */
  quantite: string;
  /** The Sécurité sociale's base (BRSS) printed on the quote, in euros; optional. */
  baseSecu: string;
  /** The Sécurité sociale's rate printed on the quote, in percent; optional. */
  tauxSecu: string;
}

export const emptyEstimation: EstimationValues = {
  beneficiaire: '',
  soin: '',
  centPourCentSante: '',
  prix: '',
  quantite: '',
  baseSecu: '',
  tauxSecu: '',
};

/** The member API's highest price. */
export const prixMax = 100_000;

/** "1 250,50" → "1250.50": spaces (no-break ones too) between thousands, a comma or a point. */
function compact(value: string): string {
  return value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
}

/** Euros as typed, any number of decimals; `null` when not a plain positive number. */
export function parseEuros(value: string): number | null {
  const text = compact(value);
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** Cents at most, what the member API takes. */
function hasCentsAtMost(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(compact(value));
}

/** Why a price as typed is refused: each form words it its own way. */
export type PrixRefus = 'vide' | 'format' | 'centimes' | 'positif' | 'max';

/**
 * The member API's rules on a price (more than 0, at most 100 000 €, to the cent), on euros as
 * typed; `null` for a price it takes. The estimate's price and each line of a quote follow them.
 */
export function prixRefus(value: string): PrixRefus | null {
  if (value.trim() === '') return 'vide';
  const prix = parseEuros(value);
  if (prix === null) return 'format';
  if (!hasCentsAtMost(value)) return 'centimes';
  if (prix <= 0) return 'positif';
  if (prix > prixMax) return 'max';
  return null;
}

const prixMessages = {
  vide: 'estimation.erreur.prix',
  format: 'estimation.erreur.prixFormat',
  centimes: 'estimation.erreur.centimes',
  positif: 'estimation.erreur.prixPositif',
  max: 'estimation.erreur.prixMax',
} as const satisfies Record<PrixRefus, MessageKey>;

/** A rate as typed: "60", "60 %". */
function parseTaux(value: string): number | null {
  const text = value.replace(/[\s\u00a0\u202f%]/g, '');
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}

function parseQuantite(value: string): number | null {
  const text = value.trim();
  return /^\d{1,2}$/.test(text) ? Number(text) : null;
}

/** A field the rules refuse, with the message shown next to it. */
export interface EstimationIssue {
  field: keyof EstimationValues;
  message: string;
}

/**
 * The rules, every one in one pass, so that each field's message shows at once, whatever the
 * others (`estimation-schema.ts` hands them to the forms library).
 */
export function estimationIssues(values: EstimationValues): EstimationIssue[] {
  const issues: EstimationIssue[] = [];
  const issue = (field: keyof EstimationValues, message: string) => {
    issues.push({ field, message });
  };
  if (values.beneficiaire === '') issue('beneficiaire', t('estimation.erreur.beneficiaire'));
  const soin = isSoinEstime(values.soin) ? values.soin : null;
  if (soin === null) issue('soin', t('estimation.erreur.soin'));
  if (soin && hasPanier100(soin) && !['oui', 'non'].includes(values.centPourCentSante)) {
    issue('centPourCentSante', t('estimation.erreur.centPourCentSante'));
  }

  const refus = prixRefus(values.prix);
  if (refus !== null) issue('prix', t(prixMessages[refus]));
  const prix = parseEuros(values.prix);

  const kind = soin && quantiteKind(soin);
  const quantite = parseQuantite(values.quantite);
  if (kind === 'oreilles' && quantite !== 1 && quantite !== 2) {
    issue('quantite', t('estimation.erreur.oreilles'));
  }
  if (kind === 'nuits' && (quantite === null || quantite < 1 || quantite > nuitsMax)) {
    issue('quantite', t('estimation.erreur.nuits', { max: nuitsMax }));
  }

  if (values.baseSecu.trim() !== '') {
    const base = parseEuros(values.baseSecu);
    if (base === null) issue('baseSecu', t('estimation.erreur.baseFormat'));
    else if (!hasCentsAtMost(values.baseSecu)) issue('baseSecu', t('estimation.erreur.centimes'));
    else if (prix !== null && base > prix) issue('baseSecu', t('estimation.erreur.baseMax'));
  }
  if (values.tauxSecu.trim() !== '') {
    const taux = parseTaux(values.tauxSecu);
    if (taux === null || taux > 100) issue('tauxSecu', t('estimation.erreur.taux'));
  }
  return issues;
}

/**
 * The body of `POST assure/estimation` from values the rules have accepted: the basket only
 * where the care has one (false elsewhere, as the member API wants it), the quantity only for
 * the care it counts, the base and the rate only when typed.
 */
export function demandeEstimation(values: EstimationValues): DemandeEstimation {
  if (!isSoinEstime(values.soin)) throw new Error(`Soin inconnu : ${values.soin}`);
  const soin = values.soin;
  const baseSecu = parseEuros(values.baseSecu);
  const tauxSecu = parseTaux(values.tauxSecu);
  return {
    idBeneficiaire: Number(values.beneficiaire),
    soin,
    centPourCentSante: hasPanier100(soin) && values.centPourCentSante === 'oui',
    prix: parseEuros(values.prix) ?? 0,
    ...(quantiteKind(soin) === null ? {} : { quantite: Number(values.quantite.trim()) }),
    ...(values.baseSecu.trim() === '' || baseSecu === null ? {} : { baseSecu }),
    ...(values.tauxSecu.trim() === '' || tauxSecu === null ? {} : { tauxSecu }),
  };
}
