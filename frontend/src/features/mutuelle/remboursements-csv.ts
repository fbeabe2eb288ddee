import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import type { Paiement } from './api/get-prestations';

/**
 * The payments as a CSV file a French spreadsheet opens right: UTF-8 with a byte-order mark
 * (else Excel reads it as Windows-1252), `;` between values (`,` is the decimal separator),
 * CRLF line ends (RFC 4180), dates dd/MM/yyyy and amounts with a decimal comma and no
 * thousands separator, so that they stay numbers. One row per line of care.
 */

const bom = '\uFEFF';

function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function amount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2).replace('.', ',') : '';
}

function date(value: string | null | undefined): string {
  const formatted = formatIsoDate(value);
  return formatted === formatIsoDate(null) ? '' : formatted;
}

export function remboursementsCsv(paiements: readonly Paiement[], provider: string): string {
  const header = [
    t('remboursements.csv.datePaiement'),
    t('remboursements.csv.beneficiaire'),
    t('remboursements.csv.dateSoins'),
    t('remboursements.csv.acte'),
    t('remboursements.csv.professionnel'),
    t('remboursements.csv.montantReel'),
    t('remboursements.csv.partSecu'),
    t('remboursements.csv.rembMutuelle', { provider }),
    t('remboursements.csv.resteACharge'),
    t('remboursements.csv.verseA'),
  ];
  const rows = paiements.flatMap((paiement) =>
    paiement.detailRemboursement.map((ligne) => [
      date(paiement.paymentDate),
      `${paiement.beneficiaryFirstName} ${paiement.beneficiaryLastName}`,
      date(ligne.startDate),
      ligne.labelExternalCode,
      ligne.professionnelSante,
      amount(ligne.expenseAmount),
      amount(ligne.montantSecu),
      amount(ligne.refundableAmount),
      amount(ligne.resteACharge),
      paiement.nomDestinataire,
    ]),
  );
  return bom + [header, ...rows].map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
}
