import { useSyncExternalStore } from 'react';
import { t } from '@/i18n/t';
import styles from './http-error-announcer.module.css';
import { unreadHttpError } from './unread-http-error';

/**
 * Shows the latest `httpError` broadcast (docs/product/shell.md#failure-announcements) in a polite
 * live region: screen readers read it when they are done, and it stays on screen until dismissed
 * rather than vanishing before a slow reader gets to it. The region is always in the page, so that
 * a new message is announced.
 */
export function HttpErrorAnnouncer() {
  const message = useSyncExternalStore(unreadHttpError.subscribe, unreadHttpError.message);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {message !== null && (
        <div className={styles.message}>
          <p>{message}</p>
          <button
            type="button"
            className={styles.dismiss}
            onClick={unreadHttpError.dismiss}
            aria-label={t('errors.dismiss')}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}
