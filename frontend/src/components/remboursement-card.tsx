import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { t } from '@/i18n/t';
import { useBrand } from '@/lib/brand-context';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import styles from './remboursement-card.module.css';

/** What a card shows of a line; a partner's API may leave any of it out ('-' then). */
export interface RemboursementCardLine {
  labelExternalCode: string | null;
  /** The day of care, YYYY-MM-DD. */
  startDate: string | null;
  expenseAmount: number | null;
  refundableAmount: number | null;
}

export interface RemboursementCardPayment {
  /** YYYY-MM-DD. */
  paymentDate: string;
  beneficiaryFirstName: string;
  beneficiaryLastName: string;
  detailRemboursement: RemboursementCardLine[];
}

interface RemboursementCardProps {
  remboursement: RemboursementCardPayment;
  /** Lines shown, from the first (the home page shows 2, SPEC.md §9); all when absent. */
  maxLines?: number;
  /** What the mutual paid in all, under the lines. */
  total?: number | null;
}

/**
 * One payment: its day, the beneficiary and its lines (act, day of care, real amount, what
 * the mutual paid). The whole card leads to that payment day's reimbursements. Shared by the
 * home page's latest payments and the list of every payment.
 */
export function RemboursementCard({ remboursement, maxLines, total }: RemboursementCardProps) {
  const { provider } = useBrand();
  const paymentDay = parseIsoDate(remboursement.paymentDate);
  const content = (
    <>
      <span className={styles.paymentHeader}>
        <span className={styles.paymentDate}>
          {t('remboursement.card.payment', { date: formatIsoDate(remboursement.paymentDate) })}
        </span>
        <span className={styles.beneficiary}>
          {memberDisplayName(
            '',
            remboursement.beneficiaryFirstName,
            remboursement.beneficiaryLastName,
          )}
        </span>
      </span>
      <ul className={styles.lines}>
        {remboursement.detailRemboursement.slice(0, maxLines).map((line, index) => (
          // Lines have no id of their own; their order within the payment is stable.
          <li key={index} className={styles.line}>
            <span className={styles.act}>{line.labelExternalCode}</span>
            <span className={styles.careDate}>
              {t('remboursement.card.careDate', { date: formatIsoDate(line.startDate) })}
            </span>
            <span className={styles.amounts}>
              <span className={styles.amount}>
                <span className={styles.amountLabel}>{t('remboursement.card.expense')}</span>
                <span className={styles.amountValue}>{formatAmount(line.expenseAmount)}</span>
              </span>
              <span className={styles.amount}>
                <span className={styles.amountLabel}>
                  {t('remboursement.card.refund', { provider })}
                </span>
                <span className={styles.amountValue}>{formatAmount(line.refundableAmount)}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
      {total !== undefined && (
        <span className={styles.total}>
          <span>{t('remboursement.card.total', { provider })}</span>
          <span className={styles.amountValue}>{formatAmount(total)}</span>
        </span>
      )}
    </>
  );
  // A payment without a readable day has no page to lead to: the card shows, unlinked.
  return paymentDay ? (
    <Link to={paths.remboursementsDuJour(toIsoDate(paymentDay))} className={styles.payment}>
      {content}
    </Link>
  ) : (
    <div className={styles.payment}>{content}</div>
  );
}
