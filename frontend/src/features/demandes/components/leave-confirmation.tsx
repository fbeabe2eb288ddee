import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { t } from '@/i18n/t';
import styles from './creation.module.css';

/**
 * Asks before leaving a request that was started and not sent: a link of the app opens this
 * dialog; closing the tab or reloading gets the browser's own question (what was typed is
 * kept for the session, the files are not).
 */
export function LeaveConfirmation({ when }: { when: () => boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    currentLocation.pathname !== nextLocation.pathname && when(),
  );
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocker.state === 'blocked' && !element.open) element.showModal();
    if (blocker.state !== 'blocked' && element.open) element.close();
  }, [blocker.state]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (when()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [when]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="quitter-title"
      aria-describedby="quitter-texte"
      onCancel={() => {
        blocker.reset?.();
      }}
    >
      <h2 id="quitter-title" className="section-title">
        {t('creation.quitter.title')}
      </h2>
      <p id="quitter-texte">{t('creation.quitter.texte')}</p>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={() => blocker.reset?.()}>
          {t('creation.quitter.rester')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => blocker.proceed?.()}>
          {t('creation.quitter.confirmer')}
        </button>
      </div>
    </dialog>
  );
}
