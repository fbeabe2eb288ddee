import { downloadDocument } from '@/components/download-file';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import type { Demande } from '../api/get-demandes';
import styles from './demandes.module.css';

type Reponse = MemberApi<'ReponseDevis'>;
type Ligne = MemberApi<'ReponseLigneDevis'>;

interface ReponseDevisProps {
  devis: Reponse;
  /** The request's documents, among which the answer's PDF. */
  documents: Demande['documents'];
}

/**
 * The mutual's written answer to a quote, as the request carries it from its creation on: when
 * it answered and until when the answer holds, then line by line what the Sécurité sociale
 * pays (on which base, at which rate), what the mutual pays, what is left to pay and what is
 * left of the guarantee's allowance after the line; under a line, a price the 100 % Santé
 * basket does not allow, the basket's equivalent of a line outside it, and how the line was
 * computed; the totals; the answer's PDF. The member API computes and words it all.
 */
export function ReponseDevis({ devis, documents }: ReponseDevisProps) {
  const pdf = documents.find((document) => document.id === devis.documentReponse);
  const columns = {
    prix: t('demande.devis.col.prix'),
    secu: t('demande.devis.col.secu'),
    mutuelle: t('demande.devis.col.mutuelle'),
    reste: t('demande.devis.col.reste'),
    plafond: t('demande.devis.col.plafond'),
  };
  return (
    <section className={styles.reponseDevis} aria-labelledby="devis-title">
      <h2 id="devis-title" className="section-title">
        {t('demande.devis.title')}
      </h2>
      <p className={styles.devisDates}>
        <span>{t('demande.devis.reponduLe', { date: formatIsoDate(devis.reponduLe) })}</span>
        <span>{t('demande.devis.valableJusquau', { date: formatIsoDate(devis.valableJusquau) })}</span>
      </p>
      <table className={['stacked-table', styles.couverture, styles.devis].join(' ')}>
        <caption>{t('demande.devis.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('demande.devis.col.soin')}</th>
            <th scope="col" className="numeric">
              {columns.prix}
            </th>
            <th scope="col" className="numeric">
              {columns.secu}
            </th>
            <th scope="col" className="numeric">
              {columns.mutuelle}
            </th>
            <th scope="col" className="numeric">
              {columns.reste}
            </th>
            <th scope="col" className="numeric">
              {columns.plafond}
            </th>
          </tr>
        </thead>
        <tbody>
          {devis.lignes.map((ligne, index) => (
            // Lines have no id of their own: their place in the quote is what the answer keeps.
            <LigneReponse key={index} ligne={ligne} columns={columns} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('demande.devis.total')}</th>
            <td data-label={columns.prix} className="numeric">
              {formatAmount(devis.totaux.prix)}
            </td>
            <td data-label={columns.secu} className="numeric">
              {formatAmount(devis.totaux.montantSecu)}
            </td>
            <td data-label={columns.mutuelle} className="numeric">
              {formatAmount(devis.totaux.montantMutuelle)}
            </td>
            <td data-label={columns.reste} className="numeric">
              {formatAmount(devis.totaux.resteACharge)}
            </td>
            {/* No total of the allowances: each line's is its guarantee's. */}
            <td className={styles.devisVide} />
          </tr>
        </tfoot>
      </table>
      {pdf && (
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() =>
              void downloadDocument(pdf)
            }
          >
            {t('demande.devis.telecharger')}
          </button>
        </p>
      )}
    </section>
  );
}

interface LigneReponseProps {
  ligne: Ligne;
  columns: Record<'prix' | 'secu' | 'mutuelle' | 'reste' | 'plafond', string>;
}

/**
 * A line's row, then, when there is something to say of it, a row under it, across the
 * columns: the warnings first, then « Détail du calcul » folded away.
 */
function LigneReponse({ ligne, columns }: LigneReponseProps) {
  const { equivalent100Sante: equivalent } = ligne;
  const suite = ligne.depasseLimite || equivalent !== null || ligne.regles.length > 0;
  return (
    <>
      <tr className={suite ? styles.devisLigne : undefined}>
        <th scope="row">
          <span className={styles.devisSoin}>
            <span>{ligne.libelleSoin}</span>
            {ligne.centPourCentSante && <span className={styles.devisDetail}>{t('demande.devis.panier')}</span>}
            {ligne.code && <span className={styles.devisDetail}>{t('demande.devis.code', { code: ligne.code })}</span>}
          </span>
        </th>
        <td data-label={columns.prix} className="numeric">
          {formatAmount(ligne.prix)}
        </td>
        <td data-label={columns.secu} className="numeric">
          <span className={styles.devisMontant}>
            <span>{formatAmount(ligne.montantSecu)}</span>
            <span className={styles.devisDetail}>
              {t('demande.devis.secuDetail', { base: formatAmount(ligne.baseSecu), taux: ligne.tauxSecu })}
            </span>
          </span>
        </td>
        <td data-label={columns.mutuelle} className="numeric">
          {formatAmount(ligne.montantMutuelle)}
        </td>
        <td data-label={columns.reste} className="numeric">
          {formatAmount(ligne.resteACharge)}
        </td>
        <td data-label={columns.plafond} className="numeric">
          {ligne.plafondRestant === null ? (
            // No allowance to run out: a dash, said in words to a screen reader.
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t('demande.devis.sansPlafond')}</span>
            </>
          ) : (
            formatAmount(ligne.plafondRestant)
          )}
        </td>
      </tr>
      {suite && (
        <tr className={styles.devisSuite}>
          <td colSpan={6}>
            {ligne.depasseLimite && (
              <p className={styles.devisAlerte}>
                {t('demande.devis.depasseLimite', { limite: formatAmount(ligne.limite) })}
              </p>
            )}
            {equivalent && (
              <p>
                {t('demande.devis.equivalent', {
                  limite: formatAmount(equivalent.limite),
                  resteACharge: formatAmount(equivalent.resteACharge),
                })}
              </p>
            )}
            {ligne.regles.length > 0 && (
              <details className={styles.devisRegles}>
                <summary>{t('demande.devis.regles')}</summary>
                <ul>
                  {ligne.regles.map((regle, index) => (
                    // The member API's sentences, in its order; two alike stay two.
                    <li key={`${String(index)}-${regle}`}>{regle}</li>
                  ))}
                </ul>
              </details>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
