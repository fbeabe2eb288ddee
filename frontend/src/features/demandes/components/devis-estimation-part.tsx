import { zodResolver } from '@hookform/resolvers/zod';
import { type Dispatch, type KeyboardEvent, type SetStateAction, useEffect, useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useEstimation } from '@/api/post-estimation';
import { EstimationFields } from '@/components/estimation/estimation-fields';
import { EstimationResult } from '@/components/estimation/estimation-result';
import { demandeEstimation, type EstimationValues } from '@/entities/estimation/estimation-form';
import { estimationSchema } from '@/entities/estimation/estimation-schema';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { type DevisEstimation, estimationDuDevis } from '../demande-draft';
import type { DetailsValues } from '../demande-details';
import styles from './creation.module.css';

interface DevisEstimationPartProps {
  /** The quote's form: its person and its amount are the estimate's. */
  details: UseFormReturn<DetailsValues>;
  /** What the quote's form holds now (the draft's copy, kept up to date as the member types). */
  values: DetailsValues;
  devis: DevisEstimation;
  onChange: Dispatch<SetStateAction<DevisEstimation>>;
}

/**
 * « Estimer ce devis », inside a quote's step 2: the estimation's questions but the person and
 * the price, which are the request's, and a button of its own (a form cannot hold another).
 * Optional: a failure, or no estimate at all, never keeps the quote from going on.
 */
export function DevisEstimationPart({ details, values, devis, onChange }: DevisEstimationPartProps) {
  const form = useForm<EstimationValues>({
    resolver: zodResolver(estimationSchema),
    defaultValues: devis.values,
  });
  const estimate = useEstimation();
  const titleId = useId();
  const estimation = estimationDuDevis(devis, values);
  const stale = devis.resultat !== null && estimation === null;
  // Focus moves to a new answer as it arrives, never to an old one found again while typing.
  const result = useFocusOnChange<HTMLDivElement>(devis.resultat);

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values: current }) => {
          onChange((previous) => ({ ...previous, values: current }));
        },
      }),
    [form, onChange],
  );

  const estimer = async () => {
    // The person and the amount first, where they are typed, with their own messages.
    if (!(await details.trigger(['beneficiaire', 'montant'], { shouldFocus: true }))) return;
    form.setValue('beneficiaire', details.getValues('beneficiaire'));
    form.setValue('prix', details.getValues('montant'));
    await form.handleSubmit(async (valid) => {
      const demande = demandeEstimation(valid);
      const answered = await estimate.submit(demande);
      if (answered.ok) onChange((previous) => ({ ...previous, resultat: { demande, estimation: answered.data } }));
    })();
  };

  // Enter in one of these fields estimates, rather than sending the whole step on.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type === 'text') {
      event.preventDefault();
      void estimer();
    }
  };

  // The quote's amount is the price: a rule it breaks only here (over 100 000 €) is said here.
  const { errors } = form.formState;
  const prixError = errors.prix?.message ?? errors.beneficiaire?.message;

  return (
    <section className={styles.estimation} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <h3 id={titleId} className={styles.subtitle}>
        {t('estimation.devis.title')}
      </h3>
      <p className={styles.hint}>{t('estimation.devis.intro')}</p>
      <EstimationFields form={form} withPrix={false} />
      {prixError && (
        <p role="alert" className="notice-error">
          {prixError}
        </p>
      )}
      {estimate.error && (
        <p role="alert" className="notice-error">
          {estimate.error} {t('estimation.devis.echec')}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          disabled={estimate.sending}
          onClick={() => void estimer()}
        >
          {t(estimate.sending ? 'estimation.enCours' : 'estimation.devis.estimer')}
        </button>
      </div>
      {stale && <p className="text-muted">{t('estimation.devis.perimee')}</p>}
      {estimation && (
        <div
          ref={result}
          tabIndex={-1}
          role="group"
          aria-label={t('estimation.resultat.title')}
          className={styles.estimationResult}
        >
          <EstimationResult estimation={estimation} compact />
        </div>
      )}
    </section>
  );
}
