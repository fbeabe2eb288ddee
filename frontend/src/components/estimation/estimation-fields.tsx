import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { Beneficiaire } from '@/api/get-beneficiaires';
import { FormField } from '@/components/form-field';
import { RadioQuestion } from '@/components/radio-question';
import type { EstimationValues } from '@/entities/estimation/estimation-form';
import {
  hasPanier100,
  isSoinEstime,
  needsBaseSecu,
  nuitsMax,
  quantiteKind,
  soinGroups,
  soinLabel,
} from '@/entities/estimation/estimation-soins';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';
import styles from './estimation.module.css';

type Form = UseFormReturn<EstimationValues>;

interface EstimationFieldsProps {
  form: Form;
  /** The people to choose from (« Pour qui ? »). */
  beneficiaires: readonly Beneficiaire[];
}

/**
 * The questions of an estimate, in the order a quote answers them: who, which care, the
 * 100 % Santé basket where the care has one, the price, the ears or nights where they count,
 * and what the quote says of the Sécurité sociale. Inside the estimation page's form.
 */
export function EstimationFields({ form, beneficiaires }: EstimationFieldsProps) {
  const { errors } = form.formState;
  const value = useWatch({ control: form.control, name: 'soin' });
  const soin = isSoinEstime(value) ? value : null;
  const quantite = soin && quantiteKind(soin);
  const secuHint = useId();

  return (
    <>
      <FormField label={t('estimation.champ.beneficiaire')} error={errors.beneficiaire?.message}>
        {(props) => (
          <select {...props} {...form.register('beneficiaire')}>
            {beneficiaires.map((beneficiaire) => (
              <option key={beneficiaire.id} value={String(beneficiaire.id)}>
                {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('estimation.champ.soin')} error={errors.soin?.message}>
        {(props) => (
          <select {...props} {...form.register('soin')}>
            <option value="">{t('estimation.champ.soin.choisir')}</option>
            {soinGroups.map((group) => (
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
          framed
          form={form}
          name="centPourCentSante"
          error={errors.centPourCentSante?.message}
          legend={t('estimation.champ.panier')}
          hint={t('estimation.champ.panier.hint')}
          choices={[
            { value: 'oui', label: t('estimation.oui') },
            { value: 'non', label: t('estimation.non') },
          ]}
        />
      )}
      <FormField label={t('estimation.champ.prix')} hint={t('estimation.champ.prix.hint')} error={errors.prix?.message}>
        {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" {...form.register('prix')} />}
      </FormField>
      {quantite === 'oreilles' && (
        <RadioQuestion
          framed
          form={form}
          name="quantite"
          error={errors.quantite?.message}
          legend={t('estimation.champ.oreilles')}
          choices={[
            { value: '1', label: t('estimation.champ.oreilles.1') },
            { value: '2', label: t('estimation.champ.oreilles.2') },
          ]}
        />
      )}
      {quantite === 'nuits' && (
        <FormField
          label={t('estimation.champ.nuits')}
          hint={t('estimation.champ.nuits.hint', { max: nuitsMax })}
          error={errors.quantite?.message}
        >
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" {...form.register('quantite')} />
          )}
        </FormField>
      )}
      <fieldset className={styles.fieldset} aria-describedby={secuHint}>
        <legend>{t('estimation.champ.secu')}</legend>
        <p id={secuHint} className={styles.hint}>
          {t('estimation.champ.secu.hint')}
        </p>
        <div className={styles.pair}>
          <FormField
            label={t('estimation.champ.baseSecu')}
            hint={t(
              soin && needsBaseSecu(soin) ? 'estimation.champ.baseSecu.requise' : 'estimation.champ.baseSecu.hint',
            )}
            error={errors.baseSecu?.message}
          >
            {(props) => (
              <input {...props} type="text" inputMode="decimal" autoComplete="off" {...form.register('baseSecu')} />
            )}
          </FormField>
          <FormField
            label={t('estimation.champ.tauxSecu')}
            hint={t('estimation.champ.tauxSecu.hint')}
            error={errors.tauxSecu?.message}
          >
            {(props) => (
              <input {...props} type="text" inputMode="numeric" autoComplete="off" {...form.register('tauxSecu')} />
            )}
          </FormField>
        </div>
      </fieldset>
    </>
  );
}

