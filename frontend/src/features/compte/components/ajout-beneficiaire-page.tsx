import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CaptchaWaiting, CaptchaWidget } from '@/components/captcha/captcha-widget';
import { FormField } from '@/components/form-field';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { acceptAttribute } from '@/entities/documents/document-files';
import { lienAjoutLabel, liensAjout } from '@/entities/demandes/lien-ajout';
import { useCaptcha } from '@/components/captcha/use-captcha';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import { type Upload, useUploads } from '@/hooks/use-uploads';
import creationTexts from '@/i18n/fr/creation.json';
import { addMessages, t } from '@/i18n/t';
import { useKeepAcrossSignIn, useRestoredAfterSignIn } from '@/hooks/kept-across-sign-in';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { useSubmit } from '@/hooks/use-submit';
import { type DemandeCreee, postAjoutBeneficiaire } from '../api/post-ajout-beneficiaire';
import {
  type AjoutValues,
  type DocumentEnvoye,
  ajoutBeneficiaire,
  ajoutGarde,
  ajoutSchema,
  commentaireMax,
  documentsGardes,
  nomMax,
  numeroAttendu,
} from '../ajout-beneficiaire-schema';
import { AjoutImpossible, sansAjout } from './ajout-impossible';
import styles from './compte.module.css';

// The uploads' own refusals (a format, a size) are the request form's sentences.
addMessages(creationTexts);

/**
 * `/compte/informations-personnelles/ajout-beneficiaire`, reached from the people covered: a
 * spouse or partner, a child or a newborn to add, with a document proving it. The newborn's
 * deadline is said first, where nobody misses it. The portal asks for a recent sign-in before
 * sending: what was typed, and the documents already sent, are kept for the trip. A member
 * who cannot ask the mutual (`sansAjout`) is told why instead, with no form.
 */
export function AjoutBeneficiairePage() {
  usePageTitle(t('ajoutBeneficiaire.title'));
  const { User } = useMemberSession();
  const raison = sansAjout(User);
  return (
    <div className="card">
      <h1 className="page-title">{t('ajoutBeneficiaire.title')}</h1>
      {raison ? <AjoutImpossible raison={raison} /> : <Ajout />}
    </div>
  );
}

function Ajout() {
  const restored = useRestoredAfterSignIn(ajoutGarde);
  const [creee, setCreee] = useState<DemandeCreee | null>(null);
  return (
    <>
      <p className={styles.delai}>
        <strong>{t('ajoutBeneficiaire.nouveauNe.delai')}</strong>
      </p>
      {creee ? <Envoyee demande={creee} /> : <AjoutForm restored={restored} onSent={setCreee} />}
    </>
  );
}

/** The request sent: said where the focus was, with the way to its page. */
function Envoyee({ demande }: { demande: DemandeCreee }) {
  const annonce = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    annonce.current?.focus();
  }, []);
  return (
    <>
      <p ref={annonce} tabIndex={-1} role="status" className="notice-success">
        {t('ajoutBeneficiaire.envoyee')}
      </p>
      <p>
        <Link className="button button-primary" to={paths.demande(demande.id)}>
          {t('ajoutBeneficiaire.suivre')}
        </Link>
      </p>
    </>
  );
}

interface AjoutFormProps {
  restored: (AjoutValues & { documents: string }) | null;
  onSent: (demande: DemandeCreee) => void;
}

