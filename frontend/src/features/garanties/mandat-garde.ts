import type { KeptForm } from '@/hooks/kept-across-sign-in';

/**
 * What the member typed for a SEPA mandate, kept while they sign in again: the portal asks
 * for a recent sign-in before a mandate is asked for, and again before it is signed. The
 * account's form keeps the account (the code left empty), the mandate to sign keeps the code
 * (the account left empty): whichever was on screen comes back. Apart from the form's rules,
 * so that « Mes cotisations » reads it back without the forms library.
 */
export interface MandatSaisi {
  titulaire: string;
  iban: string;
  bic: string;
  code: string;
}

export const mandatGarde: KeptForm<MandatSaisi> = {
  name: 'mandat',
  empty: { titulaire: '', iban: '', bic: '', code: '' },
};

/** The account typed, when the account's form was on screen; `null` otherwise. */
export function compteRestaure(restored: MandatSaisi | null): MandatSaisi | null {
  return restored && (restored.titulaire !== '' || restored.iban !== '' || restored.bic !== '') ? restored : null;
}
