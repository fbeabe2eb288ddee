import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { colonnesMontants, type Montants } from '../annee-sante';

export interface MontantsRow {
  key: string;
  label: string;
  montants: Montants;
}

interface AnneeSanteTableProps {
  caption: string;
  /** The first column's name: what a row is (a month, a kind of care, a person). */
  rowHeader: string;
  rows: readonly MontantsRow[];
  total: Montants;
}

/**
 * One of the year's tables: a row per month, kind of care or person, the four amounts, and the
 * year's total. A `stacked-table`, like the payment day's: on a phone each row becomes a small
 * card, so that the page never scrolls sideways at 320 px.
 */
export function AnneeSanteTable({ caption, rowHeader, rows, total }: AnneeSanteTableProps) {
  const amountCells = (montants: Montants) =>
    colonnesMontants.map((colonne) => (
      <td key={colonne} data-label={t(`anneeSante.montant.${colonne}`)} className="numeric">
        {formatAmount(montants[colonne])}
      </td>
    ));
  return (
    <table className="stacked-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {colonnesMontants.map((colonne) => (
            <th key={colonne} scope="col" className="numeric">
              {t(`anneeSante.montant.${colonne}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {amountCells(row.montants)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('anneeSante.total')}</th>
          {amountCells(total)}
        </tr>
      </tfoot>
    </table>
  );
}
