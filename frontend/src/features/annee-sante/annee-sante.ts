import type { Beneficiaire } from '@/api/get-beneficiaires';
import { parseIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import type { LignePrestation, Paiement } from '@/api/get-prestations';

/**
 * "Mon année santé": where a year's health money went, from the lines of the payments made
 * that year. Sums are kept in cents (integers) and turned into euros once at the end, so that
 * adding hundreds of amounts like 0,10 € never drifts and the months, kinds and persons add
 * up to the year's totals to the cent.
 *
 * Rejected lines (`statut` REJETE) count like the others: the member did spend the money, the
 * Sécurité sociale may have paid its part, the mutual paid nothing (its amount is 0) and the
 * rest is the member's. Leaving them out would hide part of what the year cost.
 */

/** Amounts in euros; what was spent is the sum of the three others. */
export interface Montants {
  depense: number;
  secu: number;
  mutuelle: number;
  resteACharge: number;
}

export interface MontantsDuMois extends Montants {
  /** 0 for January. */
  mois: number;
}

export interface MontantsDesSoins extends Montants {
  codeActe: string;
  libelle: string;
}

export interface MontantsDeLaPersonne extends Montants {
  personne: string;
}

export interface AnneeSante {
  /** The lines counted: none means nothing to show for the year. */
  nombreActes: number;
  total: Montants;
  /** Twelve months, January first, months without care at zero. */
  parMois: MontantsDuMois[];
  /** Most spent first. */
  parSoins: MontantsDesSoins[];
  /** In the order of the beneficiaries list (the member first), then anyone not in it. */
  parPersonne: MontantsDeLaPersonne[];
}

/** The four amounts, in the order every table, total and export shows them. */
export const colonnesMontants = ['depense', 'secu', 'mutuelle', 'resteACharge'] as const satisfies readonly (keyof Montants)[];

type Centimes = Montants;

const zero: Centimes = { depense: 0, secu: 0, mutuelle: 0, resteACharge: 0 };

function centimes(euros: number): number {
  return Math.round(euros * 100);
}

function ajouter(somme: Centimes, ligne: LignePrestation): Centimes {
  return {
    depense: somme.depense + centimes(ligne.expenseAmount),
    secu: somme.secu + centimes(ligne.montantSecu),
    mutuelle: somme.mutuelle + centimes(ligne.refundableAmount),
    resteACharge: somme.resteACharge + centimes(ligne.resteACharge),
  };
}

function enEuros(somme: Centimes): Montants {
  return {
    depense: somme.depense / 100,
    secu: somme.secu / 100,
    mutuelle: somme.mutuelle / 100,
    resteACharge: somme.resteACharge / 100,
  };
}

/**
 * The month a line counts in: the month of care when the care happened in `annee`; otherwise
 * (care late in the previous year, paid in January) the month it was paid, so that a year
 * shows exactly what was paid in it, as the member API selects it by payment day. `null` for a
 * line neither cared for nor paid in `annee`, which then counts nowhere, so that every figure
 * adds up to the same total.
 */
export function moisDeLaLigne(ligne: LignePrestation, paiement: Paiement, annee: number): number | null {
  const dateSoins = parseIsoDate(ligne.startDate);
  if (dateSoins?.getFullYear() === annee) return dateSoins.getMonth();
  const datePaiement = parseIsoDate(paiement.paymentDate);
  return datePaiement?.getFullYear() === annee ? datePaiement.getMonth() : null;
}

function parDepenseDecroissante(a: Montants & { libelle: string }, b: Montants & { libelle: string }) {
  return b.depense - a.depense || a.libelle.localeCompare(b.libelle, 'fr');
}

export function anneeSante(
  paiements: readonly Paiement[],
  annee: number,
  beneficiaires: readonly Beneficiaire[],
): AnneeSante {
  let nombreActes = 0;
  let total = zero;
  const mois: Centimes[] = Array.from({ length: 12 }, () => zero);
  const soins = new Map<string, { libelle: string; somme: Centimes }>();
  const personnes = new Map<string, Centimes>();

  for (const paiement of paiements) {
    const personne = memberDisplayName('', paiement.beneficiaryFirstName, paiement.beneficiaryLastName);
    for (const ligne of paiement.detailRemboursement) {
      const index = moisDeLaLigne(ligne, paiement, annee);
      if (index === null) continue;
      nombreActes += 1;
      total = ajouter(total, ligne);
      mois[index] = ajouter(mois[index] ?? zero, ligne);
      const soin = soins.get(ligne.codeActe);
      soins.set(ligne.codeActe, {
        libelle: soin?.libelle ?? ligne.labelExternalCode,
        somme: ajouter(soin?.somme ?? zero, ligne),
      });
      personnes.set(personne, ajouter(personnes.get(personne) ?? zero, ligne));
    }
  }

  const ordre = beneficiaires.map((beneficiaire) =>
    memberDisplayName('', beneficiaire.prenom, beneficiaire.nom),
  );
  const rang = (personne: string) => {
    const index = ordre.indexOf(personne);
    return index === -1 ? ordre.length : index;
  };

  return {
    nombreActes,
    total: enEuros(total),
    parMois: mois.map((somme, index) => ({ mois: index, ...enEuros(somme) })),
    parSoins: [...soins]
      .map(([codeActe, { libelle, somme }]) => ({ codeActe, libelle, ...enEuros(somme) }))
      .sort(parDepenseDecroissante),
    parPersonne: [...personnes]
      .map(([personne, somme]) => ({ personne, ...enEuros(somme) }))
      .sort((a, b) => rang(a.personne) - rang(b.personne) || a.personne.localeCompare(b.personne, 'fr')),
  };
}

const nomsDesMois = {
  long: new Intl.DateTimeFormat('fr-FR', { month: 'long' }),
  narrow: new Intl.DateTimeFormat('fr-FR', { month: 'narrow' }),
};

/** "janvier" (long) or "J" (narrow, under a chart's bar) for `mois` 0. */
export function nomDuMois(mois: number, format: keyof typeof nomsDesMois = 'long'): string {
  return nomsDesMois[format].format(new Date(2000, mois, 1));
}
