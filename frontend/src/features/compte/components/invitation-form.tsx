import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { droitsProposes } from '@/entities/delegation/droits';
import { useKeepAcrossSignIn, useRestoredAfterSignIn } from '@/hooks/kept-across-sign-in';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import type { Delegation } from '../api/get-delegations';
import { postDelegation } from '../api/post-delegation';
import {
  bornesFin,
  invitationGardee,
  invitationSchema,
  type InvitationValues,
  nouvelleDelegation,
  nouvelleInvitation,
} from '../delegation-schema';
import styles from './compte.module.css';

/**
 * « Inviter une personne »: the address of the person to trust, what they may do, until when.
 * The portal may ask the member to sign in again before sending it: what is typed is kept for
 * the trip (`kept-across-sign-in.ts`) and the form comes back with it, said above it. A refusal
 * keeps what was typed, with the member API's own words, which take the focus.
 */
export function InvitationForm({ onInvited }: { onInvited: (delegation: Delegation) => void }) {
  const id = useId();
  const restored = useRestoredAfterSignIn(invitationGardee);
  // The day the page was opened: the bounds do not move under the member's eyes at midnight.
  const [today] = useState(() => new Date());
  const schema = useMemo(() => invitationSchema(today), [today]);
  const bornes = bornesFin(today);
  const invite = useSubmit(postDelegation);
  const form = useForm<InvitationValues>({
    resolver: zodResolver(schema),
    defaultValues: restored ?? nouvelleInvitation(today),
  });
  useKeepAcrossSignIn(invitationGardee, () => form.getValues());
  const { errors, isSubmitting } = form.formState;
  const [invited, setInvited] = useState<string | null>(null);
  const refus = useFocusOnChange<HTMLParagraphElement>(invite.error);
  const droitsError = errors.REMBOURSEMENTS?.message;

  const submit = form.handleSubmit(async (values) => {
    setInvited(null);
    const result = await invite.submit(nouvelleDelegation(values));
    if (!result.ok) return;
    onInvited(result.data);
    form.reset(nouvelleInvitation(today));
    setInvited(result.data.courriel);
  });

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('compte.proches.inviter.title')}
      </h2>
      {/* Present from the start, so that its message is announced when it appears. */}
      <div role="status">
        {invited && <p className="notice-success">{t('compte.proches.inviter.enregistree', { courriel: invited })}</p>}
      </div>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {restored && <SignedInAgainNotice />}
        {invite.error && (
          <p ref={refus} tabIndex={-1} role="alert" className="notice-error">
            {invite.error}
          </p>
        )}
        <FormField
          label={t('compte.proches.inviter.courriel')}
          hint={t('compte.proches.inviter.courriel.hint')}
          error={errors.courriel?.message}
        >
          {/* Another person's address: the browser's suggestions would be the member's own. */}
          {(props) => <input {...props} type="email" autoComplete="off" spellCheck={false} {...form.register('courriel')} />}
        </FormField>
        <fieldset className={styles.fieldset} aria-describedby={droitsError ? `${id}-droits-error` : undefined}>
          <legend>{t('compte.proches.inviter.droits')}</legend>
          {droitsProposes.map((droit) => (
            <label key={droit} className={styles.choice}>
              <input type="checkbox" aria-invalid={droitsError !== undefined} {...form.register(droit)} />
              {t(`compte.proches.droit.${droit}`)}
            </label>
          ))}
          {droitsError && (
            <span id={`${id}-droits-error`} className={styles.error} role="alert">
              {droitsError}
            </span>
          )}
        </fieldset>
        <FormField
          label={t('compte.proches.inviter.fin')}
          hint={t('compte.proches.inviter.fin.hint')}
          error={errors.fin?.message}
        >
          {(props) => <input {...props} type="date" min={bornes.min} max={bornes.max} {...form.register('fin')} />}
        </FormField>
        <div className={styles.formActions}>
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('compte.proches.inviter.envoyer')}
          </button>
        </div>
      </form>
    </section>
  );
}
