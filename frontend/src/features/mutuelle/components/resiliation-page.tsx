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
import { memberDisplayName } from '@/lib/format-name';
import { useContrats } from '../api/get-contrats';
import {
  accuseReception,
  type DemandeResiliation,
  postResiliation,
  type Resiliation,
} from '../api/post-resiliation';
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
    email: user.email,
    numeroContrat: contrats.length === 1 ? (contrats[0]?.numeroContrat ?? '') : '',
    motif: '',
    precision: '',
    dateEvenement: toIsoDate(new Date()),
  });
  // The member API's refusal of what was chosen (a motif not yet open, an event date out of
  // its window): shown above the form, where it can be corrected.
  const [refus, setRefus] = useState<string | null>(null);
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
          user={user}
          values={values}
          refus={refus}
          onNext={(next) => {
            setValues(next);
            setRefus(null);
            setStep('recapitulatif');
          }}
        />
      )}
      {step === 'recapitulatif' && (
        <Recapitulatif
          contrats={contrats}
          user={user}
          values={values}
          onEdit={() => {
            setStep('formulaire');
          }}
          onRefused={(message) => {
            setRefus(message);
            setStep('formulaire');
          }}
          onSent={(recorded) => {
            setDemande(recorded);
            setStep('accuse');
          }}
        />
      )}
      {step === 'accuse' && demande && <Accuse demande={demande} />}
    </section>
  );
}

/**
 * Who gives notice: the signed-in member, as the session names them. Not typed: the member
 * API takes the member from the token, and a name typed here could only disagree with it.
 */
function IdentiteEntries({ user }: { user: User }) {
  return (
    <>
      <Entry label={t('resiliation.champ.adherent')}>{memberDisplayName(user.Civilite, user.Prenom, user.Nom)}</Entry>
      <Entry label={t('resiliation.champ.numeroAdherent')}>{user.numeroPersonne}</Entry>
    </>
  );
}

function ResiliationFormStep({
  contrats,
  user,
  values,
  refus,
  onNext,
}: {
  contrats: Contrat[];
  user: User;
  values: ResiliationForm;
  refus: string | null;
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
      {refus && (
        <p role="alert" className="notice-error">
          {refus}
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('resiliation.vous')}</legend>
        <dl className="entries">
          <IdentiteEntries user={user} />
        </dl>
        <p>{t('resiliation.vous.texte')}</p>
        <FormField
          label={t('resiliation.champ.email')}
          hint={t('resiliation.champ.email.hint')}
          error={errors.email?.message}
        >
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
  user,
  values,
  onEdit,
  onRefused,
  onSent,
}: {
  contrats: Contrat[];
  user: User;
  values: ResiliationForm;
  onEdit: () => void;
  onRefused: (message: string) => void;
  onSent: (demande: DemandeResiliation) => void;
}) {
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const contrat = contrats.find((candidate) => candidate.numeroContrat === values.numeroContrat);
  if (!contrat) return null;
  // What the rules foresee for a notice received today; the mutual's own date, computed on
  // receipt, is the acknowledgement's.
  const finPrevue = dateFinContrat(values.motif as MotifResiliation, contrat, new Date());

  const confirm = async () => {
    setSending(true);
    setServerError(null);
    try {
      onSent(await postResiliation(creationResiliation(values)));
    } catch (error) {
      // A 400 refuses what was chosen: back to the form, everything kept, to correct it.
      // Anything else (the server unreachable) is worth trying again as it is.
      if (isApiError(error, 400) && error.message) {
        onRefused(error.message);
        return;
      }
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
        <IdentiteEntries user={user} />
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

/** The same mailbox, however its letters are cased. */
function sameAddress(first: string, second: string): boolean {
  return first.trim().toLocaleLowerCase('fr') === second.trim().toLocaleLowerCase('fr');
}

/**
 * The acknowledgement: the notice as the member API recorded it, and the PDF to keep.
 */
function Accuse({ demande }: { demande: DemandeResiliation }) {
  const document = accuseReception(demande.documents);
  return (
    <div className={styles.form}>
      <p role="status" className="notice-success">
        <strong>{t('resiliation.accuse.title')}</strong>
      </p>
      {demande.resiliation && <NoticeRecorded id={demande.id} resiliation={demande.resiliation} />}
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

/**
 * When the mutual received the notice (French time), who gave it as the mutual knows them,
 * the end date it computed (which may differ from the summary's preview), and where the
 * emails go: the acknowledgement to the address chosen, a notice to the one on file when it
 * is another.
 */
function NoticeRecorded({ id, resiliation }: { id: number; resiliation: Resiliation }) {
  const brand = useBrand();
  const recue = new Date(resiliation.notifieeLe);
  const email = resiliation.email ?? resiliation.emailDossier;
  return (
    <>
      <p>
        {t('resiliation.accuse.recue', {
          brand: brand.name,
          id,
          date: parisDay.format(recue),
          heure: parisTime.format(recue),
        })}
      </p>
      <p>
        {t('resiliation.accuse.adherent', { adherent: resiliation.adherent, numero: resiliation.numeroAdherent })}
      </p>
      <p>
        <strong>
          {t('resiliation.accuse.fin', {
            numero: resiliation.numeroContrat,
            produit: resiliation.libelleProduit,
            date: formatIsoDate(resiliation.dateEffet),
          })}
        </strong>
      </p>
      <p>{t('resiliation.conditions.consequences')}</p>
      <p>{t('resiliation.accuse.courriel', { email })}</p>
      {!sameAddress(email, resiliation.emailDossier) && (
        <p>{t('resiliation.accuse.dossier', { email: resiliation.emailDossier })}</p>
      )}
    </>
  );
}
