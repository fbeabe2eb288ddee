import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useController, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { useContrats } from '@/api/get-contrats';
import { usePrestations } from '@/api/get-prestations';
import { FormField } from '@/components/form-field';
import type { TypeDemande } from '@/entities/demandes/types-demande';
import { t } from '@/i18n/t';
import { parisIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { frenchInteger } from '@/lib/french-number';
import { memberDisplayName } from '@/entities/personne/format-name';
import { formKind } from '../creation-choices';
import {
  commentaireMax,
  type DetailsValues,
  objetMax,
  reclamationMax,
  typesHospitalisation,
} from '../demande-details';
import { detailsSchema } from '../demande-schemas';
import {
  concerneUnContrat,
  concerneUnPaiement,
  contratLabel,
  motifsReclamation,
  paiementLabel,
  paiementsRecentsQuery,
} from '../reclamation-labels';
import { EtablissementField } from './etablissement-field';
import { LignesDevisField } from './lignes-devis-field';
import { StepActions } from './step-actions';
import styles from './creation.module.css';

interface DetailsStepProps {
  type: TypeDemande;
  values: DetailsValues;
  /** Every change, so that the draft keeps what is typed. */
  onChange: (values: DetailsValues) => void;
  onBack: () => void;
  onNext: (values: DetailsValues) => void;
}

type Form = UseFormReturn<DetailsValues>;

/** Step 2: what the request's kind asks for, checked field by field before going on. */
export function DetailsStep({ type, values, onChange, onBack, onNext }: DetailsStepProps) {
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema(type)),
    defaultValues: values,
    // The forms library focuses the first field in error in the order it learnt the fields,
    // which is not the page's once a field shows later (a quote line's 100 % Santé question):
    // the step focuses the first one on the page instead, once the messages are shown.
    shouldFocusError: false,
  });
  const formElement = useRef<HTMLFormElement>(null);
  const { submitCount } = form.formState;
  useEffect(() => {
    if (submitCount > 0) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values: current }) => {
          onChange(current);
        },
      }),
    [form, onChange],
  );
  const kind = formKind(type);

  return (
    <form
      ref={formElement}
      className={styles.step}
      noValidate
      onSubmit={(event) => void form.handleSubmit((valid) => {
        onNext({ ...values, ...valid });
      })(event)}
    >
      {kind !== 'question' && kind !== 'reclamation' && <BeneficiaireField form={form} />}
      {kind === 'soins' && <SoinsFields form={form} />}
      {kind === 'devis' && <LignesDevisField form={form} />}
      {kind === 'hospitalisation' && <HospitalisationFields form={form} />}
      {kind === 'reclamation' ? (
        <ReclamationFields form={form} />
      ) : (
        <CommentaireField form={form} question={kind === 'question'} />
      )}
      <StepActions onBack={onBack} />
    </form>
  );
}

