import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import styles from './remboursement-card.module.css';

/** What a card shows of a line; a partner's API may leave any of it out ('-' then). */
export interface RemboursementCardLine {
  labelExternalCode: string | null;
  /** The day of care, YYYY-MM-DD. */
  startDate: string | null;
  expenseAmount: number | null;
  refundableAmount: number | null;
}

export interface RemboursementCardPayment<Line extends RemboursementCardLine = RemboursementCardLine> {
  /** YYYY-MM-DD. */
  paymentDate: string;
  beneficiaryFirstName: string;
  beneficiaryLastName: string;
  detailRemboursement: Line[];
}

interface RemboursementCardProps<Line extends RemboursementCardLine> {
  remboursement: RemboursementCardPayment<Line>;
  /**
   * Lines shown, from the first (the home page shows 2, docs/product/limits.md#home-dashboard); all
   * when absent.
   */
  maxLines?: number;
  /** What the mutual paid in all, under the lines. */
  total?: number | null;
  /** What the member may do about one line (« Je ne reconnais pas ce soin »), under it. */
  lineAction?: (line: Line) => ReactNode;
}

/**
 * One payment: its day, the beneficiary and its lines (act, day of care, real amount, what
 * the mutual paid). The whole card leads to that payment day's reimbursements. Shared by the
 * home page's latest payments and the list of every payment.
 *
 * With an action on each line, the card cannot be one link (a link holds no other): its
 * header is the link, stretched over the card so that the whole card still leads to the day,
 * and each line's action is laid above it.
 */
export function RemboursementCard<Line extends RemboursementCardLine>({
  remboursement,
  maxLines,
  total,
  lineAction,
}: RemboursementCardProps<Line>) {
  const { provider } = useBrand();
  const paymentDay = parseIsoDate(remboursement.paymentDate);
  const dayPage = paymentDay ? paths.remboursementsDuJour(toIsoDate(paymentDay)) : null;
  const header = (
    <span className={styles.paymentHeader}>
      <span className={styles.paymentDate}>
        {t('remboursement.card.payment', { date: formatIsoDate(remboursement.paymentDate) })}
      </span>
      <span className={styles.beneficiary}>
        {memberDisplayName('', remboursement.beneficiaryFirstName, remboursement.beneficiaryLastName)}
      </span>
    </span>
  );
  const body = (
    <>
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
            {lineAction && <span className={styles.lineAction}>{lineAction(line)}</span>}
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
  if (!dayPage) {
    return (
      <div className={styles.payment}>
        {header}
        {body}
      </div>
    );
  }
  return lineAction ? (
    <div className={[styles.payment, styles.withActions].join(' ')}>
      <Link to={dayPage} className={styles.stretchedLink}>
        {header}
      </Link>
      {body}
    </div>
  ) : (
    <Link to={dayPage} className={styles.payment}>
      {header}
      {body}
    </Link>
  );
}
