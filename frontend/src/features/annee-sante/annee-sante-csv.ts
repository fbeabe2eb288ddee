import { t } from '@/i18n/t';
import { csvAmount, spreadsheetCsv } from '@/components/spreadsheet-csv';
import { type AnneeSante, colonnesMontants, type Montants, nomDuMois } from './annee-sante';

/**
 * "Mon année santé" for a spreadsheet: two tables one under the other, an empty line between
 * them: the months, then the kinds of care, each with its total row.
 */

function row(label: string, montants: Montants): string[] {
  return [label, ...colonnesMontants.map((colonne) => csvAmount(montants[colonne]))];
}

function header(first: string): string[] {
  return [first, ...colonnesMontants.map((colonne) => t(`anneeSante.montant.${colonne}`))];
}

export function anneeSanteCsv(sante: AnneeSante): string {
  const total = row(t('anneeSante.total'), sante.total);
  const rows = [
    header(t('anneeSante.column.mois')),
    ...sante.parMois.map((mois) => row(nomDuMois(mois.mois), mois)),
    total,
    [],
    header(t('anneeSante.column.soins')),
    ...sante.parSoins.map((soins) => row(soins.libelle, soins)),
    total,
  ];
  return spreadsheetCsv(rows);
}

/** `annee-sante-2026.csv`. */
export function anneeSanteCsvFileName(annee: number): string {
  return `annee-sante-${String(annee)}.csv`;
}
