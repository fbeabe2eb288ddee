import { t } from '@/i18n/t';
import styles from './creation.module.css';

/** A step's way on ("Continuer", its form's submit button) and, after the first, back. */
export function StepActions({ onBack }: { onBack?: () => void }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className="button button-primary">
        {t('creation.continuer')}
      </button>
      {onBack && (
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('creation.retour')}
        </button>
      )}
    </div>
  );
}
