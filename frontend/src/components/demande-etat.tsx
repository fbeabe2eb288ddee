import { demandeEtatLabel, isDemandeTerminee } from '@/entities/demandes/demande-labels';
import { t } from '@/i18n/t';
import { Icon } from './icon';
import styles from './demande-etat.module.css';

/**
 * A request's state (docs/product/states.md#request-states): its label, after a check icon when
 * done, a clock otherwise.
 */
export function DemandeEtat({ etat }: { etat: string }) {
  const done = isDemandeTerminee(etat);
  return (
    <span className={styles.etat} data-done={done}>
      <Icon label={t(done ? 'home.demandes.done' : 'home.demandes.pending')}>
        <circle cx="12" cy="12" r="9" />
        <path d={done ? 'M8 12.5l2.5 2.5 5.5-6' : 'M12 7v5l3 2'} />
      </Icon>
      {demandeEtatLabel(etat)}
    </span>
  );
}
