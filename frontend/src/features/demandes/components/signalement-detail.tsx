import { usePrestations } from '@/api/get-prestations';
import { Entry } from '@/components/entry';
import { motifSignalementLabel } from '@/entities/demandes/motif-signalement';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import { paiementsRecentsQuery } from '../reclamation-labels';
import { PaiementEntry } from './reclamation-detail';
import styles from './demandes.module.css';

type Signalement = NonNullable<MemberApi<'Demande'>['signalement']>;

/**
 * « Je ne reconnais pas ce soin »'s part of its request's page: why the member reported it,
 * the payment and the care, as the reimbursements listed them (the last 12 months' payments,
 * likely still cached); an older payment by its reference, without its care.
 */
export function SignalementDetail({ signalement }: { signalement: Signalement }) {
  const ligne = usePrestations(paiementsRecentsQuery())
    .data?.find((paiement) => paiement.paymentId === signalement.paymentId)
    ?.detailRemboursement.find((candidate) => candidate.idLigne === signalement.idLigne);
  return (
    <section aria-labelledby="signalement-title">
      <h2 id="signalement-title" className="section-title">
        {t('demande.signalement.title')}
      </h2>
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('demande.signalement.motif')}>{motifSignalementLabel(signalement.motif)}</Entry>
        <PaiementEntry paymentId={signalement.paymentId} />
        {ligne && (
          <Entry label={t('demande.signalement.soin')}>
            {t('demande.signalement.soinDetail', {
              acte: ligne.labelExternalCode,
              date: formatIsoDate(ligne.startDate),
              professionnel: ligne.professionnelSante || '-',
            })}
          </Entry>
        )}
      </dl>
    </section>
  );
}
