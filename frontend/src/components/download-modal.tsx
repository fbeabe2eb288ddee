import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { t } from '@/i18n/t';
import { downloadsInProgress, subscribeToDownloads } from './downloads-in-progress';
import { SpinnerIcon } from './spinner';
import styles from './download-modal.module.css';

/**
 * "Téléchargement du fichier" with a spinner, shown while any `downloadFile` is under way and
 * hidden otherwise (docs/product/shell.md#download-modal). A native modal <dialog>, like every
 * modal of the app, so the page behind cannot be used meanwhile and sign-out closes it with the
 * others.
 */
export function DownloadModal() {
  const busy = useSyncExternalStore(subscribeToDownloads, downloadsInProgress) > 0;
  const dialog = useRef<HTMLDialogElement>(null);
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (busy && !element.open) element.showModal();
    if (!busy && element.open) element.close();
  }, [busy]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={textId}
      // It closes itself when the file has arrived; Escape would only hide a download that
      // goes on.
      onCancel={(event) => {
        event.preventDefault();
      }}
    >
      <SpinnerIcon />
      <p id={textId} className={styles.text} role="status">
        {t('download.label')}
      </p>
    </dialog>
  );
}
