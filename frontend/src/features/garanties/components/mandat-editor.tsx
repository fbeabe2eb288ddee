import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { CompteBancaireFields } from '@/components/compte-bancaire-fields';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { type CompteSaisi, compteEnvoye, compteSchema } from '@/entities/compte-bancaire/compte-bancaire';
import { useKeepAcrossSignIn } from '@/hooks/kept-across-sign-in';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import type { MandatSepa } from '../api/get-mandats';
import { postMandat } from '../api/post-mandat';
import { mandatGarde, type MandatSaisi } from '../mandat-garde';
import styles from './garanties.module.css';

interface MandatEditorProps {
  /** What the member had typed before signing in again; `null` for a new form. */
  reprise: MandatSaisi | null;
  onCancel: () => void;
  /** The mandate the member API drew up, to sign with the code it sent. */
  onCreated: (mandat: MandatSepa) => void;
}

/**
 * « Changer de compte de prélèvement »: the account to take contributions from, checked as the
 * bank details of « Mes informations personnelles » are (`entities/compte-bancaire`), with the
 * forms library, loaded with it. « Continuer » asks the member API for the mandate (after a
 * recent sign-in: what is typed is kept for the trip and comes back as `reprise`, said above
 * the form). The first field takes the focus as the form opens, the button that opened it
 * being gone.
 */
export function MandatEditor({ reprise, onCancel, onCreated }: MandatEditorProps) {
  const save = useSubmit(postMandat);
  const form = useForm<CompteSaisi>({
    resolver: zodResolver(compteSchema),
    defaultValues: reprise ?? { titulaire: '', iban: '', bic: '' },
  });
  useKeepAcrossSignIn(mandatGarde, () => ({ ...form.getValues(), code: '' }));
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  const repris = reprise !== null;
  useEffect(() => {
    // Back from signing in again, the notice takes the focus instead.
    if (!repris) setFocus('titulaire');
  }, [repris, setFocus]);
  const submit = form.handleSubmit(async (values) => {
    const result = await save.submit(compteEnvoye(values));
    if (result.ok) onCreated(result.data);
  });

  return (
    <form className={styles.mandatForm} onSubmit={(event) => void submit(event)} noValidate>
      {repris && <SignedInAgainNotice />}
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
      <CompteBancaireFields register={form.register} errors={errors} />
      <div className={styles.mandatActions}>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {t('cotisations.mandat.continuer')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('cotisations.mandat.annuler')}
        </button>
      </div>
    </form>
  );
}
