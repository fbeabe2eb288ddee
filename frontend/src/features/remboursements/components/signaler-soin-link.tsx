import { Link } from 'react-router';
import { t } from '@/i18n/t';
import { formatIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { paths } from '@/config/paths';
import type { LignePrestation, Paiement } from '@/api/get-prestations';

/**
 * « Je ne reconnais pas ce soin » for one line of a payment (ameli's « signaler un soin non
 * reconnu »): opens the report of that line. Named after the act and its day, so that a list
 * of them read alone still says which; the visible words start the name (WCAG 2.5.3).
 */
export function SignalerSoinLink({ paiement, ligne }: { paiement: Paiement; ligne: LignePrestation }) {
  const jour = parseIsoDate(paiement.paymentDate);
  // The report finds the line among its payment day's: a payment without one cannot be named.
  if (!jour) return null;
  return (
    <Link
      to={paths.signalementSoin(toIsoDate(jour), paiement.paymentId, ligne.idLigne)}
      aria-label={t('remboursements.signaler.soin', {
        acte: ligne.labelExternalCode,
        date: formatIsoDate(ligne.startDate),
      })}
    >
      {t('remboursements.signaler')}
    </Link>
  );
}
