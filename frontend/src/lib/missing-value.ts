/**
 * What the member reads where an amount or a date is missing
 * (docs/product/validation.md#missing-values).
 */
export const missingValue = '-';
