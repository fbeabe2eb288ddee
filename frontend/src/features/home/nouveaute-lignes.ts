import { demandeEtatLabel, demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { t } from '@/i18n/t';
import { formatIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import { paths } from '@/config/paths';
import type { Nouveaute } from './api/get-home';

/** One line of « Depuis votre dernière visite »: what it says, where it leads, and an amount. */
export interface NouveauteLigne {
  texte: string;
  /** The page that tells more; `null` when the event names none the portal can open. */
  lien: string | null;
  /** A payment's amount, right-aligned beside its line. */
  montant: number | null;
}

function pageDeLaDemande(nouveaute: Nouveaute): string | null {
  return nouveaute.demandeId === null ? null : paths.demande(nouveaute.demandeId);
}

function typeDeLaDemande(nouveaute: Nouveaute): string {
  return demandeTypeLabel(nouveaute.TypeCode ?? '');
}

/**
 * How the dashboard tells one event: a payment leads to its payment day, the rest to the
 * request it belongs to. An event of a kind this version does not know is left out (`null`)
 * rather than shown half-said.
 */
export function nouveauteLigne(nouveaute: Nouveaute): NouveauteLigne | null {
  switch (nouveaute.type) {
    case 'REMBOURSEMENT': {
      const jour = parseIsoDate(nouveaute.paymentDate);
      return {
        texte: t('home.nouveautes.remboursement', { date: formatIsoDate(nouveaute.paymentDate) }),
        lien: jour ? paths.remboursementsDuJour(toIsoDate(jour)) : null,
        montant: nouveaute.montantRembourse,
      };
    }
    case 'STATUT_DEMANDE':
      return {
        texte: t('home.nouveautes.statut', {
          type: typeDeLaDemande(nouveaute),
          etat: demandeEtatLabel(nouveaute.Etat ?? ''),
        }),
        lien: pageDeLaDemande(nouveaute),
        montant: null,
      };
    case 'REPONSE_DEMANDE':
      return {
        texte: t('home.nouveautes.reponse', { type: typeDeLaDemande(nouveaute) }),
        lien: pageDeLaDemande(nouveaute),
        montant: null,
      };
    case 'DOCUMENT':
      return {
        texte: t('home.nouveautes.document', { nom: nouveaute.nomFichier ?? missingValue }),
        lien: pageDeLaDemande(nouveaute),
        montant: null,
      };
    default:
      return null;
  }
}
