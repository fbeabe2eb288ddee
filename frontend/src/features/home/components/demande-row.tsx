import { t } from '@/i18n/t';
import { demandeEtatLabel, demandeTypeLabel, isDemandeTerminee } from '@/lib/demande-labels';
import { formatIsoDate } from '@/lib/format-date';
import type { Demande } from '../api/get-home';
import { CheckIcon, ClockIcon } from './icons';
import styles from './home-dashboard.module.css';

/** One request: its creation day, its type and its state, with a done or pending icon. */
export function DemandeRow({ demande }: { demande: Demande }) {
  const done = isDemandeTerminee(demande.Etat);
  return (
    <>
      <span className={styles.demandeDate}>
        {t('home.demandes.createdOn', { date: formatIsoDate(demande.DateCreation) })}
      </span>
      <span className={styles.demandeType}>{demandeTypeLabel(demande.TypeCode)}</span>
      <span className={styles.demandeEtat} data-done={done}>
        {done ? (
          <CheckIcon label={t('home.demandes.done')} />
        ) : (
          <ClockIcon label={t('home.demandes.pending')} />
        )}
        {demandeEtatLabel(demande.Etat)}
      </span>
    </>
  );
}
