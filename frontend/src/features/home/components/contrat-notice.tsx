import { useId } from 'react';
import { Link } from 'react-router';
import { t } from '@/i18n/t';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/config/paths';
import type { ContratAVenir, ContratTermine, SituationContrat } from '../situation-contrat';
import styles from './home-dashboard.module.css';

/**
 * A struck-off member's ended contract, and what is still theirs: the reimbursements paid, the
 * certificates of the period covered and, while the law's two years run, invoices for care
 * received while it covered them.
 */
function Termine({ contrat }: { contrat: ContratTermine }) {
  const fin = formatDate(contrat.dateFin);
  return (
    <>
      <p className={styles.contratEtat}>{t('home.contrat.termine', { numero: contrat.numeroContrat, date: fin })}</p>
      <p>{t('home.contrat.termine.consulter')}</p>
      <p>
        {contrat.facturesAcceptees
          ? t('home.contrat.termine.factures', { date: fin })
          : t('home.contrat.termine.delaiPasse')}
      </p>
      <p className={styles.noticeActions}>
        <Link className="button button-secondary" to={paths.remboursements}>
          {t('home.contrat.remboursements')}
        </Link>
        <Link className="button button-secondary" to={paths.contratsGaranties}>
          {t('home.contrat.attestations')}
        </Link>
      </p>
    </>
  );
}

/** A contract yet to begin: from when the member is covered, and that they are not before. */
function AVenir({ contrat }: { contrat: ContratAVenir }) {
  return (
    <>
      <p className={styles.contratEtat}>
        {t('home.contrat.aVenir', { numero: contrat.numeroContrat, date: formatDate(contrat.dateDebut) })}
      </p>
      <p>{t('home.contrat.aVenir.detail')}</p>
    </>
  );
}

/**
 * At the top of the home of a member no contract covers today, before anything that could
 * read as cover: what became of their contract, or when it begins.
 */
export function ContratNotice({ situation }: { situation: SituationContrat }) {
  const titleId = useId();
  return (
    <section className={['card', styles.contrat].join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('home.contrat.title')}
      </h2>
      {situation.etat === 'termine' ? <Termine contrat={situation} /> : <AVenir contrat={situation} />}
    </section>
  );
}
