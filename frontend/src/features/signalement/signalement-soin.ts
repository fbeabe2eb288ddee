import { jourQuery, type LignePrestation, type Paiement, type PrestationsQuery } from '@/api/get-prestations';
import type { MotifSignalement } from '@/entities/demandes/motif-signalement';
import { positiveInteger } from '@/lib/search-params';
import type { SignalementSoin } from './api/post-signalement-soin';
import type { SignalementForm } from './signalement-schema';

/**
 * The line a report is about, as its address names it (`paths.signalementSoin`): the payments
 * of its day to ask for, the payment and the line to find among them. `null` for an address
 * that names none.
 */
export interface SoinSignale {
  jour: PrestationsQuery;
  paymentId: string;
  idLigne: number;
}

export function soinSignale(query: URLSearchParams): SoinSignale | null {
  const jour = jourQuery(query.get('jour') ?? '');
  const paymentId = query.get('paiement') ?? '';
  const idLigne = positiveInteger(query.get('ligne'));
  return jour && paymentId !== '' && idLigne !== undefined ? { jour, paymentId, idLigne } : null;
}

/** The payment and the line among the day's payments; `null` when either is not there. */
export function trouverSoin(
  paiements: readonly Paiement[],
  { paymentId, idLigne }: SoinSignale,
): { paiement: Paiement; ligne: LignePrestation } | null {
  const paiement = paiements.find((candidate) => candidate.paymentId === paymentId);
  const ligne = paiement?.detailRemboursement.find((candidate) => candidate.idLigne === idLigne);
  return paiement && ligne ? { paiement, ligne } : null;
}

/** The member API's body, once the form is checked: a blank comment is no comment. */
export function signalementSoin(soin: SoinSignale, form: SignalementForm): SignalementSoin {
  const commentaire = form.commentaire.trim();
  return {
    paymentId: soin.paymentId,
    idLigne: soin.idLigne,
    motif: form.motif as MotifSignalement,
    commentaire: commentaire === '' ? null : commentaire,
  };
}
