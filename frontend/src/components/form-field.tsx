import { type ReactNode, useId } from 'react';
import styles from './form-field.module.css';

interface FormFieldProps {
  label: string;
  /** The field's French message, announced when it appears. */
  error: string | undefined;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A labelled control with its hint and its error next to it, linked for screen readers. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={['form-field', styles.control].join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': described || undefined })}
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
