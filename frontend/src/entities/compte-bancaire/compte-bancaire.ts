import { electronicFormatIBAN, extractBIC, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import compteBancaireTexts from '@/i18n/fr/compte-bancaire.json';
import { message } from '@/i18n/form-message';
import { addMessages } from '@/i18n/t';

addMessages(compteBancaireTexts);

/**
 * A bank account as the member types it into a form (the holder, the IBAN, the BIC): where
 * reimbursements go (« Mes informations personnelles ») and where contributions are taken
 * from, by a SEPA mandate (« Mes cotisations »). Its rules are checked in the browser before
 * anything is sent, each with the French message shown next to its field, and its labels are
 * the same in both forms. The member API checks them again; its own message is shown when it
 * refuses all the same.
 */
export interface CompteSaisi {
  titulaire: string;
  iban: string;
  bic: string;
}

/** The member API's limit on an account holder's name. */
const titulaireMax = 70;

/** The IBAN typed, spaces and case aside (`FR7630006000011234567890189`); '' when unreadable. */
function ibanElectronique(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

/** The rules of the three fields, for a form's schema (`z.object({ ...compteFields })`). */
export const compteFields = {
  titulaire: z
    .string()
    .trim()
    .min(1, message('compte.banque.erreur.titulaire'))
    .max(titulaireMax, message('compte.banque.erreur.titulaireLongueur', { max: titulaireMax })),
  // ISO 13616: the length and layout of its country, and its check digits (mod 97).
  iban: z.string().refine((iban) => isValidIBAN(ibanElectronique(iban)), message('compte.banque.erreur.iban')),
  bic: z
    .string()
    .trim()
    .refine(
      (bic) => /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(bic) && isValidBIC(bic.toUpperCase()),
      message('compte.banque.erreur.bic'),
    ),
};

/**
 * Whether the BIC is a bank's of the IBAN's country; only judged when both are readable: each
 * field's own rule speaks otherwise.
 */
export function bicDuPaysDeLIban({ iban, bic }: Pick<CompteSaisi, 'iban' | 'bic'>): boolean {
  const electronique = ibanElectronique(iban);
  const bicCountry = extractBIC(bic.trim().toUpperCase()).countryCode;
  return !isValidIBAN(electronique) || !bicCountry || bicCountry === electronique.slice(0, 2);
}

/** `bicDuPaysDeLIban`'s message, next to the BIC (a refinement's parameters). */
export const bicDuPaysDeLIbanMessage = { ...message('compte.banque.erreur.bicPays'), path: ['bic'] };

/** A form of an account alone: its three fields and the BIC of the IBAN's country. */
export const compteSchema = z.object(compteFields).refine(bicDuPaysDeLIban, bicDuPaysDeLIbanMessage);

/** The account as the member API takes it: the IBAN without spaces, the BIC in capitals. */
export function compteEnvoye(compte: CompteSaisi): CompteSaisi {
  return {
    titulaire: compte.titulaire.trim(),
    iban: electronicFormatIBAN(compte.iban) ?? compte.iban,
    bic: compte.bic.trim().toUpperCase(),
  };
}
