import type { User } from '@/api/get-session';
import { CaptchaWaiting, CaptchaWidget } from '@/components/captcha/captcha-widget';
import { Entry } from '@/components/entry';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatIsoDate } from '@/lib/format-date';
import { useKeepAcrossSignIn } from '@/hooks/kept-across-sign-in';
import { useSubmit } from '@/hooks/use-submit';
import { type DemandeResiliation, postResiliation } from '../api/post-resiliation';
import { contratLabel, motifLabel } from '../resiliation-labels';
import { type Contrat, dateFinContrat, type MotifResiliation } from '../resiliation-rules';
import { creationResiliation, resiliationGardee } from '../resiliation-flow';
import type { ResiliationForm } from '../resiliation-schema';
import { ResiliationIdentite } from './resiliation-identite';
import styles from './resiliation.module.css';

interface RecapitulatifStepProps {
  contrats: Contrat[];
  user: User;
  values: ResiliationForm;
  /** Taken up after the member signed in again: said above the summary. */
  reprise: boolean;
  onEdit: () => void;
  /** The member API refused what was chosen: `message` is its reason. */
  onRefused: (message: string) => void;
  onSent: (demande: DemandeResiliation) => void;
}

/** The summary to check, with the end date the rules foresee, then the confirmation. */
export function ResiliationRecapitulatifStep({
  contrats,
  user,
  values,
  reprise,
  onEdit,
  onRefused,
  onSent,
}: RecapitulatifStepProps) {
  // Solved while the member checks the summary, so that confirming does not wait.
  const captcha = useCaptcha();
  const notice = useSubmit(captcha.guard(postResiliation));
  // The portal may ask the member to sign in again before the notice: the choices go along.
  useKeepAcrossSignIn(resiliationGardee, () => values);
  const contrat = contrats.find((candidate) => candidate.numeroContrat === values.numeroContrat);
  if (!contrat) return null;
  // What the rules foresee for a notice received today; the mutual's own date, computed on
  // receipt, is the acknowledgement's.
  const finPrevue = dateFinContrat(values.motif as MotifResiliation, contrat, new Date());

  const confirm = async () => {
    const sent = await notice.submit(creationResiliation(values));
    if (sent.ok) {
      onSent(sent.data);
    } else if (isApiError(sent.error, 400) && sent.error.message) {
      // A 400 refuses what was chosen: back to the form, everything kept, to correct it.
      // Anything else (the server unreachable) is worth trying again as it is, from here.
      onRefused(sent.error.message);
    }
  };

  return (
    <div className={styles.form}>
      {reprise && <SignedInAgainNotice />}
      {notice.error && (
        <p role="alert" className="notice-error">
          {notice.error}
        </p>
      )}
      <dl className="entries">
        <ResiliationIdentite user={user} />
        <Entry label={t('resiliation.champ.email')}>{values.email}</Entry>
        <Entry label={t('resiliation.champ.contrat')}>{contratLabel(contrat)}</Entry>
        <Entry label={t('resiliation.champ.motif')}>{motifLabel(values.motif)}</Entry>
        {values.motif === 'AUTRE' && (
          <Entry label={t('resiliation.champ.precision')}>
            <span className={styles.message}>{values.precision}</span>
          </Entry>
        )}
        <Entry label={t('resiliation.champ.dateEvenement')}>{formatIsoDate(values.dateEvenement)}</Entry>
        <Entry label={t('resiliation.recap.fin')}>
          <strong>{formatDate(finPrevue)}</strong> {t('resiliation.recap.finPrevue')}
        </Entry>
      </dl>
      <CaptchaWidget captcha={captcha} />
      <div className={styles.buttons}>
        <button
          type="button"
          className="button button-primary"
          disabled={notice.sending}
          onClick={() => void confirm()}
        >
          {t(notice.sending ? 'resiliation.envoi' : 'resiliation.confirmer')}
        </button>
        <button type="button" className="button button-secondary" disabled={notice.sending} onClick={onEdit}>
          {t('resiliation.modifier')}
        </button>
        <CaptchaWaiting captcha={captcha} />
      </div>
    </div>
  );
}
