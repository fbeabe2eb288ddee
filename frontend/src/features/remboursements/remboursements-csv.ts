import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import type { Paiement } from '@/api/get-prestations';
import { csvAmount as amount, spreadsheetCsv } from '@/components/spreadsheet-csv';

/** The payments for a spreadsheet, one row per line of care, dates dd/MM/yyyy. */

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
  return spreadsheetCsv([header, ...rows]);
}
