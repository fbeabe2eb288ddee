import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { AsyncPart } from '@/components/async-part';
import { downloadDocument } from '@/components/download-file';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { type DocumentEmis, useDocuments } from '../api/get-documents';
import { preferencesKey } from '../api/get-preferences';
import { EnvoisForm } from './envois-form';
import styles from './compte.module.css';

/**
 * « Mes documents » (docs/product/member-api.md#paperless): what the mutual issued to the
 * member, each to download, with the request it belongs to; and how each kind is to reach
 * them from now on.
 */
export function DocumentsSection() {
  const documents = useDocuments();
  const { mutate } = useSWRConfig();

  return (
    <section className="card" aria-labelledby="mes-documents-title">
      <h2 id="mes-documents-title" className="section-title">
        {t('compte.documents.title')}
      </h2>
      <AsyncPart
        query={documents}
        loadingLabel={t('compte.documents.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.documents.error')}
      >
        {(data) => (
          <>
            <h3 id="documents-emis-title" className={styles.subtitle}>
              {t('compte.documents.emis')}
            </h3>
            {data.documents.length === 0 ? (
              <p>{t('compte.documents.aucun')}</p>
            ) : (
              <ul className={styles.issued} aria-labelledby="documents-emis-title">
                {data.documents.map((document) => (
                  <DocumentItem key={document.id} document={document} />
                ))}
              </ul>
            )}
            <EnvoisForm
              envois={data.envois}
              onSaved={(envois) => {
                void documents.mutate((current) => current && { ...current, envois }, { revalidate: false });
                // The member API has set « zéro papier » from the four choices: read it again.
                void mutate(preferencesKey);
              }}
            />
          </>
        )}
      </AsyncPart>
    </section>
  );
}

/** One document: its kind, its request, when and how it was sent, and its download. */
function DocumentItem({ document }: { document: DocumentEmis }) {
  return (
    <li>
      <strong>{t(`compte.documents.categorie.${document.categorie}`)}</strong>
      {/* The member API gives a request's number and subject together. */}
      {document.idDemande !== null && document.objetDemande !== null && (
        <Link to={paths.demande(document.idDemande)}>{document.objetDemande}</Link>
      )}
      <span>{t('compte.documents.date', { date: formatIsoDate(document.dateEmission) })}</span>
      {/* Not recorded for a document issued before the member could choose. */}
      {document.canal !== null && (
        <span className="text-muted">{t(`compte.documents.envoye.${document.canal}`)}</span>
      )}
      <button
        type="button"
        className="button button-secondary"
        // Named after its file, so that a list of buttons read alone still says which; the
        // visible word starts the name (WCAG 2.5.3).
        aria-label={t('compte.documents.telechargerFichier', { nom: document.nomFichier })}
        onClick={() => void downloadDocument(document)}
      >
        {t('compte.documents.telecharger')}
      </button>
    </li>
  );
}
