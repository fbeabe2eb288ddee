import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CaptchaWaiting, CaptchaWidget } from '@/components/captcha/captcha-widget';
import { FormField } from '@/components/form-field';
import { motifSignalementLabel, motifsSignalement } from '@/entities/demandes/motif-signalement';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { frenchInteger } from '@/lib/french-number';
import { useSubmit } from '@/hooks/use-submit';
import { type DemandeCreee, postSignalementSoin } from '../api/post-signalement-soin';
import { commentaireMax, type SignalementForm as Values, signalementSchema } from '../signalement-schema';
import { type SoinSignale, signalementSoin } from '../signalement-soin';
import styles from './signalement.module.css';

interface SignalementFormProps {
  soin: SoinSignale;
  /** Where « Annuler » leads: the payment day the member came from. */
  annuler: string;
  onSent: (demande: DemandeCreee) => void;
}

/**
 * Why the member reports the care, and in their words, then « Envoyer le signalement » with
 * the anti-robot check the other creations have (solved while the member writes). A refusal
 * (already reported, a payment that is not theirs, a line it does not hold) keeps what was
 * written, with the member API's own words, which take the focus.
 */
export function SignalementForm({ soin, annuler, onSent }: SignalementFormProps) {
  const captcha = useCaptcha();
  const envoi = useSubmit(captcha.guard(postSignalementSoin));
  const form = useForm<Values>({
    resolver: zodResolver(signalementSchema),
    defaultValues: { motif: '', commentaire: '' },
  });
  const { errors } = form.formState;
  const motif = useWatch({ control: form.control, name: 'motif' });
  const refus = useFocusOnChange<HTMLParagraphElement>(envoi.error);
  const id = useId();
  const motifError = errors.motif?.message;

  const submit = form.handleSubmit(async (values) => {
    const sent = await envoi.submit(signalementSoin(soin, values));
    if (sent.ok) onSent(sent.data);
  });
  const sending = envoi.sending || envoi.sent;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {envoi.error && (
        <p ref={refus} tabIndex={-1} role="alert" className="notice-error">
          {envoi.error}
        </p>
      )}
      <fieldset className={styles.fieldset} aria-describedby={motifError ? `${id}-motif` : undefined}>
        <legend>{t('signalement.motif')}</legend>
        {motifsSignalement.map((candidate) => (
          <label key={candidate} className={styles.choice}>
            <input
              type="radio"
              value={candidate}
              aria-invalid={motifError !== undefined}
              {...form.register('motif')}
            />
            {motifSignalementLabel(candidate)}
          </label>
        ))}
        {motifError && (
          <span id={`${id}-motif`} className={styles.error} role="alert">
            {motifError}
          </span>
        )}
      </fieldset>
      <FormField
        label={t('signalement.commentaire')}
        hint={t('signalement.commentaire.hint', { max: frenchInteger(commentaireMax) })}
        error={errors.commentaire?.message}
      >
        {(props) => (
          <textarea
            {...props}
            rows={5}
            maxLength={commentaireMax}
            aria-required={motif === 'AUTRE'}
            {...form.register('commentaire')}
          />
        )}
      </FormField>
      <CaptchaWidget captcha={captcha} />
      <div className={styles.buttons}>
        <button type="submit" className="button button-primary" disabled={sending}>
          {t(envoi.sending ? 'signalement.envoi' : 'signalement.envoyer')}
        </button>
        <Link className="button button-secondary" to={annuler}>
          {t('signalement.annuler')}
        </Link>
        <CaptchaWaiting captcha={captcha} />
      </div>
    </form>
  );
}
