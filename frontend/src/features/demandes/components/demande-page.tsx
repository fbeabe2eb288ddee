import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { paths } from '@/config/paths';
import { DemandeEtat } from '@/components/demande-etat';
import { Entry } from '@/components/entry';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { FormField } from '@/components/form-field';
import { demandeEtat, demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { demandesNonLusKey } from '@/api/get-demandes-non-lus';
import { usePageTitle } from '@/hooks/use-page-title';
import creationTexts from '@/i18n/fr/creation.json';
import demandesTexts from '@/i18n/fr/demandes.json';
import { addMessages, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { downloadDocument } from '@/components/download-file';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, formatParisDate, formatParisTime, parseInstant } from '@/lib/format-date';
import { frenchInteger } from '@/lib/french-number';
import { memberDisplayName } from '@/entities/personne/format-name';
import { missingValue } from '@/lib/missing-value';
import { positiveInteger } from '@/lib/search-params';
import { demandeKey, useDemande } from '../api/get-demande';
import { type Demande, demandesKey } from '../api/get-demandes';
import { postMessage, postMessagesLus } from '../api/post-message';
import { DocumentPicker } from './document-picker';
import { maxFichiers } from '@/entities/documents/document-files';
import { useUploads } from '@/hooks/use-uploads';
import { formatTaille } from '@/entities/documents/format-taille';
import { typeHospitalisationLabel } from '../hospitalisation-labels';
import { AjoutBeneficiaireDetail } from './ajout-beneficiaire-detail';
import { DecisionPriseEnCharge } from './decision-prise-en-charge';
import { ReclamationDetail } from './reclamation-detail';
import { ReponseDevis } from './reponse-devis';
import { SignalementDetail } from './signalement-detail';
import styles from './demandes.module.css';

addMessages(demandesTexts);
addMessages(creationTexts);

/** The member API's limit on a message (`Commentaire4000`). */
const messageMax = 4000;

/**
 * `/mutuelle/demandes/{id}`: one request, its conversation with the mutual (the mutual's
 * answers shown on a finished request too) and a reply form (a reply reopens a finished
 * request), its documents (each downloadable) and, when the mutual waits for documents, what to
 * do. An address naming no request of the member's says so and leads back to the list.
 */
export function DemandePage() {
  const id = positiveInteger(useParams().id ?? null) ?? null;
  const demande = useDemande(id);
  const title = id === null ? t('demandes.title') : t('demande.title', { id });
  usePageTitle(title);
  const missing =
    id === null || (isApiError(demande.error) && [400, 403, 404].includes(demande.error.status));

  return (
    <div className="card">
      <h1 className="page-title">{title}</h1>
      {missing && <p>{t('demande.introuvable')}</p>}
      {!missing && (
        <AsyncPart
          query={demande}
          loadingLabel={t('demande.loading')}
          placeholder={<Skeleton className={styles.skeletonRow} />}
          failureMessage={t('demande.error')}
        >
          {(data) => <DemandeDetail demande={data} />}
        </AsyncPart>
      )}
      <p>
        <Link to={paths.demandesMutuelle}>{t('demande.retour')}</Link>
      </p>
    </div>
  );
}

/**
 * Showing the mutual's unread messages is reading them: the member API is told once, and the
 * unread counts (sidebar, home, list) are read again. The messages keep their « Nouveau »
 * until the request itself is read again, so that the member sees which ones were new.
 */
function useMessagesMarkedRead(demande: Demande) {
  const { mutate } = useSWRConfig();
  const unread = demande.messages.some((message) => message.auteur === 'MUTUELLE' && !message.lu);
  useEffect(() => {
    if (!unread) return;
    postMessagesLus(demande.id).then(
      () => void mutate(demandesNonLusKey),
      // A failure is announced like every failed call; the count stays until the next visit.
      () => undefined,
    );
  }, [demande.id, unread, mutate]);
}

function DemandeDetail({ demande }: { demande: Demande }) {
  useMessagesMarkedRead(demande);
  const reponse = useRef<HTMLTextAreaElement>(null);
  const etat = demandeEtat(demande);
  const { dateSoins, montant } = demande.metadata ?? {};
  // A message's documents show with it, not a second time among the request's.
  const joints = new Set(demande.messages.flatMap((message) => message.documents.map((document) => document.id)));
  const montantLu = montant === undefined ? null : Number(montant);
  return (
    <>
      {etat === 'EN_ATTENTE_DE_PIECES' && (
        <section className={styles.attente} aria-labelledby="attente-title">
          <h2 id="attente-title" className="section-title">
            {t('demande.attentePieces.title')}
          </h2>
          <p>{t('demande.attentePieces.texte')}</p>
          {/* The documents go on this request, with the reply below: focusing it brings it into view. */}
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              reponse.current?.focus();
            }}
          >
            {t('demande.attentePieces.envoyer')}
          </button>
        </section>
      )}
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('demande.type')}>{demandeTypeLabel(demande.TypeCode)}</Entry>
        <Entry label={t('demande.objet')}>{demande.objet}</Entry>
        <Entry label={t('demande.etat')}>
          <DemandeEtat etat={etat} />
        </Entry>
        <Entry label={t('demande.creeeLe')}>{formatIsoDate(demande.DateCreation)}</Entry>
        <Entry label={t('demande.miseAJour')}>{formatIsoDate(demande.dateMiseAJour)}</Entry>
        {demande.beneficiaire && (
          <Entry label={t('demande.beneficiaire')}>
            {memberDisplayName('', demande.beneficiaire.prenom, demande.beneficiaire.nom)}
          </Entry>
        )}
        {dateSoins !== undefined && (
          <Entry label={t('demande.dateSoins')}>{formatIsoDate(dateSoins)}</Entry>
        )}
        {montantLu !== null && Number.isFinite(montantLu) && (
          <Entry label={t('demande.montant')}>{formatAmount(montantLu)}</Entry>
        )}
        {demande.commentaire && (
          <Entry label={t('demande.commentaire')}>
            <span className={styles.message}>{demande.commentaire}</span>
          </Entry>
        )}
      </dl>
      {/* The mutual's answer first: what the member came for. Older requests have none. */}
      {demande.hospitalisation?.decision && (
        <DecisionPriseEnCharge decision={demande.hospitalisation.decision} documents={demande.documents} />
      )}
      {demande.devis && <ReponseDevis devis={demande.devis} documents={demande.documents} />}
      {demande.hospitalisation && <Sejour sejour={demande.hospitalisation} />}
      {demande.reclamation && <ReclamationDetail reclamation={demande.reclamation} />}
      {demande.signalement && <SignalementDetail signalement={demande.signalement} />}
      {demande.ajoutBeneficiaire && <AjoutBeneficiaireDetail ajout={demande.ajoutBeneficiaire} />}
      {demande.messages.length > 0 && <Messages messages={demande.messages} />}
      <Reponse demandeId={demande.id} texteRef={reponse} />
      <Documents documents={demande.documents.filter((document) => !joints.has(document.id))} />
    </>
  );
}

