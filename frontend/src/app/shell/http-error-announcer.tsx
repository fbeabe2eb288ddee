import { useLayoutEffect, useState } from 'react';
import { t } from '@/i18n/t';
import { type HttpErrorDetail, onHttpError } from '@/lib/http-error-events';
import styles from './http-error-announcer.module.css';

function messageFor({ status, message }: HttpErrorDetail): string {
  if (message !== '') return message;
  return status > 0 ? t('errors.withStatus', { status }) : t('errors.generic');
}

/**
 * Shows the latest `httpError` broadcast (SPEC.md §8) in a polite live region: screen readers
 * read it when they are done, and it stays on screen until dismissed rather than vanishing
 * before a slow reader gets to it. The region is always in the page, so that a new message
 * is announced.
 */
export function HttpErrorAnnouncer() {
  const [message, setMessage] = useState<string | null>(null);
  // Subscribed as the shell is committed, not after its paint: the parts committed with it
  // start their requests then, and a quick failure must not arrive before anyone listens.
  useLayoutEffect(
    () =>
      onHttpError((detail) => {
        setMessage(messageFor(detail));
      }),
    [],
  );

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {message !== null && (
        <div className={styles.message}>
          <p>{message}</p>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => {
              setMessage(null);
            }}
            aria-label={t('errors.dismiss')}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}
