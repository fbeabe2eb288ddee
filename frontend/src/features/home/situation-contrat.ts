import type { Contrats } from '@/api/get-contrats';
import type { User } from '@/api/get-session';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';

/**
 * How long after care the mutual can still be asked to pay for it: two years, the limit the
 * law sets on every claim against a mutual (Code de la mutualité, article L221-11).
 */
const anneesPourUneFacture = 2;

/** Every contract has ended: the last to end, and whether care it covered can still be sent. */
export interface ContratTermine {
  etat: 'termine';
  numeroContrat: string;
  dateFin: Date;
  /** The care of its last day is still within the two years: its invoices are accepted. */
  facturesAcceptees: boolean;
}

/** No contract has begun yet: the first to begin, and when. */
export interface ContratAVenir {
  etat: 'aVenir';
  numeroContrat: string;
  dateDebut: Date;
}

/** What the home tells a member no contract covers today. */
export type SituationContrat = ContratTermine | ContratAVenir;

type Contrat = Contrats[number];

/** The contracts with their date `field`, read, in that date's order. */
function parDate(contrats: readonly Contrat[], field: 'dateDebut' | 'dateFin') {
  return contrats
    .flatMap((contrat) => {
      const date = parseIsoDate(contrat[field]);
      return date ? [{ numeroContrat: contrat.numeroContrat, date }] : [];
    })
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

/**
 * Read from the contracts (`assure/contrats`) for a member the session says is struck off
 * (`Radie`) or not yet covered (`Futur`); `null` for anyone else, or when the contracts do not
 * say (no ended contract with its end date, no contract to come with its start), rather than
 * a date made up. Days compare as the member's calendar does (`YYYY-MM-DD`).
 */
export function situationContrat(
  { Radie, Futur }: Pick<User, 'Radie' | 'Futur'>,
  contrats: readonly Contrat[],
  today: Date,
): SituationContrat | null {
  if (Radie) {
    const dernier = parDate(contrats.filter((contrat) => contrat.statut === 'RESILIE'), 'dateFin').at(-1);
    if (!dernier) return null;
    const limite = new Date(dernier.date);
    limite.setFullYear(limite.getFullYear() + anneesPourUneFacture);
    return {
      etat: 'termine',
      numeroContrat: dernier.numeroContrat,
      dateFin: dernier.date,
      facturesAcceptees: toIsoDate(today) <= toIsoDate(limite),
    };
  }
  if (Futur) {
    const premier = parDate(contrats.filter((contrat) => contrat.statut === 'A_VENIR'), 'dateDebut')[0];
    return premier ? { etat: 'aVenir', numeroContrat: premier.numeroContrat, dateDebut: premier.date } : null;
  }
  return null;
}
