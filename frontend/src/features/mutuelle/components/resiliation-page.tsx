import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { FormField } from '@/components/form-field';
import { Entry } from '@/components/entry';
import { PartFailure } from '@/components/part-failure';
import { Skeleton } from '@/components/skeleton';
import type { User } from '@/features/auth/api/get-session';
import { useMemberSession } from '@/features/auth/session-context';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import { type MessageKey, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { useBrand } from '@/lib/brand-context';
import { downloadFile } from '@/lib/download-file';
import { formatDate, formatIsoDate, toIsoDate } from '@/lib/format-date';
import { useContrats } from '../api/get-contrats';
import { type DemandeResiliation, postResiliation } from '../api/post-resiliation';
import {
  type Contrat,
  contratsResiliables,
  dateFinContrat,
  type MotifResiliation,
  motifsPour,
} from '../resiliation-rules';
import { creationResiliation, type ResiliationForm, resiliationSchema } from '../resiliation-schema';
import styles from './resiliation.module.css';

type Step = 'formulaire' | 'recapitulatif' | 'accuse';

const stepTitles: Record<Step, MessageKey> = {
  formulaire: 'resiliation.etape.formulaire',
  recapitulatif: 'resiliation.etape.recapitulatif',
  accuse: 'resiliation.etape.accuse',
};

function motifLabel(motif: string): string {
  return t(`resiliation.motif.${motif as MotifResiliation}`);
}

function contratLabel(contrat: Contrat): string {
  return t('resiliation.champ.contrat.option', { numero: contrat.numeroContrat, produit: contrat.libelleProduit });
}

/**
 * `/mutuelle/contrats-garanties/resiliation`: "Résilier votre contrat", as Code de la
 * mutualité D221-1 sets it out: the conditions first, then the form, a summary to check and
 * correct, the confirmation, and an acknowledgement (on screen, as a PDF and by email).
 */
export function ResiliationPage() {
  usePageTitle(t('resiliation.title'));
  const { User } = useMemberSession();
  const contrats = useContrats();
  const resiliables = contrats.data ? contratsResiliables(contrats.data) : undefined;

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('resiliation.title')}</h1>
        <Conditions />
      </div>
      {contrats.error !== undefined && !contrats.data && (
        <PartFailure message={t('resiliation.error')} onRetry={() => void contrats.mutate()} />
      )}
      {!contrats.data && contrats.error === undefined && (
        <div role="status" className="card">
          <span className="visually-hidden">{t('resiliation.loading')}</span>
          <Skeleton className={styles.skeleton} />
        </div>
      )}
      {resiliables &&
        (User.Radie || resiliables.length === 0 ? (
          <NonEligible />
        ) : (
          <ResiliationSteps contrats={resiliables} user={User} />
        ))}
    </div>
  );
}

function Conditions() {
  return (
    <section aria-labelledby="conditions-title">
      <h2 id="conditions-title" className="section-title">
        {t('resiliation.conditions.title')}
      </h2>
      <ul className={styles.conditions}>
        <li>{t('resiliation.conditions.unAn')}</li>
        <li>{t('resiliation.conditions.echeance')}</li>
        <li>{t('resiliation.conditions.evenements')}</li>
        <li>{t('resiliation.conditions.consequences')}</li>
      </ul>
    </section>
  );
}

/** Struck off, or no individual contract in force: why, and whom to ask. */
function NonEligible() {
  const brand = useBrand();
  return (
    <section className="card" aria-labelledby="non-eligible-title">
      <h2 id="non-eligible-title" className="section-title">
        {t('resiliation.nonEligible.title')}
      </h2>
      <p>{t('resiliation.nonEligible.texte')}</p>
      <p>{t('resiliation.nonEligible.contact', { brand: brand.name })}</p>
      <ul>
        <li>
          <Link to={paths.creationDemandeDeType('UNE_QUESTION_AFFILIATION_COTISATION')}>
            {t('resiliation.nonEligible.question')}
          </Link>
        </li>
        <li>
          <a href={brand.publicSiteUrl}>{t('resiliation.nonEligible.site', { brand: brand.name })}</a>
        </li>
      </ul>
    </section>
  );
}

function ResiliationSteps({ contrats, user }: { contrats: Contrat[]; user: User }) {
  const [step, setStep] = useState<Step>('formulaire');
  const [values, setValues] = useState<ResiliationForm>({
    nom: user.Nom,
    prenom: user.Prenom,
    numeroAdherent: user.numeroPersonne,
    email: user.email,
    numeroContrat: contrats.length === 1 ? (contrats[0]?.numeroContrat ?? '') : '',
    motif: '',
    precision: '',
    dateEvenement: toIsoDate(new Date()),
  });
  const [demande, setDemande] = useState<DemandeResiliation | null>(null);

  const heading = useFocusOnChange<HTMLHeadingElement>(step);

  return (
    <section className="card" aria-labelledby="resiliation-step">
      <h2 id="resiliation-step" ref={heading} tabIndex={-1} className={['section-title', styles.stepTitle].join(' ')}>
        {t(stepTitles[step])}
      </h2>
      {step === 'formulaire' && (
        <ResiliationFormStep
          contrats={contrats}
          values={values}
          onNext={(next) => {
            setValues(next);
            setStep('recapitulatif');
          }}
        />
      )}
      {step === 'recapitulatif' && (
        <Recapitulatif
          contrats={contrats}
          values={values}
          onEdit={() => {
            setStep('formulaire');
          }}
          onSent={(recorded) => {
            setDemande(recorded);
            setStep('accuse');
          }}
        />
      )}
      {step === 'accuse' && demande && <Accuse demande={demande} email={values.email} />}
    </section>
  );
}

