import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { t } from '@/i18n/t';
import { useBrand } from '@/lib/brand-context';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import type { Remboursement } from '../api/get-home';
import styles from './home-dashboard.module.css';

/** SPEC.md §9: at most 2 detail lines per payment on the home page. */
const linesPerPayment = 2;

/**
 * One payment: its day, the beneficiary and its first lines (act, day of care, real amount,
 * what the mutual paid). The whole card leads to that payment day's reimbursements.
 */
export function RemboursementCard({ remboursement }: { remboursement: Remboursement }) {
  const { provider } = useBrand();
  const paymentDay = parseIsoDate(remboursement.paymentDate);
  const content = (
    <>
      <span className={styles.paymentHeader}>
        <span className={styles.paymentDate}>
          {t('home.remboursements.payment', { date: formatIsoDate(remboursement.paymentDate) })}
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
        {remboursement.detailRemboursement.slice(0, linesPerPayment).map((line, index) => (
          // Lines have no id of their own; their order within the payment is stable.
          <li key={index} className={styles.line}>
            <span className={styles.act}>{line.labelExternalCode}</span>
            <span className={styles.careDate}>
              {t('home.remboursements.careDate', { date: formatIsoDate(line.startDate) })}
            </span>
            <span className={styles.amounts}>
              <span className={styles.amount}>
                <span className={styles.amountLabel}>{t('home.remboursements.expense')}</span>
                <span className={styles.amountValue}>{formatAmount(line.expenseAmount)}</span>
              </span>
              <span className={styles.amount}>
                <span className={styles.amountLabel}>
                  {t('home.remboursements.refund', { provider })}
                </span>
                <span className={styles.amountValue}>{formatAmount(line.refundableAmount)}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
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