function Sejour({ sejour }: { sejour: NonNullable<Demande['hospitalisation']> }) {
  return (
    <section aria-labelledby="sejour-title">
      <h2 id="sejour-title" className="section-title">
        {t('demande.hospitalisation.title')}
      </h2>
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('demande.hospitalisation.etablissement')}>{sejour.etablissement}</Entry>
        {sejour.finess && <Entry label={t('demande.hospitalisation.finess')}>{sejour.finess}</Entry>}
        <Entry label={t('demande.hospitalisation.siren')}>{sejour.siren}</Entry>
        <Entry label={t('demande.hospitalisation.type')}>
          {typeHospitalisationLabel(sejour.typeHospitalisation)}
        </Entry>
        <Entry label={t('demande.hospitalisation.dateEntree')}>{formatIsoDate(sejour.dateEntree)}</Entry>
        {sejour.dateSortie && (
          <Entry label={t('demande.hospitalisation.dateSortie')}>{formatIsoDate(sejour.dateSortie)}</Entry>
        )}
        <Entry label={t('demande.hospitalisation.chambre')}>
          {t(sejour.chambreParticuliere ? 'demande.oui' : 'demande.non')}
        </Entry>
      </dl>
    </section>
  );
}

type Message = Demande['messages'][number];

/**
 * The request's messages, oldest first: the mutual's answers (written in its back office) and
 * the member's, each with when it was sent, the day and time in France as the mutual's
 * records say.
 */
