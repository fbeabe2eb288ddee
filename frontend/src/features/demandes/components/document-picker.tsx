import { useId, useRef, useState } from 'react';
import { t } from '@/i18n/t';
import { acceptAttribute, maxFichiers } from '@/entities/documents/document-files';
import { formatTaille } from '@/entities/documents/format-taille';
import type { Upload, Uploads } from '@/hooks/use-uploads';
import styles from './creation.module.css';

interface DocumentPickerProps {
  uploads: Uploads;
  /** The id of the text that says which files are accepted. */
  describedBy: string;
  /** Files were chosen: what the form said of the previous ones no longer holds. */
  onAdd: () => void;
}

/** Whether the device takes pictures with a touch screen: a phone or a tablet. */
function hasCamera(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Documents dropped, picked or photographed, each sent at once with its own progress; a
 * failed one is sent again or removed without touching the others. A request's creation and
 * a reply on a request both attach documents with it.
 */
export function DocumentPicker({ uploads, describedBy, onAdd }: DocumentPickerProps) {
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const titleId = useId();
  const add = (files: FileList | null) => {
    onAdd();
    if (files) uploads.add([...files]);
  };
  const full = uploads.uploads.length >= maxFichiers;

  return (
    <>
      <div
        className={styles.dropzone}
        data-dragging={dragging || undefined}
        data-full={full || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
      >
        <p aria-hidden="true">{t('creation.documents.deposer')}</p>
        <div className={styles.pickers}>
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={describedBy}
            disabled={full}
            onClick={() => picker.current?.click()}
          >
            {t('creation.documents.choisir')}
          </button>
          {hasCamera() && (
            <button
              type="button"
              className="button button-secondary"
              disabled={full}
              onClick={() => camera.current?.click()}
            >
              {t('creation.documents.photo')}
            </button>
          )}
        </div>
        <input
          ref={picker}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={acceptAttribute}
          multiple
          data-testid="documents-input"
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <input
          ref={camera}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={acceptAttribute}
          capture="environment"
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {uploads.refusals.length > 0 && (
        <ul role="alert" className={['notice-error', styles.refusals].join(' ')}>
          {uploads.refusals.map((refusal) => (
            <li key={refusal}>{refusal}</li>
          ))}
        </ul>
      )}
      {uploads.uploads.length > 0 && (
        <section aria-labelledby={titleId}>
          <h3 id={titleId} className={styles.subtitle}>
            {t('creation.documents.liste')}
          </h3>
          <ul className={styles.files}>
            {uploads.uploads.map((upload) => (
              <FileRow key={upload.key} upload={upload} uploads={uploads} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FileRow({ upload, uploads }: { upload: Upload; uploads: Uploads }) {
  const nom = upload.file.name;
  const percent = Math.round(upload.progress * 100);
  return (
    <li className={styles.file} data-status={upload.status}>
      {upload.preview ? (
        <img src={upload.preview} alt="" className={styles.thumbnail} />
      ) : (
        <span className={styles.thumbnail} aria-hidden="true">
          PDF
        </span>
      )}
      <div className={styles.fileBody}>
        <span className={styles.fileName}>{nom}</span>
        <span className="text-muted">{formatTaille(upload.file.size)}</span>
        {upload.status === 'envoi' && (
          <>
            <progress
              value={upload.progress}
              max={1}
              aria-label={t('creation.documents.envoiDe', { nom })}
            />
            <span aria-hidden="true">{t('creation.documents.enCours', { percent })}</span>
          </>
        )}
        {upload.status === 'envoye' && <span className={styles.sent}>{t('creation.documents.envoye')}</span>}
        {upload.error && (
          <span role="alert" className={styles.fileError}>
            {upload.error}
          </span>
        )}
      </div>
      <div className={styles.fileActions}>
        {upload.status === 'echec' && (
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('creation.documents.reessayer', { nom })}
            onClick={() => {
              uploads.retry(upload.key);
            }}
          >
            {t('creation.documents.reessayerCourt')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('creation.documents.retirer', { nom })}
          onClick={() => {
            uploads.remove(upload.key);
          }}
        >
          ✕
        </button>
      </div>
    </li>
  );
}
