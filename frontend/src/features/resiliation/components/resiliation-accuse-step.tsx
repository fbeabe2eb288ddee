import { Link } from 'react-router';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { downloadDocument } from '@/components/download-file';
import { formatIsoDate, formatParisDate, formatParisTime } from '@/lib/format-date';
import { genreDeCivilite } from '@/entities/personne/genre';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { accuseReception, type DemandeResiliation, type Resiliation } from '../api/post-resiliation';
import styles from './resiliation.module.css';

/** The same mailbox, however its letters are cased. */
function sameAddress(first: string, second: string): boolean {
  return first.trim().toLocaleLowerCase('fr') === second.trim().toLocaleLowerCase('fr');
}

/**
 * The acknowledgement: the notice as the member API recorded it, and the PDF to keep.
 */
export function ResiliationAccuseStep({ demande }: { demande: DemandeResiliation }) {
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
              void downloadDocument(document)
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
  // The member who gave notice is the one signed in: « adhérente » for a Mme.
  const genre = genreDeCivilite(useMemberSession().User.Civilite);
  const recue = new Date(resiliation.notifieeLe);
  const email = resiliation.email ?? resiliation.emailDossier;
  return (
    <>
      <p>
        {t('resiliation.accuse.recue', {
          brand: brand.name,
          id,
          date: formatParisDate(recue),
          heure: formatParisTime(recue),
        })}
      </p>
      <p>
        {t(genre ? `resiliation.accuse.adherent.${genre}` : 'resiliation.accuse.adherent', {
          adherent: resiliation.adherent,
          numero: resiliation.numeroAdherent,
        })}
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
