import { Link, useSearchParams } from 'react-router';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { paths } from '@/config/paths';
import { Pagination } from '@/components/pagination';
import { AsyncPart } from '@/components/async-part';
import { RemboursementCard } from '@/components/remboursement-card';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import remboursementsTexts from '@/i18n/fr/remboursements.json';
import { addMessages, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { saveFile } from '@/components/download-file';
import { formatAmount } from '@/lib/format-amount';
import { toIsoDate } from '@/lib/format-date';
import { paginate } from '@/components/paginate';
import type { RetryableQuery } from '@/components/part-state';
import { type Paiement, usePrestations } from '@/api/get-prestations';
import { usePrestationsPro } from '../api/get-prestations-pro';
import { remboursementsCsv } from '../remboursements-csv';
import {
  hasFilters,
  paiementsList,
  readFilters,
  type RemboursementsFilters,
  writeFilters,
} from '../remboursements-filters';
import { RemboursementsFiltersForm } from './remboursements-filters-form';
import { SignalerSoinLink } from './signaler-soin-link';
import styles from './remboursements.module.css';

addMessages(remboursementsTexts);

/** The payments the filters select: tiers payant from its own list, the others filtered here. */
function usePaiements(filters: RemboursementsFilters): RetryableQuery<Paiement[]> {
  const { list: shown, query } = paiementsList(filters, new Date());
  const all = usePrestations(shown === 'prestations' ? query : null);
  const pro = usePrestationsPro(shown === 'prestations-pro' ? query : null);
  const list = shown === 'prestations' ? all : pro;
  const paiements =
    filters.versement === 'assure'
      ? list.data?.filter((paiement) => paiement.destinataire === 'ASSURE')
      : list.data;
  return {
    data: paiements,
    error: list.error,
    // Read only when the part has no data (see `partState`): SWR then re-renders the page for
    // a revalidation only while the list waits on it.
    get isValidating() {
      return list.isValidating;
    },
    mutate: list.mutate,
  };
}

function total(paiements: readonly Paiement[]): number {
  return paiements.reduce((sum, paiement) => sum + paiement.montantRembourse, 0);
}

/** `/mutuelle/remboursements`: every payment, newest first, filtered and paged. */
export function RemboursementsPage() {
  usePageTitle(t('nav.remboursements'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const beneficiaires = useBeneficiaires();
  const paiements = usePaiements(filters);
  const { provider } = useBrand();
  const hrefFor = (page: number) => {
    const query = writeFilters({ ...filters, page }).toString();
    return query ? `${paths.remboursements}?${query}` : paths.remboursements;
  };

  return (
    <div className="card">
      <h1 className="page-title">{t('nav.remboursements')}</h1>
      <p>
        <Link to={paths.anneeSante}>{t('anneeSante.link')}</Link>
      </p>
      <RemboursementsFiltersForm
        filters={filters}
        beneficiaires={beneficiaires.data ?? []}
        onChange={(next) => {
          setParams(writeFilters(next));
        }}
      />
      <AsyncPart
        query={paiements}
        loadingLabel={t('remboursements.loading')}
        loadingClassName={styles.loading}
        placeholder={[1, 2, 3].map((row) => (
          <Skeleton key={row} className={styles.skeletonCard} />
        ))}
        failureMessage={t('remboursements.error')}
      >
        {(data) =>
          data.length === 0 ? (
            hasFilters(filters) ? (
              <div className={styles.empty}>
                <p>{t('remboursements.emptyFiltered')}</p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setParams(new URLSearchParams());
                  }}
                >
                  {t('remboursements.clearFilters')}
                </button>
              </div>
            ) : (
              <p className={styles.empty}>{t('remboursements.empty')}</p>
            )
          ) : (
            <Results
              paiements={data}
              page={filters.page}
              hrefFor={hrefFor}
              onExport={() => {
                const csv = remboursementsCsv(data, provider);
                saveFile(
                  new Blob([csv], { type: 'text/csv;charset=utf-8' }),
                  `remboursements-${toIsoDate(new Date())}.csv`,
                );
              }}
            />
          )
        }
      </AsyncPart>
    </div>
  );
}

interface ResultsProps {
  paiements: readonly Paiement[];
  page: number;
  hrefFor: (page: number) => string;
  onExport: () => void;
}

function Results({ paiements, page, hrefFor, onExport }: ResultsProps) {
  const { provider } = useBrand();
  const shown = paginate(paiements, page);
  return (
    <>
      <div className={styles.summary}>
        <p aria-live="polite">
          {t(paiements.length === 1 ? 'remboursements.count.one' : 'remboursements.count.other', {
            count: paiements.length,
          })}{' '}
          <strong>
            {t('remboursements.total', { provider, amount: formatAmount(total(paiements)) })}
          </strong>
        </p>
        <button type="button" className="button button-secondary" onClick={onExport}>
          {t('remboursements.export')}
        </button>
      </div>
      <ul className={styles.payments}>
        {shown.items.map((paiement) => (
          <li key={paiement.paymentId}>
            <RemboursementCard
              remboursement={paiement}
              total={paiement.montantRembourse}
              lineAction={(ligne) => <SignalerSoinLink paiement={paiement} ligne={ligne} />}
            />
          </li>
        ))}
      </ul>
      <Pagination page={shown.page} pageCount={shown.pageCount} hrefFor={hrefFor} />
    </>
  );
}
