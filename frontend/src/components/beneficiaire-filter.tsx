import type { Beneficiaire } from '@/api/get-beneficiaires';
import { memberDisplayName } from '@/entities/personne/format-name';

interface BeneficiaireFilterProps {
  id: string;
  label: string;
  /** The first choice, which selects everyone. */
  allLabel: string;
  value: number | undefined;
  beneficiaires: readonly Beneficiaire[];
  onChange: (beneficiaire: number | undefined) => void;
}

/** The person a list or a summary of Mes remboursements is narrowed to, or everyone. */
export function BeneficiaireFilter({ id, label, allLabel, value, beneficiaires, onChange }: BeneficiaireFilterProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          onChange(event.target.value ? Number(event.target.value) : undefined);
        }}
      >
        <option value="">{allLabel}</option>
        {beneficiaires.map((beneficiaire) => (
          <option key={beneficiaire.id} value={beneficiaire.id}>
            {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
          </option>
        ))}
      </select>
    </div>
  );
}
