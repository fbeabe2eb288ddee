import { missingValue } from './missing-value';
import { once } from './once';

/**
 * French number format with exactly two decimals and the euro sign after the amount:
 * "1 234,50 €" (a narrow no-break space between thousands and a no-break space before €, so
 * that an amount never wraps across two lines).
 */
const euros = once(
  () =>
    new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // No "-0,00 €" for a negative zero or a refund that rounds to nothing.
      signDisplay: 'negative',
    }),
);

/** An amount in euros (SPEC.md §5), or '-' when the API gave none. */
export function formatAmount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? euros().format(value) : missingValue;
}