function AjoutForm({ restored, onSent }: AjoutFormProps) {
  const captcha = useCaptcha();
  const envoi = useSubmit(captcha.guard(postAjoutBeneficiaire));
  const [schema] = useState(() => ajoutSchema(new Date()));
  const form = useForm<AjoutValues>({
    resolver: zodResolver(schema),
    defaultValues: restored ?? ajoutGarde.empty,
  });
  const uploads = useUploads();
  const [dejaEnvoyes, setDejaEnvoyes] = useState(() => documentsGardes(restored?.documents ?? '[]'));
  const envoyes = (): DocumentEnvoye[] => [
    ...dejaEnvoyes,
    ...uploads.uploads.flatMap((upload) => (upload.document ? [{ id: upload.document.id, nom: upload.file.name }] : [])),
  ];
  useKeepAcrossSignIn(ajoutGarde, () => ({ ...form.getValues(), documents: JSON.stringify(envoyes()) }));
  const { errors } = form.formState;
  const lien = useWatch({ control: form.control, name: 'lien' });
  const rattache = useWatch({ control: form.control, name: 'rattache' });
  const [probleme, setProbleme] = useState<string | null>(null);
  const refus = useFocusOnChange<HTMLParagraphElement>(envoi.error);

  const submit = form.handleSubmit(async (values) => {
    const documents = envoyes().map((document) => document.id);
    if (uploads.busy) setProbleme(t('ajoutBeneficiaire.erreur.documentsEnAttente'));
    else if (uploads.failed) setProbleme(t('ajoutBeneficiaire.erreur.documentsEchec'));
    else if (documents.length === 0) setProbleme(t(piece(values.lien)));
    else {
      setProbleme(null);
      const sent = await envoi.submit(ajoutBeneficiaire(values, documents));
      if (sent.ok) onSent(sent.data);
    }
  });
  const sending = envoi.sending || envoi.sent;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      {restored && <SignedInAgainNotice />}
      <p>{t('ajoutBeneficiaire.intro')}</p>
      {envoi.error && (
        <p ref={refus} tabIndex={-1} role="alert" className="notice-error">
          {envoi.error}
        </p>
      )}
      <Choix
        legend={t('ajoutBeneficiaire.lien')}
        name="lien"
        options={liensAjout.map((candidate) => [candidate, lienAjoutLabel(candidate)])}
        error={errors.lien?.message}
        register={form.register}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('ajoutBeneficiaire.identite')}</legend>
        <Choix
          legend={t('ajoutBeneficiaire.civilite')}
          name="civilite"
          options={[
            ['MADAME', t('ajoutBeneficiaire.civilite.MADAME')],
            ['MONSIEUR', t('ajoutBeneficiaire.civilite.MONSIEUR')],
          ]}
          error={errors.civilite?.message}
          register={form.register}
        />
        <FormField label={t('ajoutBeneficiaire.prenom')} error={errors.prenom?.message}>
          {(props) => (
            <input {...props} type="text" autoComplete="off" maxLength={nomMax} {...form.register('prenom')} />
          )}
        </FormField>
        <FormField label={t('ajoutBeneficiaire.nom')} error={errors.nom?.message}>
          {(props) => (
            <input {...props} type="text" autoComplete="off" maxLength={nomMax} {...form.register('nom')} />
          )}
        </FormField>
        <FormField label={t('ajoutBeneficiaire.dateNaissance')} error={errors.dateNaissance?.message}>
          {(props) => <input {...props} type="date" {...form.register('dateNaissance')} />}
        </FormField>
        {lien !== 'CONJOINT' && (
          <label className={styles.choice}>
            <input type="checkbox" {...form.register('rattache')} />
            {t('ajoutBeneficiaire.rattache')}
          </label>
        )}
        {numeroAttendu({ lien, rattache }) && (
          <FormField
            label={t('ajoutBeneficiaire.numero')}
            hint={t('ajoutBeneficiaire.numero.hint')}
            error={errors.numero?.message}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                {...form.register('numero')}
              />
            )}
          </FormField>
        )}
      </fieldset>
      <div className={styles.fieldset}>
        {probleme && (
          <p role="alert" className="notice-error">
            {probleme}
          </p>
        )}
        <FormField label={t('ajoutBeneficiaire.documents')} hint={t(piece(lien))} error={undefined}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept={acceptAttribute}
              multiple
              onChange={(event) => {
                uploads.add([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
          )}
        </FormField>
        {uploads.refusals.length > 0 && (
          <ul role="alert" className="notice-error">
            {uploads.refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        )}
        <ul className={styles.documents} aria-live="polite">
          {dejaEnvoyes.map((document) => (
            <li key={document.id}>
              <span>{document.nom}</span>
              <span className="text-muted">{t('ajoutBeneficiaire.documents.envoye')}</span>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setDejaEnvoyes((current) => current.filter((candidate) => candidate.id !== document.id));
                }}
              >
                {t('ajoutBeneficiaire.documents.retirer', { nom: document.nom })}
              </button>
            </li>
          ))}
          {uploads.uploads.map((upload) => (
            <Fichier key={upload.key} upload={upload} uploads={uploads} />
          ))}
        </ul>
      </div>
      <FormField label={t('ajoutBeneficiaire.commentaire')} error={errors.commentaire?.message}>
        {(props) => <textarea {...props} rows={4} maxLength={commentaireMax} {...form.register('commentaire')} />}
      </FormField>
      <CaptchaWidget captcha={captcha} />
      <div className={styles.formActions}>
        <button type="submit" className="button button-primary" disabled={sending}>
          {t(envoi.sending ? 'ajoutBeneficiaire.envoi' : 'ajoutBeneficiaire.envoyer')}
        </button>
        <Link className="button button-secondary" to={paths.informationsPersonnelles}>
          {t('ajoutBeneficiaire.annuler')}
        </Link>
        <CaptchaWaiting captcha={captcha} />
      </div>
    </form>
  );
}

/** The document the mutual needs: the attestation de droits of a spouse, else the birth certificate. */
function piece(lien: string) {
  return lien === 'CONJOINT' ? 'ajoutBeneficiaire.documents.CONJOINT' : 'ajoutBeneficiaire.documents.NAISSANCE';
}

interface ChoixProps {
  legend: string;
  name: 'lien' | 'civilite';
  options: [string, string][];
  error: string | undefined;
  register: ReturnType<typeof useForm<AjoutValues>>['register'];
}

/** Radio buttons under their legend, with the error of none chosen. */
function Choix({ legend, name, options, error, register }: ChoixProps) {
  const id = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-erreur` : undefined}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className={styles.choice}>
          <input type="radio" value={value} aria-invalid={error !== undefined} {...register(name)} />
          {label}
        </label>
      ))}
      {error && (
        <span id={`${id}-erreur`} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** A document being sent, sent, or failed: with what to do about it. */
function Fichier({ upload, uploads }: { upload: Upload; uploads: ReturnType<typeof useUploads> }) {
  const nom = upload.file.name;
  return (
    <li>
      <span>{nom}</span>
      {upload.status === 'envoi' && (
        <span className="text-muted">{t('ajoutBeneficiaire.documents.envoi')}</span>
      )}
      {upload.status === 'envoye' && (
        <span className="text-muted">{t('ajoutBeneficiaire.documents.envoye')}</span>
      )}
      {(upload.status === 'echec' || upload.status === 'refuse') && <span className={styles.error}>{upload.error}</span>}
      {upload.status === 'echec' && (
        <button type="button" className="button button-secondary" onClick={() => { uploads.retry(upload.key); }}>
          {t('ajoutBeneficiaire.documents.reessayer')}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => { uploads.remove(upload.key); }}>
        {t('ajoutBeneficiaire.documents.retirer', { nom })}
      </button>
    </li>
  );
}
