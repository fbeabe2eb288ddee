import { recentSignInWrites } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import type { PaiementEnLigne } from './get-paiement';

/**
 * The portal's answer to « Payer en ligne » (`PaiementAPayer` of openapi/portal-api.yaml, the
 * portal's own schema: no generator reads that document, so it is written here): the order, and
 * the payment form the portal signed for it.
 */
export interface PaiementAPayer {
  paiement: PaiementEnLigne;
  formulaire: {
    /** The payment service provider's page, which takes the card. */
    action: string;
    /** The form's fields, signed: posted as they are, none added. */
    champs: Record<string, string>;
  };
}

/**
 * `POST assure/paiements`: an order to pay by card what is owed at once on a contract (the member
 * API's amount, the same order while one is open), and its form. The portal asks for a recent
 * sign-in first (403 `reconnexion_requise`) and answers 503 `paiement_indisponible` when no
 * provider is configured.
 */
export function postPaiement(demande: MemberApi<'DemandePaiementEnLigne'>): Promise<PaiementAPayer> {
  return apiRequest(recentSignInWrites.paiement, { method: 'POST', body: demande });
}
