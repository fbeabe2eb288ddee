import { Link, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { DemandeEtat } from '@/components/demande-etat';
import { Entry } from '@/components/entry';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { usePageTitle } from '@/hooks/use-page-title';
import demandesTexts from '@/i18n/fr/demandes.json';
import { addMessages, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, formatParisDate, formatParisTime, parseInstant } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import { missingValue } from '@/lib/missing-value';
import { positiveInteger } from '@/lib/search-params';
import { useDemande } from '../api/get-demande';
import type { Demande } from '../api/get-demandes';
import { formatTaille } from '@/lib/format-taille';
import { typeHospitalisationLabel } from '../hospitalisation-labels';
import { AjoutBeneficiaireDetail } from './ajout-beneficiaire-detail';
import { ReclamationDetail } from './reclamation-detail';
import { SignalementDetail } from './signalement-detail';
import styles from './demandes.module.css';

addMessages(demandesTexts);

/**
 * `/mutuelle/demandes/{id}`: one request, its documents (each downloadable) and, when the
 * mutual waits for documents, what to do. An address naming no request of the member's says
 * so and leads back to the list.
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

function DemandeDetail({ demande }: { demande: Demande }) {
  const { dateSoins, montant } = demande.metadata ?? {};
  const montantLu = montant === undefined ? null : Number(montant);
  return (
    <>
      {demande.Etat === 'EN_ATTENTE_DE_PIECES' && (
        <section className={styles.attente} aria-labelledby="attente-title">
          <h2 id="attente-title" className="section-title">
            {t('demande.attentePieces.title')}
          </h2>
          <p>{t('demande.attentePieces.texte')}</p>
          <Link className="button button-primary" to={paths.creationDemandeDeType(demande.type)}>
            {t('demande.attentePieces.envoyer')}
          </Link>
        </section>
      )}
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('demande.type')}>{demandeTypeLabel(demande.TypeCode)}</Entry>
        <Entry label={t('demande.objet')}>{demande.objet}</Entry>
        <Entry label={t('demande.etat')}>
          <DemandeEtat etat={demande.Etat} />
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
      {demande.hospitalisation && <Sejour sejour={demande.hospitalisation} />}
      {demande.reclamation && <ReclamationDetail reclamation={demande.reclamation} />}
      {demande.signalement && <SignalementDetail signalement={demande.signalement} />}
      {demande.ajoutBeneficiaire && <AjoutBeneficiaireDetail ajout={demande.ajoutBeneficiaire} />}
      {demande.messages.length > 0 && <Messages messages={demande.messages} />}
      <Documents demande={demande} />
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
              </h3>
              <p className="text-muted">
                {t('demande.messages.envoyeLe', {
                  date: envoye ? formatParisDate(envoye) : missingValue,
                  heure: envoye ? formatParisTime(envoye) : missingValue,
                })}
              </p>
              <p className={styles.message}>{message.texte}</p>
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

function Documents({ demande }: { demande: Demande }) {
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title" className="section-title">
        {t('demande.documents')}
      </h2>
      {demande.documents.length === 0 ? (
        <p>{t('demande.aucunDocument')}</p>
      ) : (
        <ul className={styles.documents}>
          {demande.documents.map((document) => (
            <li key={document.id}>
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  void downloadFile(`/api/document/pdf/${String(document.id)}`, {
                    fileName: document.nomFichier,
                    accept: document.typeMime,
                  })
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
          ))}
        </ul>
      )}
    </section>
  );
}
