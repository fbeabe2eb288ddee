import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { DemandeEtat } from '@/components/demande-etat';
import { useDemandesNonLus } from '@/api/get-demandes-non-lus';
import { Pagination } from '@/components/pagination';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { demandeEtat, demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { usePageTitle } from '@/hooks/use-page-title';
import demandesTexts from '@/i18n/fr/demandes.json';
import { addMessages, t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { paginate } from '@/components/paginate';
import { type Demande, useDemandes } from '../api/get-demandes';
import {
  type DemandesFilters,
  etats,
  filterDemandes,
  isTerminee,
  newestFirst,
  readDemandesFilters,
  writeDemandesFilters,
} from '../demandes-filters';
import styles from './demandes.module.css';
import { envoiPossible } from '@/entities/delegation/droits';
import { useMemberSession } from '@/hooks/session-context';

addMessages(demandesTexts);

/** What the creation page leaves in the history entry it navigates to. */
export interface CreationState {
  creee: number;
}

function createdId(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('creee' in state)) return null;
  return typeof state.creee === 'number' ? state.creee : null;
}

/** `/mutuelle/demandes` (and `/demandes`): every request, newest first, filtered and paged. */
export function DemandesPage() {
  usePageTitle(t('demandes.title'));
  const [params, setParams] = useSearchParams();
  const filters = readDemandesFilters(params);
  const location = useLocation();
  const creee = createdId(location.state);
  const demandes = useDemandes();
  const session = useMemberSession();

  return (
    <div className="card">
      <div className={styles.header}>
        <h1 className="page-title">{t('demandes.title')}</h1>
        {envoiPossible(session) && (
          <Link className="button button-primary" to={paths.creationDemande}>
            {t('demandes.nouvelle')}
          </Link>
        )}
      </div>
      {creee !== null && (
        <p role="status" className="notice-success">
          {t('demandes.creee', { id: creee })}
        </p>
      )}
      <EtatFilter
        filters={filters}
        onChange={(etat) => {
          setParams(writeDemandesFilters({ etat, page: 1 }), { state: location.state as unknown });
        }}
      />
      <AsyncPart
        query={demandes}
        loadingLabel={t('demandes.loading')}
        loadingClassName={styles.loading}
        placeholder={[1, 2, 3].map((row) => (
          <Skeleton key={row} className={styles.skeletonRow} />
        ))}
        failureMessage={t('demandes.error')}
      >
        {(data) => <DemandesList demandes={data} filters={filters} creee={creee} />}
      </AsyncPart>
    </div>
  );
}

/** The requests the filter selects, or why there are none. */
function DemandesList({
  demandes,
  filters,
  creee,
}: {
  demandes: readonly Demande[];
  filters: DemandesFilters;
  creee: number | null;
}) {
  const all = newestFirst(demandes);
  const shown = filterDemandes(all, filters.etat);
  const nonePending = all.length > 0 && all.every(isTerminee);
  return (
    <>
      {nonePending && <p className={styles.note}>{t('demandes.toutesTraitees')}</p>}
      {all.length === 0 && <p className={styles.note}>{t('demandes.empty')}</p>}
      {all.length > 0 && shown.length === 0 && filters.etat === 'traitees' && (
        <p className={styles.note}>{t('demandes.aucuneTraitee')}</p>
      )}
      {shown.length > 0 && <DemandesTable demandes={shown} filters={filters} creee={creee} />}
    </>
  );
}

function EtatFilter({
  filters,
  onChange,
}: {
  filters: DemandesFilters;
  onChange: (etat: DemandesFilters['etat']) => void;
}) {
  return (
    <fieldset className={styles.filter}>
      <legend>{t('demandes.filtre.label')}</legend>
      {etats.map((etat) => (
        <label key={etat}>
          <input
            type="radio"
            name="etat"
            value={etat}
            checked={filters.etat === etat}
            onChange={() => {
              onChange(etat);
            }}
          />
          {t(`demandes.filtre.${etat}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The mutual's messages on the request the member has not read yet. */
function NonLus({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className={styles.nonLus}>
      {count === 1 ? t('demandes.nonLus.un') : t('demandes.nonLus.plusieurs', { count })}
    </span>
  );
}

function DemandesTable({
  demandes,
  filters,
  creee,
}: {
  demandes: readonly Demande[];
  filters: DemandesFilters;
  creee: number | null;
}) {
  const page = paginate(demandes, filters.page);
  const nonLus = new Map(useDemandesNonLus().data?.demandes.map((demande) => [demande.id, demande.nonLus]));
  const hrefFor = (number: number) => {
    const query = writeDemandesFilters({ ...filters, page: number }).toString();
    return query ? `${paths.demandesMutuelle}?${query}` : paths.demandesMutuelle;
  };
  return (
    <>
      <p aria-live="polite" className={styles.count}>
        {t(demandes.length === 1 ? 'demandes.count.one' : 'demandes.count.other', {
          count: demandes.length,
        })}
      </p>
      <table className="stacked-table">
        <thead>
          <tr>
            <th scope="col">{t('demandes.col.date')}</th>
            <th scope="col">{t('demandes.col.type')}</th>
            <th scope="col">{t('demandes.col.etat')}</th>
            <th scope="col" className="numeric">
              {t('demandes.col.numero')}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((demande) => (
            <tr key={demande.id} data-new={demande.id === creee || undefined} className={styles.row}>
              <td data-label={t('demandes.col.date')}>{formatIsoDate(demande.DateCreation)}</td>
              <td data-label={t('demandes.col.type')}>
                <Link to={paths.demande(demande.id)}>
                  {demandeTypeLabel(demande.TypeCode)}
                </Link>
                <NonLus count={nonLus.get(demande.id) ?? 0} />
              </td>
              <td data-label={t('demandes.col.etat')}>
                <DemandeEtat etat={demandeEtat(demande)} />
              </td>
              <td data-label={t('demandes.col.numero')} className="numeric">
                {demande.id}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} />
    </>
  );
}
