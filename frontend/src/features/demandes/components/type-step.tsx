import { useState } from 'react';
import type { TypeDemande } from '@/entities/demandes/types-demande';
import { t } from '@/i18n/t';
import { creationGroups } from '../creation-choices';
import { StepActions } from './step-actions';
import styles from './creation.module.css';

interface TypeStepProps {
  type: TypeDemande | null;
  /** The member picks a type: the next step's code can start loading. */
  onChoosing: () => void;
  onChoose: (type: TypeDemande) => void;
}

/** Step 1: what the member wants to do, in groups of plain words. */
export function TypeStep({ type, onChoosing, onChoose }: TypeStepProps) {
  const [chosen, setChosen] = useState<TypeDemande | null>(type);
  const [error, setError] = useState(false);
  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onChoose(chosen);
        else setError(true);
      }}
    >
      {error && (
        <p role="alert" className="notice-error">
          {t('creation.choixRequis')}
        </p>
      )}
      <div className={styles.groups}>
        {creationGroups.map((group) => (
          <fieldset key={group.id} className={styles.group}>
            <legend>{t(group.label)}</legend>
            {group.choices.map((choice) => (
              <label key={choice.type} className={styles.choice}>
                <input
                  type="radio"
                  name="type"
                  value={choice.type}
                  checked={chosen === choice.type}
                  aria-describedby={choice.hint ? `hint-${choice.type}` : undefined}
                  onChange={() => {
                    onChoosing();
                    setChosen(choice.type);
                    setError(false);
                  }}
                />
                <span>
                  {t(choice.label)}
                  {choice.hint && (
                    <span id={`hint-${choice.type}`} className={styles.hint}>
                      {t(choice.hint)}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <StepActions />
    </form>
  );
}
