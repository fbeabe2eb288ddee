import { t } from '@/i18n/t';
import styles from './home-dashboard.module.css';

interface PartFailureProps {
  message: string;
  /** Asks `/api/home` again: the part comes back with the rest. */
  onRetry: () => void;
}

/** A part of the dashboard that could not be loaded, while the rest of the page works. */
export function PartFailure({ message, onRetry }: PartFailureProps) {
  return (
    <div className={styles.failure}>
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('home.retry')}
      </button>
    </div>
  );
}
