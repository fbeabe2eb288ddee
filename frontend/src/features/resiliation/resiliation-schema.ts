import { z } from 'zod';
import { message } from '@/i18n/form-message';
import { parseIsoDate } from '@/lib/format-date';

/**
 * The termination form's rules, each with the French message shown next to its field. Only
 * what the member chooses is typed: who gives notice is the signed-in member (the member API
 * knows them from the token), and the end date is the mutual's to compute.
 */
export const resiliationSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254, message('resiliation.erreur.emailLongueur'))
      .pipe(z.email(message('resiliation.erreur.email'))),
    numeroContrat: z.string().min(1, message('resiliation.erreur.contrat')),
    motif: z.string().min(1, message('resiliation.erreur.motif')),
    precision: z.string().trim().max(2000, message('resiliation.erreur.precisionLongueur')),
    dateEvenement: z
      .string()
      .min(1, message('resiliation.erreur.dateEvenement'))
      .refine((value) => parseIsoDate(value) !== null, message('resiliation.erreur.dateEvenementInvalide')),
  })
  .refine(({ motif, precision }) => motif !== 'AUTRE' || precision.trim() !== '', {
    ...message('resiliation.erreur.precision'),
    path: ['precision'],
  });

export type ResiliationForm = z.infer<typeof resiliationSchema>;
