import { z } from 'zod';
import { bicDuPaysDeLIban, bicDuPaysDeLIbanMessage, compteEnvoye, compteFields } from '@/entities/compte-bancaire/compte-bancaire';
import { type MessageKey, t } from '@/i18n/t';
import { message } from '@/i18n/form-message';
import type { Preferences } from './api/get-preferences';
import type { NouvellesPreferences } from './api/put-preferences';

/**
 * The rules of the two forms, checked in the browser before anything is sent, each with the
 * French message shown next to its field. The member API checks them again; its own message
 * is shown when it refuses all the same.
 */

/** NF Z10-011: a postal address line holds at most 38 characters. */
const lineMax = 38;
const line = z.string().trim().max(lineMax, message('compte.adresse.erreur.ligneLongueur', { max: lineMax }));

export const adresseSchema = z.object({
  numeroEtVoie: line.min(1, message('compte.adresse.erreur.numeroEtVoie')),
  complementDestinataire: line,
  complementAdresse: line,
  lieuDit: line,
  codePostal: z
    .string()
    .trim()
    .regex(/^\d{5}$/, message('compte.adresse.erreur.codePostal')),
  commune: z.string().min(1, message('compte.adresse.erreur.commune')),
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

/**
 * « Coordonnées bancaires »: the account's own rules (`entities/compte-bancaire`, shared with
 * the SEPA mandate's form), and whose account it is.
 */
export const banqueSchema = z
  .object({
    /** '' for the member, else a beneficiary's id. */
    beneficiaire: z.string(),
    ...compteFields,
  })
  .refine(bicDuPaysDeLIban, bicDuPaysDeLIbanMessage);

export type BanqueForm = z.infer<typeof banqueSchema>;

/** The member API's body for the bank form. */
export function nouveauCompte(form: BanqueForm) {
  return {
    ...(form.beneficiaire ? { idBeneficiaire: Number(form.beneficiaire) } : {}),
    // This form changes where reimbursements go; contributions, only by a signed SEPA mandate.
    usage: 'PRESTATIONS' as const,
    ...compteEnvoye(form),
  };
}

/** RFC 5321: an address holds at most 254 characters, as the member API checks. */
const emailMax = 254;

/** Where the alerts go: the contact email, or another address typed. */
const destinataires = ['contact', 'autre'] as const;

interface EmailAlertes {
  destinataire: (typeof destinataires)[number];
  emailAlertes: string;
}

/** What is wrong with the address typed, when the alerts go to another one. */
function emailAlertesIssue({ destinataire, emailAlertes }: EmailAlertes): MessageKey | null {
  if (destinataire !== 'autre') return null;
  const email = emailAlertes.trim();
  if (email === '') return 'compte.preferences.erreur.email';
  if (email.length > emailMax) return 'compte.preferences.erreur.emailLongueur';
  return z.email().safeParse(email).success ? null : 'compte.preferences.erreur.emailInvalide';
}

/**
 * « Mes préférences »: the three alerts, « zéro papier », and where the alerts go. The
 * address typed is checked only when the alerts go there: one left in the field after
 * choosing the contact email again is not sent.
 */
export const preferencesSchema = z
  .object({
    remboursement: z.boolean(),
    demande: z.boolean(),
    document: z.boolean(),
    zeroPapier: z.boolean(),
    destinataire: z.enum(destinataires),
    emailAlertes: z.string(),
  })
  .superRefine((values, context) => {
    const issue = emailAlertesIssue(values);
    if (issue) context.addIssue({ code: 'custom', path: ['emailAlertes'], message: t(issue, { max: emailMax }) });
  });

export type PreferencesForm = z.infer<typeof preferencesSchema>;

/** The form as the saved choices fill it: another address shown only when there is one. */
export function preferencesForm(preferences: Preferences): PreferencesForm {
  return {
    ...preferences.alertes,
    zeroPapier: preferences.zeroPapier,
    destinataire: preferences.emailAlertes === null ? 'contact' : 'autre',
    emailAlertes: preferences.emailAlertes ?? '',
  };
}

/** The member API's body: no address when the alerts go to the contact email. */
export function nouvellesPreferences(form: PreferencesForm): NouvellesPreferences {
  return {
    alertes: { remboursement: form.remboursement, demande: form.demande, document: form.document },
    zeroPapier: form.zeroPapier,
    emailAlertes: form.destinataire === 'autre' ? form.emailAlertes.trim() : null,
  };
}
