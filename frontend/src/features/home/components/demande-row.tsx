import { DemandeEtat } from '@/components/demande-etat';
import { demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import type { ApercuDemande } from '../api/get-home';
import styles from './home-dashboard.module.css';

/** One request: its creation day, its type and its state, with a done or pending icon. */
export function DemandeRow({ demande }: { demande: ApercuDemande }) {
  return (
    <>
      <span className={styles.demandeDate}>
        {t('home.demandes.createdOn', { date: formatIsoDate(demande.DateCreation) })}
      </span>
      <span className={styles.demandeType}>{demandeTypeLabel(demande.TypeCode)}</span>
      <DemandeEtat etat={demande.Etat} />
    </>
  );
}
