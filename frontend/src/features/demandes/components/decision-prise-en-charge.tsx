import { downloadDocument } from '@/components/download-file';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import type { Demande } from '../api/get-demandes';
import styles from './demandes.module.css';

type Decision = MemberApi<'DecisionPriseEnCharge'>;
type Ligne = MemberApi<'LigneCouverture'>;

interface DecisionProps {
  decision: Decision;
  /** The request's documents, among which the agreement's PDF. */
  documents: Demande['documents'];
}

/**
 * The mutual's answer to a prior agreement for a hospital stay, as the request carries it from
 * its creation on: agreed (the number the establishment quotes on its invoice, what is covered
 * line by line, the agreement's PDF), studied (why, and the day the mutual answers by) or
 * refused (why). The member API words the reasons; they are shown as they come.
 */
export function DecisionPriseEnCharge({ decision, documents }: DecisionProps) {
  return (
    <section className={styles.decision} data-statut={decision.statut} aria-labelledby="decision-title">
      <h2 id="decision-title" className="section-title">
        {t(`demande.decision.${decision.statut}`)}
      </h2>
      {decision.statut === 'ACCORDEE' ? (
        <Accord decision={decision} documents={documents} />
      ) : (
        <>
          {decision.motif && <p className={styles.message}>{decision.motif}</p>}
          {decision.statut === 'A_L_ETUDE' && decision.echeance && (
            <p>{t('demande.decision.echeance', { date: formatIsoDate(decision.echeance) })}</p>
          )}
        </>
      )}
    </section>
  );
}

function Accord({ decision, documents }: DecisionProps) {
  const accord = documents.find((document) => document.id === decision.documentAccord);
  return (
    <>
      {decision.numeroAccord && (
        <p className={styles.numeroAccord}>
          <strong>{t('demande.decision.numero', { numero: decision.numeroAccord })}</strong>
          <span>{t('demande.decision.numero.aide')}</span>
        </p>
      )}
      {decision.jours !== null && (
        <p>
          {decision.jours === 1
            ? t('demande.decision.jours.un')
            : t('demande.decision.jours.plusieurs', { count: decision.jours })}
        </p>
      )}
      <p>{t('demande.decision.envoye')}</p>
      {decision.lignes.length > 0 && <Couverture lignes={decision.lignes} />}
      {accord && (
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void downloadDocument(accord)
            }
          >
            {t('demande.decision.telecharger')}
          </button>
        </p>
      )}
    </>
  );
}

/** What is covered, line by line; an amount that depends on the bill says so rather than « - ». */
function Couverture({ lignes }: { lignes: readonly Ligne[] }) {
  const columns = {
    libelle: t('demande.decision.col.libelle'),
    regle: t('demande.decision.col.regle'),
    priseEnCharge: t('demande.decision.col.priseEnCharge'),
    reste: t('demande.decision.col.reste'),
  };
  const montant = (value: number | null) => (value === null ? t('demande.decision.selonFacture') : formatAmount(value));
  return (
    <table className={['stacked-table', styles.couverture].join(' ')}>
      <caption>{t('demande.decision.couverture')}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.libelle}</th>
          <th scope="col">{columns.regle}</th>
          <th scope="col" className="numeric">
            {columns.priseEnCharge}
          </th>
          <th scope="col" className="numeric">
            {columns.reste}
          </th>
        </tr>
      </thead>
      <tbody>
        {lignes.map((ligne, index) => (
          // Lines have no id of their own; their order in the agreement is stable.
          <tr key={index}>
            <th scope="row">{ligne.libelle}</th>
            <td data-label={columns.regle}>{ligne.regle}</td>
            <td data-label={columns.priseEnCharge} className="numeric">
              {montant(ligne.priseEnCharge)}
            </td>
            <td data-label={columns.reste} className="numeric">
              {montant(ligne.resteACharge)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
