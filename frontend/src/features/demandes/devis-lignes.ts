import { parseEuros, type PrixRefus, prixRefus } from '@/entities/estimation/estimation-form';
import { hasPanier100, isSoinEstime, quantiteKind, soinLabel } from '@/entities/estimation/estimation-soins';
import { type MessageKey, t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { missingValue } from '@/lib/missing-value';
import type { MemberApi } from '@/types/member-api';

/**
 * A quote's lines (« Les lignes du devis »), typed from the quote: the care of each, as
 * « Estimer mon remboursement » names it, the 100 % Santé basket where the care has one, the
 * price, the ears of hearing aids and the act's code. The member API answers each line in the
 * order given (each uses what the lines before it took of a shared ceiling), so the order is
 * the quote's. Without the forms library: the page keeps the draft, and sends the lines, from
 * these alone (`demande-schemas.ts` hands the rules to the form).
 */

/** One line, as the inputs give it: strings, '' for nothing chosen or typed. */
export interface LigneDevisValues {
  /** A `SoinEstime`. */
  soin: string;
  /** 'oui' or 'non': asked only for care that has a 100 % Santé basket. */
  centPourCentSante: string;
  /** Euros as typed: "450", "1 250,50". */
  prix: string;
  /** Ears, '1' or '2': asked only for hearing aids (each ear is an aid). */
  quantite: string;
  /** The act's CCAM or LPP code as the quote prints it; optional. */
  code: string;
}

export const emptyLigne: LigneDevisValues = { soin: '', centPourCentSante: '', prix: '', quantite: '', code: '' };

/** The member API's most lines in a quote (`CreationDevis.lignes`). */
export const lignesMax = 12;

/**
 * `LigneDevis` as sent. `quantite` has a default in the contract, which the generated type
 * reads as "always present": it is sent for hearing aids only, as the contract allows.
 */
export type LigneDevis = Omit<MemberApi<'LigneDevis'>, 'quantite'> & { quantite?: number };

/** CCAM (4 letters, 3 digits) or LPP (7 digits), the contract's pattern. */
const codePattern = /^(?:[A-Za-z]{4}[0-9]{3}|[0-9]{7})$/;

/**
 * The code as sent: without the spaces a quote may print inside it, letters upper-cased as
 * CCAM writes them ("hbld 036" → "HBLD036"); '' for none.
 */
export function codeActe(value: string): string {
  return value.replace(/[\s\u00a0\u202f]/g, '').toUpperCase();
}

/** Where a rule is broken: a field of a line, by its index, or the list itself (`[]`). */
export type LignePath = [] | [number, keyof LigneDevisValues];

export interface LigneIssue {
  path: LignePath;
  message: string;
}

const prixMessages = {
  vide: 'creation.devis.erreur.prix',
  format: 'creation.devis.erreur.prixFormat',
  centimes: 'creation.devis.erreur.prixCentimes',
  positif: 'creation.devis.erreur.prixPositif',
  max: 'creation.devis.erreur.prixMax',
} as const satisfies Record<PrixRefus, MessageKey>;

/** A line's rules, each message naming the line (`n`, from 1) so that it reads alone. */
function ligneIssues(ligne: LigneDevisValues, index: number): LigneIssue[] {
  const issues: LigneIssue[] = [];
  const n = index + 1;
  const issue = (field: keyof LigneDevisValues, key: MessageKey) => {
    issues.push({ path: [index, field], message: t(key, { n }) });
  };
  const soin = isSoinEstime(ligne.soin) ? ligne.soin : null;
  if (soin === null) issue('soin', 'creation.devis.erreur.soin');
  if (soin && hasPanier100(soin) && !['oui', 'non'].includes(ligne.centPourCentSante)) {
    issue('centPourCentSante', 'creation.devis.erreur.centPourCentSante');
  }
  const refus = prixRefus(ligne.prix);
  if (refus !== null) issue('prix', prixMessages[refus]);
  if (soin && quantiteKind(soin) === 'oreilles' && !['1', '2'].includes(ligne.quantite)) {
    issue('quantite', 'creation.devis.erreur.oreilles');
  }
  const code = codeActe(ligne.code);
  if (code !== '' && !codePattern.test(code)) issue('code', 'creation.devis.erreur.code');
  return issues;
}

/**
 * The rules of the lines, every one in one pass, so that each field's message shows at once,
 * whatever the others. Shapes only, as the estimate checks them: the member API judges the
 * rest (a base missing for fees…) and its message, naming the line, is shown when it refuses.
 */
export function lignesIssues(lignes: readonly LigneDevisValues[]): LigneIssue[] {
  if (lignes.length === 0) return [{ path: [], message: t('creation.devis.erreur.aucuneLigne') }];
  if (lignes.length > lignesMax) {
    return [{ path: [], message: t('creation.devis.erreur.tropDeLignes', { max: lignesMax }) }];
  }
  return lignes.flatMap(ligneIssues);
}

/**
 * A line the rules have accepted, as the member API takes it: the basket only where the care
 * has one (false elsewhere), the ears for hearing aids only, the code or `null`.
 */
export function ligneDevis(ligne: LigneDevisValues): LigneDevis {
  if (!isSoinEstime(ligne.soin)) throw new Error(`Soin inconnu : ${ligne.soin}`);
  const soin = ligne.soin;
  const code = codeActe(ligne.code);
  return {
    soin,
    centPourCentSante: hasPanier100(soin) && ligne.centPourCentSante === 'oui',
    prix: parseEuros(ligne.prix) ?? 0,
    ...(quantiteKind(soin) === 'oreilles' ? { quantite: Number(ligne.quantite) } : {}),
    code: code === '' ? null : code,
  };
}

/** Whether nothing was chosen or typed on the line. */
export function isLigneVide(ligne: LigneDevisValues): boolean {
  return (Object.keys(emptyLigne) as (keyof LigneDevisValues)[]).every((name) => ligne[name] === emptyLigne[name]);
}

/**
 * A line as the summary reads it, with what will be sent of it: « Couronne, hors 100 % Santé,
 * code HBLD036 : 650,00 € ». A draft's line the rules would refuse reads « - » where it fails.
 */
export function ligneResume(ligne: LigneDevisValues): string {
  const soin = isSoinEstime(ligne.soin) ? ligne.soin : null;
  const parts = [soin ? soinLabel(soin) : missingValue];
  if (soin && hasPanier100(soin)) {
    parts.push(t(ligne.centPourCentSante === 'oui' ? 'creation.devis.recap.panier' : 'creation.devis.recap.horsPanier'));
  }
  if (soin && quantiteKind(soin) === 'oreilles') {
    parts.push(
      ligne.quantite === '1'
        ? t('estimation.resultat.oreilles.one')
        : t('estimation.resultat.oreilles.other', { count: ligne.quantite }),
    );
  }
  const code = codeActe(ligne.code);
  if (code !== '') parts.push(t('creation.devis.recap.code', { code }));
  return t('creation.devis.recap.ligne', { description: parts.join(', '), prix: formatAmount(parseEuros(ligne.prix)) });
}
