import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import type { EcheanceProchaine } from '../api/get-home';
import styles from './home-dashboard.module.css';

type Impaye = NonNullable<EcheanceProchaine['impaye']>;

/**
 * At the top of the home when the member's bank rejected a debit of their contributions: which
 * one, why, what they owe, and what to do. `coordonnees`: whether the bank details may be
 * changed from this space (not by someone acting for the member without that right).
 */
export function ImpayeNotice({ impaye, coordonnees }: { impaye: Impaye; coordonnees: boolean }) {
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
      <p>{t('home.impaye.quoiFaire')}</p>
      <p className={styles.noticeActions}>
        <Link className="button button-secondary" to={paths.cotisations}>
          {t('home.impaye.cotisations')}
        </Link>
        {coordonnees && (
          <Link className="button button-secondary" to={paths.informationsPersonnelles}>
            {t('home.impaye.coordonnees')}
          </Link>
        )}
      </p>
    </section>
  );
}
