import { t } from '@/i18n/t';
import styles from './part-failure.module.css';

interface PartFailureProps {
  message: string;
  /** Asks for the part again. */
  onRetry: () => void;
}

/** A part of a page that could not be loaded, while the rest of the page works. */
export function PartFailure({ message, onRetry }: PartFailureProps) {
  return (
    <div className={styles.failure}>
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
