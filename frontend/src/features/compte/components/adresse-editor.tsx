import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { InfosPersonnelles } from '@/api/get-infos';
import { FormField } from '@/components/form-field';
import { t } from '@/i18n/t';
import { useDebounced } from '@/hooks/use-debounced';
import { useSubmit } from '@/hooks/use-submit';
import { useCommunes } from '../api/get-communes';
import { putAdresse } from '../api/put-adresse';
import { type AdresseForm, adresseSchema, changementAdresse } from '../compte-schemas';
import styles from './compte.module.css';
import { EditorActions } from './editor-actions';

/** The postal code waits for the member to stop typing before the communes are asked for. */
const debounceMs = 300;

interface EditorProps {
  infos: InfosPersonnelles;
  onCancel: () => void;
  onSaved: (adresse: InfosPersonnelles['adresse']) => void;
}

/** The address's form, opened by « Modifier » (with the forms library, loaded then). */
export function AdresseEditor({ infos, onCancel, onSaved }: EditorProps) {
  const { adresse } = infos;
  const save = useSubmit(putAdresse);
  const form = useForm<AdresseForm>({
    resolver: zodResolver(adresseSchema),
    defaultValues: {
      numeroEtVoie: adresse.numeroEtVoie,
      complementDestinataire: adresse.complementDestinataire ?? '',
      complementAdresse: adresse.complementAdresse ?? '',
      lieuDit: adresse.lieuDit ?? '',
      codePostal: adresse.codePostal,
      commune: adresse.commune,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const codePostal = useDebounced(useWatch({ control: form.control, name: 'codePostal' }), debounceMs);
  const communes = useCommunes(codePostal.trim());
  const names = useMemo(
    () => [...new Set((communes.data ?? []).map((commune) => commune.libelleAcheminement))],
    [communes.data],
  );
  const unknownCode = communes.data?.length === 0;

  // The commune chosen must be one the code serves: a new code empties a choice it does not serve.
  const commune = useWatch({ control: form.control, name: 'commune' });
  useEffect(() => {
    if (communes.data && commune && !names.includes(commune)) form.setValue('commune', '');
  }, [communes.data, commune, names, form]);

  const submit = form.handleSubmit(async (values) => {
    // A refusal leaves what the member typed in the form, with the server's own words.
    const saved = await save.submit(changementAdresse(values));
    if (saved.ok) onSaved(saved.data);
  });

  const text = (name: Exclude<keyof AdresseForm, 'commune' | 'codePostal'>, label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(props) => <input {...props} type="text" autoComplete="off" {...form.register(name)} />}
    </FormField>
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
      {text('numeroEtVoie', t('compte.adresse.numeroEtVoie'))}
      {text('complementDestinataire', t('compte.adresse.complementDestinataire'))}
      {text('complementAdresse', t('compte.adresse.complementAdresse'))}
      {text('lieuDit', t('compte.adresse.lieuDit'))}
      <FormField
        label={t('compte.adresse.codePostal')}
        error={
          errors.codePostal?.message ?? (unknownCode ? t('compte.adresse.codeInconnu') : undefined)
        }
      >
        {(props) => (
          <input
            {...props}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...form.register('codePostal')}
          />
        )}
      </FormField>
      <FormField
        label={t('compte.adresse.commune')}
        hint={t('compte.adresse.communeHint')}
        error={errors.commune?.message}
      >
        {(props) => (
          // Controlled: the options arrive after the form opens, and the saved commune must
          // show as chosen once they are there.
          <select
            {...props}
            {...form.register('commune')}
            value={commune}
            disabled={names.length === 0}
          >
            <option value="">{t('compte.adresse.choisir')}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <p className="text-muted">{t('compte.adresse.pays')}</p>
      <EditorActions isSubmitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
