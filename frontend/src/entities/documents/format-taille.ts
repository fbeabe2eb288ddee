import { frenchNumber } from '@/lib/french-number';

/** "1,2 Mo", "350 Ko": a file's size as the member reads it. */
export function formatTaille(octets: number): string {
  const format = (value: number) => frenchNumber(value, { min: 0, max: 1 });
  if (octets >= 1024 * 1024) return `${format(octets / (1024 * 1024))} Mo`;
  if (octets >= 1024) return `${format(Math.round(octets / 1024))} Ko`;
  return `${String(octets)} octets`;
}
