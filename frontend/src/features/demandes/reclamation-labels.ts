import type { Contrats } from '@/api/get-contrats';
import type { Paiement } from '@/api/get-prestations';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, toIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import type { MemberApi } from '@/types/member-api';

/** What a complaint is about (`MotifReclamation`). */
export type MotifReclamation = MemberApi<'MotifReclamation'>;

/** In the order step 2 offers them: money first, then the contract, the service, the rest. */
export const motifsReclamation: readonly MotifReclamation[] = [
  'REMBOURSEMENT',
  'COTISATION',
  'CONTRAT',
  'SERVICE',
  'AUTRE',
];

export function isMotifReclamation(value: string): value is MotifReclamation {
  return (motifsReclamation as readonly string[]).includes(value);
}

/** The motifs whose complaint may name a contract (its contributions, its guarantees). */
export function concerneUnContrat(motif: string): boolean {
  return motif === 'COTISATION' || motif === 'CONTRAT';
}

/** The motif whose complaint may name a payment. */
export function concerneUnPaiement(motif: string): boolean {
  return motif === 'REMBOURSEMENT';
}

/** The motif as the member chose it; an unknown one as the member API wrote it. */
export function motifReclamationLabel(motif: string): string {
  return isMotifReclamation(motif) ? t(`reclamation.motif.${motif}`) : motif;
}

type Contrat = Contrats[number];

/** « IND-004512 — Santé Famille Confort ». */
export function contratLabel(contrat: Contrat): string {
  return t('reclamation.contrat', { numero: contrat.numeroContrat, produit: contrat.libelleProduit });
}

/** « Paiement du 17/11/2026 — Marie DUPONT — 9,00 € ». */
export function paiementLabel(paiement: Paiement): string {
  return t('reclamation.paiement', {
    date: formatIsoDate(paiement.paymentDate),
    beneficiaire: memberDisplayName('', paiement.beneficiaryFirstName, paiement.beneficiaryLastName),
    montant: formatAmount(paiement.montantRembourse),
  });
}

/**
 * The payments a complaint may name: those of the last 12 months, the ones a member still
 * remembers (an older one is named in the text). The same day all day, so that the form, its
 * summary and the request's page share one cached answer.
 */
export function paiementsRecentsQuery(today: Date = new Date()) {
  const debut = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  return { dateDebut: toIsoDate(debut) };
}
