import type { Procuration } from '@/api/get-procurations';
import { droitLabel } from '@/entities/delegation/delegation-labels';
import { droitsDansLOrdre } from '@/entities/delegation/droits';
import { memberDisplayName } from '@/entities/personne/format-name';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import styles from './procurations.module.css';

interface ProcurationsProps {
  procurations: readonly Procuration[];
  /** A switch is under way: no second one meanwhile. */
  disabled: boolean;
  onAgir: (numero: string) => void;
}

/**
 * The members the person signed in may act for: for each, « Agir pour … », then what they may
 * do in words and until when. Shared by « Pour qui agissez-vous ? » and « Agir pour un proche ».
 */
export function Procurations({ procurations, disabled, onAgir }: ProcurationsProps) {
  return (
    <ul className={styles.procurations}>
      {procurations.map((procuration) => {
        const nom = memberDisplayName(procuration.Civilite, procuration.Prenom, procuration.Nom);
        return (
          <li key={procuration.numero}>
            <button
              type="button"
              className="button button-primary"
              disabled={disabled}
              onClick={() => {
                onAgir(procuration.numero);
              }}
            >
              {procuration.nature === 'BENEFICIAIRE'
                ? t('delegation.procuration.espacePersonnel', { nom })
                : t('delegation.procuration.agir', { nom })}
            </button>
            <ul className={styles.droits} aria-label={t('delegation.procuration.droits', { nom })}>
              {droitsDansLOrdre(procuration.droits).map((droit) => (
                <li key={droit}>{droitLabel(droit)}</li>
              ))}
            </ul>
            <span className="text-muted">
              {t('delegation.procuration.jusquau', { fin: formatIsoDate(procuration.fin) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
