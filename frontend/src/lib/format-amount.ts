import { frenchNumber } from './french-number';
import { missingValue } from './missing-value';

/**
 * An amount in euros (docs/product/validation.md#amounts), or '-' when the API gave none: exactly
 * two decimals and the euro sign after the amount, "1 234,50 €" (a no-break space before €, so that
 * an amount never wraps across two lines).
 */
export function formatAmount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return missingValue;
  return `${frenchNumber(value, { min: 2, max: 2 })}\u00a0€`;
}
