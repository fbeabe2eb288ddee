import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { RadioQuestion } from '@/components/radio-question';
import { hasPanier100, isSoinEstime, quantiteKind, soinGroups, soinLabel } from '@/entities/estimation/estimation-soins';

/** A quote is of glasses, dental care or hearing aids: a hospital stay has its own request. */
const soinsDuDevis = soinGroups.filter((group) => group.id !== 'hospitalisation');
import { t } from '@/i18n/t';
import type { DetailsValues } from '../demande-details';
import { emptyLigne, type LigneDevisValues, lignesMax } from '../devis-lignes';
import styles from './creation.module.css';

type Form = UseFormReturn<DetailsValues>;

/** The form's name of a line's field: `lignes.2.prix`. */
function champ<Field extends keyof LigneDevisValues>(index: number, field: Field) {
  return `lignes.${String(index)}.${field}` as `lignes.${number}.${Field}`;
}

/**
 * « Les lignes du devis »: one block per line of the quote, in its order (1 to 12), each with
 * its care, the 100 % Santé basket where the care has one, its price, the ears of hearing aids
 * and its code. « Ajouter une ligne » takes the member to the new line's first field;
 * « Supprimer la ligne {n} » to the line that took its place,
 * or the one before it. A thirteenth line is refused with a message, the button kept
 * where it is rather than disabled, which would leave a keyboard user no reason why.
 */
export function LignesDevisField({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lignes' });
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const [tropDeLignes, setTropDeLignes] = useState(false);
  // The line whose first field takes the focus once the list has rendered again.
  const aFocaliser = useRef<number | null>(null);
  const { setFocus } = form;
  useEffect(() => {
    if (aFocaliser.current === null) return;
    setFocus(champ(aFocaliser.current, 'soin'));
    aFocaliser.current = null;
  }, [fields, setFocus]);

  const erreurs = form.formState.errors.lignes;
  const erreur = tropDeLignes
    ? t('creation.devis.erreur.tropDeLignes', { max: lignesMax })
    : (erreurs?.root?.message ?? erreurs?.message);

  const ajouter = () => {
    if (fields.length >= lignesMax) {
      setTropDeLignes(true);
      return;
    }
    setTropDeLignes(false);
    aFocaliser.current = fields.length;
    append({ ...emptyLigne }, { shouldFocus: false });
  };

  const supprimer = (index: number) => {
    setTropDeLignes(false);
    aFocaliser.current = Math.min(index, fields.length - 2);
    remove(index);
  };

  return (
    <section className={styles.lignes} aria-labelledby={titleId} aria-describedby={hintId}>
      <h3 id={titleId} className={styles.subtitle}>
        {t('creation.devis.lignes')}
      </h3>
      <p id={hintId} className={styles.hint}>
        {t('creation.devis.lignes.hint', { max: lignesMax })}
      </p>
      <ol className={styles.lignesListe}>
        {fields.map((field, index) => (
          <LigneDevis
            key={field.id}
            form={form}
            index={index}
            // The last line stays: a quote has one at least.
            onRemove={
              fields.length > 1
                ? () => {
                    supprimer(index);
                  }
                : null
            }
          />
        ))}
      </ol>
      {erreur && (
        <p id={errorId} role="alert" className={styles.fieldError}>
          {erreur}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={erreur ? errorId : undefined}
          onClick={ajouter}
        >
          {t('creation.devis.ajouter')}
        </button>
      </div>
    </section>
  );
}

interface LigneDevisProps {
  form: Form;
  index: number;
  /** Removes the line; `null` for the only one. */
  onRemove: (() => void) | null;
}

/** A line: its fields in a group named after its number, each message naming it too. */
function LigneDevis({ form, index, onRemove }: LigneDevisProps) {
  const n = index + 1;
  const name = <Field extends keyof LigneDevisValues>(field: Field) => champ(index, field);
  const value = useWatch({ control: form.control, name: name('soin') });
  const soin = isSoinEstime(value) ? value : null;
  const errors = form.formState.errors.lignes?.[index];

  return (
    <li>
      <fieldset className={styles.ligne}>
        <legend>{t('creation.devis.ligne', { n })}</legend>
        <FormField label={t('estimation.champ.soin')} error={errors?.soin?.message}>
          {(props) => (
            <select {...props} {...form.register(name('soin'))}>
              <option value="">{t('estimation.champ.soin.choisir')}</option>
              {soinsDuDevis.map((group) => (
                <optgroup key={group.id} label={t(group.label)}>
                  {group.soins.map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {soinLabel(candidate)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FormField>
        {soin && hasPanier100(soin) && (
          <RadioQuestion
            form={form}
            name={name('centPourCentSante')}
            legend={t('creation.devis.panier')}
            hint={t('estimation.champ.panier.hint')}
            error={errors?.centPourCentSante?.message}
            choices={[
              { value: 'oui', label: t('estimation.oui') },
              { value: 'non', label: t('estimation.non') },
            ]}
          />
        )}
        <FormField label={t('creation.devis.prix')} hint={t('creation.devis.prix.hint')} error={errors?.prix?.message}>
          {(props) => (
            <input {...props} type="text" inputMode="decimal" autoComplete="off" {...form.register(name('prix'))} />
          )}
        </FormField>
        {soin && quantiteKind(soin) === 'oreilles' && (
          <RadioQuestion
            form={form}
            name={name('quantite')}
            legend={t('estimation.champ.oreilles')}
            error={errors?.quantite?.message}
            choices={[
              { value: '1', label: t('estimation.champ.oreilles.1') },
              { value: '2', label: t('estimation.champ.oreilles.2') },
            ]}
          />
        )}
        <FormField label={t('creation.devis.code')} hint={t('creation.devis.code.hint')} error={errors?.code?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              {...form.register(name('code'))}
            />
          )}
        </FormField>
        {onRemove && (
          <button
            type="button"
            className={['button button-secondary', styles.supprimer].join(' ')}
            onClick={onRemove}
          >
            {t('creation.devis.supprimer.nom', { n })}
          </button>
        )}
      </fieldset>
    </li>
  );
}
