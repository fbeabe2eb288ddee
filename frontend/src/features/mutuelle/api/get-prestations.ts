import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { PrestationsQuery } from '@/api/get-prestations';

/** `GET assure/prestations`, shared with the requests (a complaint names its payment). */
export {
  getPrestations,
  type LignePrestation,
  type Paiement,
  prestationsKey,
  type PrestationsQuery,
  usePrestations,
} from '@/api/get-prestations';

/** The payments of one day, named by the address's `date`; `null` for an address that names none. */
export function jourQuery(date: string): PrestationsQuery | null {
  const day = parseIsoDate(date);
  if (!day) return null;
  const isoDay = toIsoDate(day);
  return { dateDebut: isoDay, dateFin: isoDay };
}
