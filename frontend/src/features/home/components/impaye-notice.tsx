import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import type { EcheanceProchaine } from '../api/get-home';
import styles from './home-dashboard.module.css';

export type Impaye = NonNullable<EcheanceProchaine['impaye']>;

/**
 * At the top of the home when the member's bank rejected a debit of their contributions: which
 * one, why, what they owe, and what to do. `gestion`: whether how the contract is paid may be
 * managed from this space, what is owed paid online and the account debited changed (not by
 * someone acting for the member without that right).
 */
export function ImpayeNotice({ impaye, gestion }: { impaye: Impaye; gestion: boolean }) {
  const titleId = useId();
  return (
    <section className={['card', styles.contrat].join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('home.impaye.title')}
      </h2>
      <p className={styles.contratEtat}>
        {t('home.impaye.rejet', { date: formatIsoDate(impaye.dateEcheance), motif: impaye.motifRejet })}
      </p>
      <p>{t('home.impaye.montant', { amount: formatAmount(impaye.montant) })}</p>
      {/* What to do, as this space may do it: the ways it cannot offer are not promised. */}
      <p>{t(gestion ? 'home.impaye.quoiFaire' : 'home.impaye.quoiFaireSansGestion')}</p>
      <p className={styles.noticeActions}>
        <Link className="button button-secondary" to={paths.cotisations}>
          {t('home.impaye.cotisations')}
        </Link>
        {gestion && (
          <>
            {/* To « Payer … par carte », beside what is owed on each contract. */}
            <Link className="button button-secondary" to={paths.cotisations}>
              {t('home.impaye.payer')}
            </Link>
            {/* To « Compte de prélèvement »: another account, by a SEPA mandate signed online. */}
            <Link className="button button-secondary" to={paths.cotisations}>
              {t('home.impaye.mandat')}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