function Messages({ messages }: { messages: readonly Message[] }) {
  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title" className="section-title">
        {t('demande.messages.title')}
      </h2>
      <ol className={styles.messages}>
        {messages.map((message) => {
          const envoye = parseInstant(message.envoyeLe);
          return (
            <li key={message.id} className={styles.messageItem}>
              <h3 className={styles.messageAuteur}>
                {t(message.auteur === 'MUTUELLE' ? 'demande.messages.mutuelle' : 'demande.messages.adherent')}
                {!message.lu && <span className={styles.nouveau}>{t('demande.messages.nouveau')}</span>}
              </h3>
              <p className="text-muted">
                {t('demande.messages.envoyeLe', {
                  date: envoye ? formatParisDate(envoye) : missingValue,
                  heure: envoye ? formatParisTime(envoye) : missingValue,
                })}
              </p>
              <p className={styles.message}>{message.texte}</p>
              {message.documents.length > 0 && (
                <ul className={styles.documents} aria-label={t('demande.messages.piecesJointes')}>
                  {message.documents.map((document) => (
                    <DocumentItem key={document.id} document={document} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

const typeLabels: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

type DocumentInfo = Demande['documents'][number];

function Documents({ documents }: { documents: readonly DocumentInfo[] }) {
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title" className="section-title">
        {t('demande.documents')}
      </h2>
      {documents.length === 0 ? (
        <p>{t('demande.aucunDocument')}</p>
      ) : (
        <ul className={styles.documents}>
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One document, downloaded under its own name and type, with where it comes from. */
function DocumentItem({ document }: { document: DocumentInfo }) {
  return (
    <li>
      <button
        type="button"
        className="button button-secondary"
        onClick={() =>
          void downloadDocument(document)
        }
      >
        {t('demande.telecharger', { nom: document.nomFichier })}
      </button>
      {document.nature === 'DOCUMENT_MUTUELLE' && (
        <span className={styles.origine}>{t('demande.documentMutuelle')}</span>
      )}
      <span className="text-muted">
        {t('demande.documentDetail', {
          type: typeLabels[document.typeMime] ?? document.typeMime,
          taille: formatTaille(document.taille),
          date: formatIsoDate(document.dateDepot),
        })}
      </span>
    </li>
  );
}

interface ReponseProps {
  demandeId: number;
  /** The message's field, which « Envoyer les pièces demandées » takes the member to. */
  texteRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The member writes to the mutual on this open request, with documents if they wish. The
 * form checks what it can before sending (a text, not too long, documents sent); the member
 * API decides, and its French refusal is shown as it is. Once sent, the conversation is read
 * again and an empty form takes the place of this one.
 */
function Reponse({ demandeId, texteRef }: ReponseProps) {
  const [envois, setEnvois] = useState(0);
  return (
    <section aria-labelledby="reponse-title">
      <h2 id="reponse-title" className="section-title">
        {t('demande.reponse.title')}
      </h2>
      <p role="status" className={envois > 0 ? 'notice-success' : undefined}>
        {envois > 0 && t('demande.reponse.envoye')}
      </p>
      <ReponseForm
        key={envois}
        demandeId={demandeId}
        texteRef={texteRef}
        onSent={() => {
          setEnvois((count) => count + 1);
        }}
      />
    </section>
  );
}

/** Characters as the member API counts them: trimmed, a line break as one. */
function longueur(texte: string): number {
  return Array.from(texte.trim().replace(/\r\n/g, '\n')).length;
}

function ReponseForm({ demandeId, texteRef, onSent }: ReponseProps & { onSent: () => void }) {
  const uploads = useUploads();
  const { mutate } = useSWRConfig();
  const documentsRules = useId();
  const [texte, setTexte] = useState('');
  const [erreurTexte, setErreurTexte] = useState<string | undefined>(undefined);
  const [probleme, setProbleme] = useState<string | null>(null);
  const [envoi, setEnvoi] = useState(false);

  /** What stops the sending, in the browser: the text's error, or the documents'. */
  const verifier = (): { texte?: string; documents?: string } => {
    if (texte.trim() === '') return { texte: t('demande.reponse.vide') };
    if (longueur(texte) > messageMax) {
      return { texte: t('demande.reponse.longueur', { max: frenchInteger(messageMax) }) };
    }
    if (uploads.busy) return { documents: t('creation.documents.enAttente') };
    if (uploads.failed) return { documents: t('creation.documents.echecs') };
    return {};
  };

  const envoyer = async () => {
    const refus = verifier();
    setErreurTexte(refus.texte);
    setProbleme(refus.documents ?? null);
    if (refus.texte !== undefined || refus.documents !== undefined) return;
    setEnvoi(true);
    try {
      await postMessage(demandeId, { texte, idDocuments: uploads.documentIds });
    } catch (error) {
      setEnvoi(false);
      setProbleme(isApiError(error) && error.message !== '' ? error.message : t('demande.reponse.echec'));
      return;
    }
    await Promise.all([mutate(demandeKey(demandeId)), mutate(demandesKey)]);
    onSent();
  };

  return (
    <form
      className={styles.reponse}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void envoyer();
      }}
    >
      {probleme && (
        <p role="alert" className="notice-error">
          {probleme}
        </p>
      )}
      <FormField
        label={t('demande.reponse.texte')}
        hint={t('demande.reponse.aide', { max: frenchInteger(messageMax) })}
        error={erreurTexte}
      >
        {(field) => (
          <textarea
            {...field}
            ref={texteRef}
            rows={5}
            maxLength={messageMax}
            value={texte}
            onChange={(event) => {
              setTexte(event.currentTarget.value);
            }}
          />
        )}
      </FormField>
      <p id={documentsRules}>{t('demande.reponse.documents', { max: maxFichiers })}</p>
      <DocumentPicker
        uploads={uploads}
        describedBy={documentsRules}
        onAdd={() => {
          setProbleme(null);
        }}
      />
      <button type="submit" className="button button-primary" disabled={envoi}>
        {t(envoi ? 'demande.reponse.envoi' : 'demande.reponse.envoyer')}
      </button>
    </form>
  );
}
