import { useId } from 'react';
import type { Beneficiaire } from '@/api/get-beneficiaires';
import { t } from '@/i18n/t';
import { BeneficiaireFilter } from '@/components/beneficiaire-filter';
import {
  type Periode,
  periodes,
  type RemboursementsFilters,
  type Versement,
  versements,
} from '../remboursements-filters';
import styles from './remboursements.module.css';

interface FiltersFormProps {
  filters: RemboursementsFilters;
  beneficiaires: readonly Beneficiaire[];
  /** A filter changed: the list goes back to its first page. */
  onChange: (filters: RemboursementsFilters) => void;
}

/**
 * Every change applies at once (no "apply" button): the list below follows, and the address
 * keeps the choice. Native controls, labelled, so they work with any keyboard or reader.
 */
export function RemboursementsFiltersForm({ filters, beneficiaires, onChange }: FiltersFormProps) {
  const id = useId();
  const change = (patch: Partial<RemboursementsFilters>) => {
    onChange({ ...filters, ...patch, page: 1 });
  };
  return (
    <form
      className={styles.filters}
      aria-label={t('remboursements.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <BeneficiaireFilter
        id={`${id}-beneficiaire`}
        label={t('remboursements.filters.beneficiaire')}
        allLabel={t('remboursements.filters.allBeneficiaires')}
        value={filters.beneficiaire}
        beneficiaires={beneficiaires}
        onChange={(beneficiaire) => {
          change({ beneficiaire });
        }}
      />
      <div className="form-field">
        <label htmlFor={`${id}-periode`}>{t('remboursements.filters.periode')}</label>
        <select
          id={`${id}-periode`}
          value={filters.periode ?? ''}
          onChange={(event) => {
            const periode = periodes.find((value) => value === event.target.value);
            change({ periode, du: undefined, au: undefined });
          }}
        >
          <option value="">{t('remboursements.filters.allPeriodes')}</option>
          {periodes.map((periode: Periode) => (
            <option key={periode} value={periode}>
              {t(`remboursements.periode.${periode}`)}
            </option>
          ))}
        </select>
      </div>
      {filters.periode === 'dates' && (
        <>
          <div className="form-field">
            <label htmlFor={`${id}-du`}>{t('remboursements.filters.du')}</label>
            <input
              id={`${id}-du`}
              type="date"
              value={filters.du ?? ''}
              max={filters.au}
              onChange={(event) => {
                change({ du: event.target.value || undefined });
              }}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-au`}>{t('remboursements.filters.au')}</label>
            <input
              id={`${id}-au`}
              type="date"
              value={filters.au ?? ''}
              min={filters.du}
              onChange={(event) => {
                change({ au: event.target.value || undefined });
              }}
            />
          </div>
        </>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-versement`}>{t('remboursements.filters.versement')}</label>
        <select
          id={`${id}-versement`}
          value={filters.versement}
          onChange={(event) => {
            const versement = versements.find((value) => value === event.target.value);
            change({ versement: versement ?? 'tous' });
          }}
        >
          {versements.map((versement: Versement) => (
            <option key={versement} value={versement}>
              {t(`remboursements.versement.${versement}`)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
