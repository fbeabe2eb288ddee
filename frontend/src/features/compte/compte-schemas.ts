import { electronicFormatIBAN, extractBIC, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/**
 * The rules of the two forms, checked in the browser before anything is sent, each with the
 * French message shown next to its field. The member API checks them again; its own message
 * is shown when it refuses all the same.
 */

/** NF Z10-011: a postal address line holds at most 38 characters. */
const line = z.string().trim().max(38, 'Une ligne d’adresse compte au plus 38 caractères.');

export const adresseSchema = z.object({
  numeroEtVoie: line.min(1, 'Indiquez le numéro et la voie.'),
  complementDestinataire: line,
  complementAdresse: line,
  lieuDit: line,
  codePostal: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Le code postal compte 5 chiffres.'),
  commune: z.string().min(1, 'Choisissez votre commune dans la liste.'),
});

export type AdresseForm = z.infer<typeof adresseSchema>;

/** The optional lines: left empty, they are erased (`infoASupprimer`). */
export const optionalLines = ['complementDestinataire', 'complementAdresse', 'lieuDit'] as const;

/** `{putAdresse, infoASupprimer}` from what the member typed. */
export function changementAdresse(form: AdresseForm) {
  const putAdresse = {
    numeroEtVoie: form.numeroEtVoie.trim(),
    codePostal: form.codePostal.trim(),
    commune: form.commune,
    pays: 'FRANCE' as const,
    ...Object.fromEntries(
      optionalLines.filter((name) => form[name].trim() !== '').map((name) => [name, form[name].trim()]),
    ),
  };
  const infoASupprimer = optionalLines.filter((name) => form[name].trim() === '');
  return { putAdresse, infoASupprimer };
}

export const banqueSchema = z
  .object({
    /** '' for the member, else a beneficiary's id. */
    beneficiaire: z.string(),
    titulaire: z
      .string()
      .trim()
      .min(1, 'Indiquez le titulaire du compte.')
      .max(70, 'Le titulaire compte au plus 70 caractères.'),
    iban: z
      .string()
      .refine(
        (iban) => isValidIBAN(electronicFormatIBAN(iban) ?? ''),
        'Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.',
      ),
    bic: z
      .string()
      .trim()
      .refine(
        (bic) => /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(bic) && isValidBIC(bic.toUpperCase()),
        'Le BIC compte 8 ou 11 caractères (lettres et chiffres).',
      ),
  })
  .refine(
    ({ iban, bic }) => {
      const country = (electronicFormatIBAN(iban) ?? '').slice(0, 2);
      const bicCountry = extractBIC(bic.trim().toUpperCase()).countryCode;
      // Only when both are readable: each field's own rule speaks otherwise.
      return !isValidIBAN(electronicFormatIBAN(iban) ?? '') || !bicCountry || bicCountry === country;
    },
    { message: 'Ce BIC n’est pas celui d’une banque du pays de l’IBAN.', path: ['bic'] },
  );

export type BanqueForm = z.infer<typeof banqueSchema>;

/** The member API's body for the bank form. */
export function nouveauCompte(form: BanqueForm) {
  return {
    ...(form.beneficiaire ? { idBeneficiaire: Number(form.beneficiaire) } : {}),
    // This form changes where reimbursements go; contributions are set up with the mutual.
    usage: 'PRESTATIONS' as const,
    titulaire: form.titulaire.trim(),
    iban: electronicFormatIBAN(form.iban) ?? form.iban,
    bic: form.bic.trim().toUpperCase(),
  };
}
