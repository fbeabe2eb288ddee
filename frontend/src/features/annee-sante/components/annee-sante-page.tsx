import { useSearchParams } from 'react-router';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import anneeSanteTexts from '@/i18n/fr/annee-sante.json';
import { addMessages, t } from '@/i18n/t';
import { saveFile } from '@/components/download-file';
import { formatAmount } from '@/lib/format-amount';
import { usePrestations } from '@/api/get-prestations';
import { type AnneeSante, anneeSante, colonnesMontants, nomDuMois } from '../annee-sante';
import { anneeSanteCsv, anneeSanteCsvFileName } from '../annee-sante-csv';
import {
  anneeSanteQuery,
  anneesProposees,
  readAnneeSanteFilters,
  writeAnneeSanteFilters,
} from '../annee-sante-filters';
import { AnneeSanteChart } from './annee-sante-chart';
import { AnneeSanteFiltersForm } from './annee-sante-filters-form';
import { AnneeSanteTable } from './annee-sante-table';
import styles from './annee-sante.module.css';

addMessages(anneeSanteTexts);

/**
 * `/mutuelle/remboursements/annee-sante`: where a year's health money went (spent, paid by the
 * Sécurité sociale, by the mutual, left to the member), by month, kind of care and person.
 */
export function AnneeSantePage() {
  const title = t('anneeSante.title');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const today = new Date();
  const filters = readAnneeSanteFilters(params, today);
  const beneficiaires = useBeneficiaires();
  const paiements = usePrestations(anneeSanteQuery(filters));

  return (
    <div className="card">
      <h1 className="page-title">{title}</h1>
      <AnneeSanteFiltersForm
        filters={filters}
        annees={anneesProposees(today)}
        beneficiaires={beneficiaires.data ?? []}
        onChange={(next) => {
          setParams(writeAnneeSanteFilters(next));
        }}
      />
      <AsyncPart
        query={paiements}
        loadingLabel={t('anneeSante.loading')}
        loadingClassName={styles.loading}
        placeholder={
          <>
            <Skeleton className={styles.skeletonTotals} />
            <Skeleton className={styles.skeletonChart} />
          </>
        }
        failureMessage={t('anneeSante.error')}
      >
        {(data) => {
          // The names come with the payments; the beneficiaries list only orders the persons,
          // so the figures do not wait for it.
          const sante = anneeSante(data, filters.annee, beneficiaires.data ?? []);
          return sante.nombreActes === 0 ? (
            <p className={styles.empty}>{t('anneeSante.empty', { annee: filters.annee })}</p>
          ) : (
            <Results
              annee={filters.annee}
              sante={sante}
              parPersonne={filters.beneficiaire === undefined}
            />
          );
        }}
      </AsyncPart>
    </div>
  );
}

interface ResultsProps {
  annee: number;
  sante: AnneeSante;
  /** Every person covered is shown, so the figures are split between them. */
  parPersonne: boolean;
}

function Results({ annee, sante, parPersonne }: ResultsProps) {
  return (
    <div className={styles.results}>
      <section>
        <h2>{t('anneeSante.totals.title', { annee })}</h2>
        <dl className={styles.totals}>
          {colonnesMontants.map((colonne) => (
            <div key={colonne}>
              <dt>{t(`anneeSante.montant.${colonne}`)}</dt>
              <dd>{formatAmount(sante.total[colonne])}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>{t('anneeSante.note', { annee })}</p>
        <button
          type="button"
          className={['button', 'button-secondary', styles.export].join(' ')}
          onClick={() => {
            saveFile(
              new Blob([anneeSanteCsv(sante)], { type: 'text/csv;charset=utf-8' }),
              anneeSanteCsvFileName(annee),
            );
          }}
        >
          {t('anneeSante.export')}
        </button>
      </section>
      <section>
        <h2>{t('anneeSante.parMois.title')}</h2>
        <AnneeSanteChart annee={annee} parMois={sante.parMois} total={sante.total} />
        <details className={styles.figures}>
          <summary>{t('anneeSante.parMois.figures')}</summary>
          <AnneeSanteTable
            caption={t('anneeSante.parMois.caption', { annee })}
            rowHeader={t('anneeSante.column.mois')}
            rows={sante.parMois.map((mois) => ({
              key: String(mois.mois),
              label: nomDuMois(mois.mois),
              montants: mois,
            }))}
            total={sante.total}
          />
        </details>
      </section>
      <section>
        <h2>{t('anneeSante.parSoins.title')}</h2>
        <AnneeSanteTable
          caption={t('anneeSante.parSoins.caption', { annee })}
          rowHeader={t('anneeSante.column.soins')}
          rows={sante.parSoins.map((soins) => ({
            key: soins.codeActe,
            label: soins.libelle,
            montants: soins,
          }))}
          total={sante.total}
        />
      </section>
      {parPersonne && (
        <section>
          <h2>{t('anneeSante.parPersonne.title')}</h2>
          <AnneeSanteTable
            caption={t('anneeSante.parPersonne.caption', { annee })}
            rowHeader={t('anneeSante.column.personne')}
            rows={sante.parPersonne.map((personne) => ({
              key: personne.personne,
              label: personne.personne,
              montants: personne,
            }))}
            total={sante.total}
          />
        </section>
      )}
    </div>
  );
}
