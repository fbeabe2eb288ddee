import type { KeptForm } from '@/hooks/kept-across-sign-in';
import type { BanqueForm } from './compte-schemas';

/**
 * The bank details' form, kept while the member signs in again: the portal asks for a recent
 * sign-in before this change. Apart from the form's rules, so that the section reads it back
 * without the forms library.
 */
export const banqueGardee: KeptForm<BanqueForm> = {
  name: 'banque',
  empty: { beneficiaire: '', titulaire: '', iban: '', bic: '' },
};
