/** What the member reads where an amount or a date is missing (SPEC.md §5). */
export const missingValue = '-';