function BeneficiaireField({ form }: { form: Form }) {
  const beneficiaires = useBeneficiaires();
  const { errors } = form.formState;
  // A person chosen before the list arrived (the address's, a draft's) had no option to show
  // it: once the options are there, the list shows it.
  const loaded = beneficiaires.data !== undefined;
  useEffect(() => {
    const chosen = form.getValues('beneficiaire');
    if (loaded && chosen !== '') form.setValue('beneficiaire', chosen);
  }, [form, loaded]);
  return (
    <FormField label={t('creation.champ.beneficiaire')} error={errors.beneficiaire?.message}>
      {(props) => (
        <select {...props} {...form.register('beneficiaire')}>
          <option value="">{t('creation.champ.beneficiaire.choisir')}</option>
          {(beneficiaires.data ?? []).map((beneficiaire) => (
            <option key={beneficiaire.id} value={String(beneficiaire.id)}>
              {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function SoinsFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label={t('creation.champ.dateSoins')} error={errors.dateSoins?.message}>
        {(props) => <input {...props} type="date" max={toIsoDate(new Date())} {...form.register('dateSoins')} />}
      </FormField>
      <FormField
        label={t('creation.champ.montant')}
        hint={t('creation.champ.montant.hint')}
        error={errors.montant?.message}
      >
        {(props) => <input {...props} type="text" inputMode="decimal" {...form.register('montant')} />}
      </FormField>
    </>
  );
}

function HospitalisationFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const etablissement = useController({ control: form.control, name: 'etablissement' });
  const dateEntree = useWatch({ control: form.control, name: 'dateEntree' });
  // The pickers start from the first day the mutual takes (a preview: the rules decide).
  const aujourdhui = parisIsoDate(new Date());
  const sortieMin = parseIsoDate(dateEntree) !== null && dateEntree > aujourdhui ? dateEntree : aujourdhui;
  return (
    <>
      <EtablissementField
        value={etablissement.field.value}
        onChange={etablissement.field.onChange}
        error={etablissement.fieldState.error?.message}
        inputRef={etablissement.field.ref}
      />
      <FormField label={t('creation.champ.dateEntree')} error={errors.dateEntree?.message}>
        {(props) => <input {...props} type="date" min={aujourdhui} {...form.register('dateEntree')} />}
      </FormField>
      <FormField label={t('creation.champ.dateSortie')} error={errors.dateSortie?.message}>
        {(props) => <input {...props} type="date" min={sortieMin} {...form.register('dateSortie')} />}
      </FormField>
      <FormField label={t('creation.champ.typeHospitalisation')} error={errors.typeHospitalisation?.message}>
        {(props) => (
          <select {...props} {...form.register('typeHospitalisation')}>
            <option value="">{t('creation.champ.typeHospitalisation.choisir')}</option>
            {typesHospitalisation.map((sejour) => (
              <option key={sejour} value={sejour}>
                {t(`hospitalisation.type.${sejour}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className={styles.checkbox}>
        <input type="checkbox" {...form.register('chambreParticuliere')} />
        {t('creation.champ.chambre')}
      </label>
    </>
  );
}

/**
 * A complaint: what it concerns, its subject, then, as the motif calls for it, the contract or
 * the payment concerned (optional), and the complaint itself.
 */
function ReclamationFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const motif = useWatch({ control: form.control, name: 'motif' });
  const contrat = concerneUnContrat(motif);
  const paiement = concerneUnPaiement(motif);
  const { setValue } = form;
  // A contract or a payment chosen for another motif would be sent unseen: dropped with it.
  useEffect(() => {
    if (!contrat) setValue('numeroContrat', '');
    if (!paiement) setValue('paymentId', '');
  }, [contrat, paiement, setValue]);

  return (
    <>
      <FormField label={t('creation.champ.motifReclamation')} error={errors.motif?.message}>
        {(props) => (
          <select {...props} {...form.register('motif')}>
            <option value="">{t('creation.champ.motifReclamation.choisir')}</option>
            {motifsReclamation.map((value) => (
              <option key={value} value={value}>
                {t(`reclamation.motif.${value}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('creation.champ.objet')}
        hint={t('creation.champ.commentaire.hint', { max: frenchInteger(objetMax) })}
        error={errors.objet?.message}
      >
        {(props) => <input {...props} type="text" maxLength={objetMax} {...form.register('objet')} />}
      </FormField>
      {contrat && <ContratField form={form} />}
      {paiement && <PaiementField form={form} />}
      <FormField
        label={t('creation.champ.reclamation')}
        hint={t('creation.champ.commentaire.hint', { max: frenchInteger(reclamationMax) })}
        error={errors.commentaire?.message}
      >
        {(props) => <textarea {...props} rows={8} maxLength={reclamationMax} {...form.register('commentaire')} />}
      </FormField>
    </>
  );
}

/**
 * A choice among options that arrive after the form opens (a draft's, on a reload): shown as
 * chosen once they are there, and dropped when the list has it not or could not be loaded,
 * rather than sent without the member seeing it.
 */
function useListedChoice(
  form: Form,
  name: 'numeroContrat' | 'paymentId',
  list: { data: readonly string[] | undefined; error: unknown },
): string {
  const value = useWatch({ control: form.control, name });
  const { setValue } = form;
  const missing = list.data ? !list.data.includes(value) : list.error !== undefined;
  useEffect(() => {
    if (value !== '' && missing) setValue(name, '');
  }, [value, missing, name, setValue]);
  return value;
}

function ContratField({ form }: { form: Form }) {
  const contrats = useContrats();
  const { errors } = form.formState;
  const value = useListedChoice(form, 'numeroContrat', {
    data: contrats.data?.map((contrat) => contrat.numeroContrat),
    error: contrats.error,
  });
  return (
    <FormField
      label={t('creation.champ.contrat')}
      {...(contrats.error !== undefined && !contrats.data ? { hint: t('creation.champ.listeIndisponible') } : {})}
      error={errors.numeroContrat?.message}
    >
      {(props) => (
        <select {...props} {...form.register('numeroContrat')} value={value}>
          <option value="">{t('creation.champ.aucunEnParticulier')}</option>
          {(contrats.data ?? []).map((contrat) => (
            <option key={contrat.numeroContrat} value={contrat.numeroContrat}>
              {contratLabel(contrat)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function PaiementField({ form }: { form: Form }) {
  const paiements = usePrestations(paiementsRecentsQuery());
  const { errors } = form.formState;
  const value = useListedChoice(form, 'paymentId', {
    data: paiements.data?.map((paiement) => paiement.paymentId),
    error: paiements.error,
  });
  return (
    <FormField
      label={t('creation.champ.paiement')}
      hint={t(
        paiements.error !== undefined && !paiements.data
          ? 'creation.champ.listeIndisponible'
          : 'creation.champ.paiement.hint',
      )}
      error={errors.paymentId?.message}
    >
      {(props) => (
        <select {...props} {...form.register('paymentId')} value={value}>
          <option value="">{t('creation.champ.aucunEnParticulier')}</option>
          {(paiements.data ?? []).map((paiement) => (
            <option key={paiement.paymentId} value={paiement.paymentId}>
              {paiementLabel(paiement)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function CommentaireField({ form, question }: { form: Form; question: boolean }) {
  const { errors } = form.formState;
  return (
    <FormField
      label={t(question ? 'creation.champ.question' : 'creation.champ.commentaire')}
      hint={t('creation.champ.commentaire.hint', { max: frenchInteger(commentaireMax) })}
      error={errors.commentaire?.message}
    >
      {(props) => <textarea {...props} rows={5} maxLength={commentaireMax} {...form.register('commentaire')} />}
    </FormField>
  );
}
