const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Dates as the member reads them: dd/MM/yyyy (SPEC.md §5). */
export function formatDate(date: Date): string {
  return frenchDate.format(date);
}
