import { useState } from 'react';
import { type MessageKey, t } from '@/i18n/t';
import { maxFichiers } from '@/entities/documents/document-files';
import type { Uploads } from '@/hooks/use-uploads';
import { DocumentPicker } from './document-picker';
import { StepActions } from './step-actions';
import styles from './creation.module.css';

interface DocumentsStepProps {
  uploads: Uploads;
  required: boolean;
  /** What is said when a required document is missing, in the request's words. */
  missing: MessageKey;
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step 3: the documents, dropped, picked or photographed. Each file is sent at once, with
 * its own progress; a failed one is sent again or removed without touching the others.
 */
export function DocumentsStep({ uploads, required, missing, onBack, onNext }: DocumentsStepProps) {
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (uploads.busy) setProblem(t('creation.documents.enAttente'));
        else if (uploads.failed) setProblem(t('creation.documents.echecs'));
        else if (required && uploads.documentIds.length === 0) setProblem(t(missing));
        else onNext();
      }}
    >
      <p id="documents-rules">
        {t('creation.documents.intro', { max: maxFichiers })}{' '}
        {!required && t('creation.documents.facultatifs')}
      </p>
      {problem && (
        <p role="alert" className="notice-error">
          {problem}
        </p>
      )}
      <DocumentPicker
        uploads={uploads}
        describedBy="documents-rules"
        onAdd={() => {
          setProblem(null);
        }}
      />
      <StepActions onBack={onBack} />
    </form>
  );
}
