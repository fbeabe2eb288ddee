import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { CompteBancaireFields } from '@/components/compte-bancaire-fields';
import { FormField } from '@/components/form-field';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';
import { useKeepAcrossSignIn } from '@/hooks/kept-across-sign-in';
import { useSubmit } from '@/hooks/use-submit';
import { postBanque } from '../api/post-banque';
import { banqueGardee } from '../banque-gardee';
import { type BanqueForm, banqueSchema, nouveauCompte } from '../compte-schemas';
import styles from './compte.module.css';
import { EditorActions } from './editor-actions';

interface EditorProps {
  /** What the member had typed before signing in again; `null` for a new form. */
  restored: BanqueForm | null;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * The form of a new account, opened by « Modifier » (with the forms library, loaded then).
 * The portal may ask the member to sign in again before saving it: what is typed is kept for
 * the trip (`kept-across-sign-in.ts`) and comes back as `restored`, said above the form.
 */
export function BanqueEditor({ restored, onCancel, onSaved }: EditorProps) {
  const beneficiaires = useBeneficiaires();
  const save = useSubmit(postBanque);
  const form = useForm<BanqueForm>({
    resolver: zodResolver(banqueSchema),
    defaultValues: restored ?? banqueGardee.empty,
  });
  useKeepAcrossSignIn(banqueGardee, () => form.getValues());
  const { errors, isSubmitting } = form.formState;
  // Controlled: the people covered may arrive after the form, restored with one of them chosen.
  const beneficiaire = useWatch({ control: form.control, name: 'beneficiaire' });
  const submit = form.handleSubmit(async (values) => {
    if ((await save.submit(nouveauCompte(values))).ok) onSaved();
  });
  // The member first: their own account; the others are the people covered.
  const others = (beneficiaires.data ?? []).filter((beneficiaire) => beneficiaire.lien !== 'ASSURE_PRINCIPAL');

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {restored && <SignedInAgainNotice />}
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
      <FormField label={t('compte.banque.pour')} error={errors.beneficiaire?.message}>
        {(props) => (
          <select {...props} {...form.register('beneficiaire')} value={beneficiaire}>
            <option value="">{t('compte.banque.vous')}</option>
            {others.map((beneficiaire) => (
              <option key={beneficiaire.id} value={String(beneficiaire.id)}>
                {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <CompteBancaireFields register={form.register} errors={errors} />
      <EditorActions isSubmitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
