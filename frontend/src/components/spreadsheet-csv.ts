/**
 * CSV files a French spreadsheet opens right: UTF-8 with a byte-order mark (else Excel reads it
 * as Windows-1252), `;` between values (`,` is the decimal separator), CRLF line ends
 * (RFC 4180), amounts with a decimal comma and no thousands separator, so that they stay
 * numbers. Both exports of Mes remboursements use it.
 */

const bom = '\uFEFF';

function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `12,50`; nothing for a missing amount. */
export function csvAmount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2).replace('.', ',') : '';
}

export function spreadsheetCsv(rows: readonly (readonly string[])[]): string {
  return bom + rows.map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
}
