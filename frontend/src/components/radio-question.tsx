import { useId } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useController } from 'react-hook-form';

import styles from './radio-question.module.css';

interface RadioQuestionProps<Values extends FieldValues, Checked> {
  /** `Checked`: the values the form's schema gives once checked, when it turns them into others. */
  form: UseFormReturn<Values, unknown, Checked>;
  name: Path<Values>;
  legend: string;
  hint?: string;
  error: string | undefined;
  choices: { value: string; label: string }[];
  /** The estimate's framed question, or a quote line's plain one. */
  framed?: boolean;
}

/**
 * A question answered by one of a few choices: radio buttons in a fieldset, its error tied to
 * each. Controlled: radios the form merely registers read as `null` once one is left unchecked,
 * which the schemas would refuse with the library's own English words instead of asking the
 * question.
 */
export function RadioQuestion<Values extends FieldValues, Checked = Values>({
  form,
  name,
  legend,
  hint,
  error,
  choices,
  framed = false,
}: RadioQuestionProps<Values, Checked>) {
  const id = useId();
  const { field } = useController({ control: form.control, name });
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className={framed ? styles.framed : styles.question}>
      <legend>{legend}</legend>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <div className={styles.choices}>
        {choices.map((choice, index) => (
          <label key={choice.value} className={styles.choice}>
            <input
              ref={index === 0 ? field.ref : undefined}
              type="radio"
              name={field.name}
              value={choice.value}
              checked={field.value === choice.value}
              aria-invalid={error !== undefined}
              aria-describedby={described || undefined}
              onChange={() => {
                field.onChange(choice.value);
              }}
              onBlur={field.onBlur}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
