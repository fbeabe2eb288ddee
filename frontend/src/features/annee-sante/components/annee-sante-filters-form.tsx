import { useId } from 'react';
import type { Beneficiaire } from '@/api/get-beneficiaires';
import { t } from '@/i18n/t';
import { BeneficiaireFilter } from '@/components/beneficiaire-filter';
import type { AnneeSanteFilters } from '../annee-sante-filters';
import styles from './annee-sante.module.css';

interface AnneeSanteFiltersFormProps {
  filters: AnneeSanteFilters;
  annees: readonly number[];
  beneficiaires: readonly Beneficiaire[];
  onChange: (filters: AnneeSanteFilters) => void;
}

/** The year and the person: each change applies at once, like the list's filters. */
export function AnneeSanteFiltersForm({
  filters,
  annees,
  beneficiaires,
  onChange,
}: AnneeSanteFiltersFormProps) {
  const id = useId();
  return (
    <form
      className={styles.filters}
      aria-label={t('anneeSante.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="form-field">
        <label htmlFor={`${id}-annee`}>{t('anneeSante.filters.annee')}</label>
        <select
          id={`${id}-annee`}
          value={filters.annee}
          onChange={(event) => {
            onChange({ ...filters, annee: Number(event.target.value) });
          }}
        >
          {annees.map((annee) => (
            <option key={annee} value={annee}>
              {annee}
            </option>
          ))}
        </select>
      </div>
      <BeneficiaireFilter
        id={`${id}-personne`}
        label={t('anneeSante.filters.personne')}
        allLabel={t('anneeSante.filters.toutesLesPersonnes')}
        value={filters.beneficiaire}
        beneficiaires={beneficiaires}
        onChange={(beneficiaire) => {
          onChange({ ...filters, beneficiaire });
        }}
      />
    </form>
  );
}
