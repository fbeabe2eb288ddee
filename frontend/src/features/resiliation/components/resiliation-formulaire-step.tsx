import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '@/api/get-session';
import { FormField } from '@/components/form-field';
import { t } from '@/i18n/t';
import { contratLabel, motifLabel } from '../resiliation-labels';
import { type Contrat, motifsPour } from '../resiliation-rules';
import { type ResiliationForm, resiliationSchema } from '../resiliation-schema';
import { ResiliationIdentite } from './resiliation-identite';
import styles from './resiliation.module.css';

interface FormulaireStepProps {
  contrats: Contrat[];
  user: User;
  values: ResiliationForm;
  /** The member API's refusal of the last choice, shown above the form to correct it. */
  refus: string | null;
  onNext: (values: ResiliationForm) => void;
}

/** The form: the address for the acknowledgement, the contract, the motif and its date. */
export function ResiliationFormulaireStep({ contrats, user, values, refus, onNext }: FormulaireStepProps) {
  const form = useForm<ResiliationForm>({ resolver: zodResolver(resiliationSchema), defaultValues: values });
  const { errors } = form.formState;
  const numeroContrat = useWatch({ control: form.control, name: 'numeroContrat' });
  const motif = useWatch({ control: form.control, name: 'motif' });
  const contrat = contrats.find((candidate) => candidate.numeroContrat === numeroContrat);
  const motifs = contrat ? motifsPour(contrat, new Date()) : [];

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(onNext)(event)}>
      {refus && (
        <p role="alert" className="notice-error">
          {refus}
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('resiliation.vous')}</legend>
        <dl className="entries">
          <ResiliationIdentite user={user} />
        </dl>
        <p>{t('resiliation.vous.texte')}</p>
        <FormField
          label={t('resiliation.champ.email')}
          hint={t('resiliation.champ.email.hint')}
          error={errors.email?.message}
        >
          {(props) => <input {...props} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
      </fieldset>
      <FormField label={t('resiliation.champ.contrat')} error={errors.numeroContrat?.message}>
        {(props) => (
          <select {...props} {...form.register('numeroContrat')}>
            {contrats.length > 1 && <option value="">{t('resiliation.champ.motif.choisir')}</option>}
            {contrats.map((candidate) => (
              <option key={candidate.numeroContrat} value={candidate.numeroContrat}>
                {contratLabel(candidate)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('resiliation.champ.motif')} error={errors.motif?.message}>
        {(props) => (
          <select {...props} {...form.register('motif')}>
            <option value="">{t('resiliation.champ.motif.choisir')}</option>
            {motifs.map((candidate) => (
              <option key={candidate} value={candidate}>
                {motifLabel(candidate)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {motif === 'AUTRE' && (
        <FormField label={t('resiliation.champ.precision')} error={errors.precision?.message}>
          {(props) => <textarea {...props} rows={4} maxLength={2000} {...form.register('precision')} />}
        </FormField>
      )}
      <FormField
        label={t('resiliation.champ.dateEvenement')}
        hint={t('resiliation.champ.dateEvenement.hint')}
        error={errors.dateEvenement?.message}
      >
        {(props) => <input {...props} type="date" {...form.register('dateEvenement')} />}
      </FormField>
      <div className={styles.buttons}>
        <button type="submit" className="button button-primary">
          {t('resiliation.verifier')}
        </button>
      </div>
    </form>
  );
}