function ResiliationFormStep({
  contrats,
  values,
  onNext,
}: {
  contrats: Contrat[];
  values: ResiliationForm;
  onNext: (values: ResiliationForm) => void;
}) {
  const form = useForm<ResiliationForm>({ resolver: zodResolver(resiliationSchema), defaultValues: values });
  const { errors } = form.formState;
  const numeroContrat = useWatch({ control: form.control, name: 'numeroContrat' });
  const motif = useWatch({ control: form.control, name: 'motif' });
  const contrat = contrats.find((candidate) => candidate.numeroContrat === numeroContrat);
  const motifs = contrat ? motifsPour(contrat, new Date()) : [];

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(onNext)(event)}>
      <fieldset className={styles.fieldset}>
        <legend>{t('resiliation.vous')}</legend>
        <FormField label={t('resiliation.champ.nom')} error={errors.nom?.message}>
          {(props) => <input {...props} type="text" autoComplete="family-name" {...form.register('nom')} />}
        </FormField>
        <FormField label={t('resiliation.champ.prenom')} error={errors.prenom?.message}>
          {(props) => <input {...props} type="text" autoComplete="given-name" {...form.register('prenom')} />}
        </FormField>
        <FormField label={t('resiliation.champ.numeroAdherent')} error={errors.numeroAdherent?.message}>
          {(props) => <input {...props} type="text" {...form.register('numeroAdherent')} />}
        </FormField>
        <FormField label={t('resiliation.champ.email')} error={errors.email?.message}>
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


function Recapitulatif({
  contrats,
  values,
  onEdit,
  onSent,
}: {
  contrats: Contrat[];
  values: ResiliationForm;
  onEdit: () => void;
  onSent: (demande: DemandeResiliation) => void;
}) {
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const contrat = contrats.find((candidate) => candidate.numeroContrat === values.numeroContrat);
  if (!contrat) return null;
  const fin = dateFinContrat(values.motif as MotifResiliation, contrat, new Date());

  const confirm = async () => {
    setSending(true);
    setServerError(null);
    try {
      onSent(await postResiliation(creationResiliation(values, fin)));
    } catch (error) {
      setServerError(isApiError(error) && error.message ? error.message : t('errors.generic'));
      setSending(false);
    }
  };

  return (
    <div className={styles.form}>
      {serverError && (
        <p role="alert" className="notice-error">
          {serverError}
        </p>
      )}
      <dl className="entries">
        <Entry label={t('resiliation.champ.nom')}>{values.nom}</Entry>
        <Entry label={t('resiliation.champ.prenom')}>{values.prenom}</Entry>
        <Entry label={t('resiliation.champ.numeroAdherent')}>{values.numeroAdherent}</Entry>
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
          <strong>{formatDate(fin)}</strong>
        </Entry>
      </dl>
      <p>{t('resiliation.recap.finTexte', { date: formatDate(fin) })}</p>
      <div className={styles.buttons}>
        <button type="button" className="button button-primary" disabled={sending} onClick={() => void confirm()}>
          {t(sending ? 'resiliation.envoi' : 'resiliation.confirmer')}
        </button>
        <button type="button" className="button button-secondary" disabled={sending} onClick={onEdit}>
          {t('resiliation.modifier')}
        </button>
      </div>
    </div>
  );
}

const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
const parisDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function Accuse({ demande, email }: { demande: DemandeResiliation; email: string }) {
  const brand = useBrand();
  const recue = demande.resiliation?.notifieeLe ? new Date(demande.resiliation.notifieeLe) : new Date();
  const document = demande.documents[0];
  return (
    <div className={styles.form}>
      <p role="status" className="notice-success">
        <strong>{t('resiliation.accuse.title')}</strong>
      </p>
      <p>
        {t('resiliation.accuse.recue', {
          brand: brand.name,
          id: demande.id,
          date: parisDay.format(recue),
          heure: parisTime.format(recue),
        })}
      </p>
      {demande.resiliation && (
        <p>
          <strong>
            {t('resiliation.accuse.fin', {
              numero: demande.resiliation.numeroContrat,
              date: formatIsoDate(demande.resiliation.dateEffet),
            })}
          </strong>
        </p>
      )}
      <p>{t('resiliation.conditions.consequences')}</p>
      <p>{t('resiliation.accuse.courriel', { email })}</p>
      <div className={styles.buttons}>
        {document && (
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void downloadFile(`/api/document/pdf/${String(document.id)}`, { fileName: document.nomFichier })
            }
          >
            {t('resiliation.accuse.telecharger')}
          </button>
        )}
        <Link className="button button-secondary" to={paths.demandesMutuelle}>
          {t('resiliation.accuse.demandes')}
        </Link>
      </div>
    </div>
  );
}
