import { t } from '@/i18n/t';
import styles from './compte.module.css';

/** « Enregistrer » and « Annuler » of an editor of Mes informations personnelles. */
export function EditorActions({ isSubmitting, onCancel }: { isSubmitting: boolean; onCancel: () => void }) {
  return (
    <div className={styles.formActions}>
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {t('compte.enregistrer')}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t('compte.annuler')}
      </button>
    </div>
  );
}
