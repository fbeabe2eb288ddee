import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { FormLoading } from '@/components/form-loading';
import { isTypeDemande, type TypeDemande } from '@/entities/demandes/types-demande';
import { paths } from '@/config/paths';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import creationTexts from '@/i18n/fr/creation.json';
import demandesTexts from '@/i18n/fr/demandes.json';
import { addMessages, t } from '@/i18n/t';
import type { CaptchaProof } from '@/components/captcha/captcha';
import { useSubmit } from '@/hooks/use-submit';
import { type Demande, demandesKey } from '../api/get-demandes';
import { postDemandeGed, postDevis, postHospitalisation, postReclamation } from '../api/post-demande';
import { documentsMissing, documentsRequired, formKind, hasPageOfItsOwn } from '../creation-choices';
import { choiceLabel, isOffered } from '../creation-labels';
import { clearDraft, type Draft, readDraft, saveDraft } from '../demande-draft';
import {
  creationDevis,
  creationGed,
  creationHospitalisation,
  creationReclamation,
  type DetailsValues,
  emptyDetails,
} from '../demande-details';
import { isLigneVide } from '../devis-lignes';
import { useUploads } from '@/hooks/use-uploads';
import type { CreationState } from './demandes-page';
import { DocumentsStep } from './documents-step';
import { LeaveConfirmation } from './leave-confirmation';
import { SummaryStep } from './summary-step';
import { TypeStep } from './type-step';
import styles from './creation.module.css';

addMessages(creationTexts);
addMessages(demandesTexts);

/**
 * Step 2's form, with the forms library: loaded once the member starts choosing a type in step
 * 1 (which needs none), or as the page opens on step 2.
 */
function loadDetailsStep() {
  return import('./details-step');
}
const DetailsStep = lazy(() => loadDetailsStep().then((module) => ({ default: module.DetailsStep })));

const stepTitles = {
  1: 'creation.etape.1',
  2: 'creation.etape.2',
  3: 'creation.etape.3',
  4: 'creation.etape.4',
} as const;
type Step = keyof typeof stepTitles;

/**
 * Where the page starts: the type the address asks for (`?type=…`, from a home tile), with the
 * person it names (`&beneficiaire=…`, the home's NOEMIE notice), else the session's draft.
 * Files do not survive a reload, so a draft past step 3 resumes there.
 */
function initialDraft(typeParam: string | null, beneficiaireParam: string | null): Draft {
  const asked = isTypeDemande(typeParam) && !hasPageOfItsOwn(typeParam) ? typeParam : null;
  const beneficiaire = asked && beneficiaireParam && /^\d{1,18}$/.test(beneficiaireParam) ? beneficiaireParam : null;
  const draft = readDraft();
  if (draft?.type && (asked === null || draft.type === asked)) {
    const values = beneficiaire ? { ...draft.values, beneficiaire } : draft.values;
    return { ...draft, values, step: Math.min(draft.step, 3) };
  }
  const values = beneficiaire ? { ...emptyDetails, beneficiaire } : emptyDetails;
  if (asked) return { type: asked, step: isOffered(asked) ? 1 : 2, values };
  return { type: null, step: 1, values: emptyDetails };
}

function isEmpty(values: DetailsValues): boolean {
  return (Object.keys(emptyDetails) as (keyof DetailsValues)[]).every((name) =>
    name === 'lignes' ? values.lignes.every(isLigneVide) : values[name] === emptyDetails[name],
  );
}

interface Envoi {
  type: TypeDemande;
  values: DetailsValues;
  idDocuments: number[];
}

function sendDemande({ type, values, idDocuments }: Envoi, captcha: CaptchaProof): Promise<Demande> {
  switch (formKind(type)) {
    case 'devis':
      return postDevis(creationDevis(values, idDocuments), captcha);
    case 'hospitalisation':
      return postHospitalisation(creationHospitalisation(values, idDocuments), captcha);
    case 'reclamation':
      return postReclamation(creationReclamation(values, idDocuments), captcha);
    default:
      return postDemandeGed(creationGed(type, values, idDocuments), captcha);
  }
}

/** `/mutuelle/demandes/creation`: a request in four steps, then its place in the list. */
export function CreationDemandePage() {
  usePageTitle(t('creation.title'));
  const [params] = useSearchParams();
  const [initial] = useState(() => initialDraft(params.get('type'), params.get('beneficiaire')));
  const [type, setType] = useState(initial.type);
  const [step, setStep] = useState(initial.step as Step);
  const [values, setValues] = useState(initial.values);
  const uploads = useUploads();
  // Solved while the member reads the summary, so that "Envoyer" does not wait.
  const captcha = useCaptcha(step === 4);
  const creation = useSubmit(captcha.guard(sendDemande));
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  // Once sent, nothing is left to lose: no draft, no question on leaving.
  const sent = useRef(false);
  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = uploads.uploads.length > 0 || !isEmpty(values);
  }, [uploads.uploads.length, values]);
  const hasUnsentWork = useCallback(() => !sent.current && dirty.current, []);

  useEffect(() => {
    if (!sent.current) saveDraft({ type, step, values });
  }, [type, step, values]);

  const heading = useFocusOnChange<HTMLHeadingElement>(step);

  const send = async () => {
    if (!type) return;
    const created = await creation.submit({ type, values, idDocuments: uploads.documentIds });
    if (!created.ok) return;
    const demande = created.data;
    sent.current = true;
    clearDraft();
    await mutate<Demande[]>(demandesKey, (current) => [
      demande,
      ...(current ?? []).filter((other) => other.id !== demande.id),
    ]);
    const state: CreationState = { creee: demande.id };
    await navigate(paths.demandesMutuelle, { state });
  };

  return (
    <div className="card">
      <h1 className="page-title">{t('creation.title')}</h1>
      <h2 ref={heading} tabIndex={-1} className={styles.stepTitle}>
        {t('creation.etape', { step, title: t(stepTitles[step]) })}
      </h2>
      {type && step > 1 && <p className={styles.chosen}>{choiceLabel(type)}</p>}
      {step === 1 && (
        <TypeStep
          type={type}
          onChoosing={() => void loadDetailsStep()}
          onChoose={(chosen) => {
            setType(chosen);
            setStep(2);
          }}
        />
      )}
      {step === 2 && type && (
        <Suspense fallback={<FormLoading className={styles.stepLoading} />}>
          <DetailsStep
            type={type}
            values={values}
            onChange={setValues}
            onBack={() => {
              setStep(1);
            }}
            onNext={(next) => {
              setValues(next);
              setStep(3);
            }}
          />
        </Suspense>
      )}
      {step === 3 && type && (
        <DocumentsStep
          uploads={uploads}
          required={documentsRequired(type)}
          missing={documentsMissing(type)}
          onBack={() => {
            setStep(2);
          }}
          onNext={() => {
            setStep(4);
          }}
        />
      )}
      {step === 4 && type && (
        <SummaryStep
          type={type}
          values={values}
          uploads={uploads.uploads}
          // Once created, the button stays disabled while the list opens: no second request.
          sending={creation.sending || creation.sent}
          serverError={creation.error}
          captcha={captcha}
          onEdit={(target) => {
            setStep(target as Step);
          }}
          onSend={() => void send()}
        />
      )}
      <LeaveConfirmation when={hasUnsentWork} />
    </div>
  );
}
