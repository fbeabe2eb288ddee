import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { useSubmit } from '@/hooks/use-submit';
import { alertes, type Preferences } from '../api/get-preferences';
import { putPreferences } from '../api/put-preferences';
import {
  nouvellesPreferences,
  type PreferencesForm,
  preferencesForm,
  preferencesSchema,
} from '../compte-schemas';
import styles from './compte.module.css';
import { EditorActions } from './editor-actions';

interface EditorProps {
  preferences: Preferences;
  onCancel: () => void;
  onSaved: (preferences: Preferences) => void;
}

/**
 * The choices' form, opened by « Modifier » (with the forms library, loaded then): the alerts
 * with, beside them, the security emails that are always sent, where they go, and « zéro
 * papier ». A refusal keeps what was chosen, with the member API's own words, which take the
 * focus.
 */
export function PreferencesEditor({ preferences, onCancel, onSaved }: EditorProps) {
  const save = useSubmit(putPreferences);
  const form = useForm<PreferencesForm>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: preferencesForm(preferences),
  });
  const { errors, isSubmitting } = form.formState;
  const destinataire = useWatch({ control: form.control, name: 'destinataire' });
  const refus = useFocusOnChange<HTMLParagraphElement>(save.error);

  const submit = form.handleSubmit(async (values) => {
    const saved = await save.submit(nouvellesPreferences(values));
    if (saved.ok) onSaved(saved.data);
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {save.error && (
        <p ref={refus} tabIndex={-1} role="alert" className="notice-error">
          {save.error}
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('compte.preferences.alertes')}</legend>
        <p className={styles.fieldsetText}>{t('compte.preferences.alertes.intro')}</p>
        {alertes.map((alerte) => (
          <label key={alerte} className={styles.choice}>
            <input type="checkbox" {...form.register(alerte)} />
            {t(`compte.preferences.alerte.${alerte}`)}
          </label>
        ))}
        <p className={['text-muted', styles.fieldsetText].join(' ')}>{t('compte.preferences.securite')}</p>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('compte.preferences.adresse')}</legend>
        <label className={styles.choice}>
          <input type="radio" value="contact" {...form.register('destinataire')} />
          {t('compte.preferences.adresse.contact', { email: preferences.emailContact })}
        </label>
        <label className={styles.choice}>
          <input type="radio" value="autre" {...form.register('destinataire')} />
          {t('compte.preferences.adresse.autre')}
        </label>
        {destinataire === 'autre' && (
          <FormField label={t('compte.preferences.adresse.email')} error={errors.emailAlertes?.message}>
            {(props) => (
              <input
                {...props}
                type="email"
                autoComplete="email"
                spellCheck={false}
                {...form.register('emailAlertes')}
              />
            )}
          </FormField>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('compte.preferences.zeroPapier')}</legend>
        <label className={styles.choice}>
          <input type="checkbox" {...form.register('zeroPapier')} />
          {t('compte.preferences.zeroPapier.choix')}
        </label>
      </fieldset>
      <EditorActions isSubmitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
