import { z } from 'zod';
import { t } from '@/i18n/t';
import { parseIsoDate } from '@/lib/format-date';
import type { CreationResiliation } from './api/post-resiliation';
import type { MotifResiliation } from './resiliation-rules';

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
      .max(254, t('resiliation.erreur.emailLongueur'))
      .pipe(z.email(t('resiliation.erreur.email'))),
    numeroContrat: z.string().min(1, t('resiliation.erreur.contrat')),
    motif: z.string().min(1, t('resiliation.erreur.motif')),
    precision: z.string().trim().max(2000, t('resiliation.erreur.precisionLongueur')),
    dateEvenement: z
      .string()
      .min(1, t('resiliation.erreur.dateEvenement'))
      .refine((value) => parseIsoDate(value) !== null, t('resiliation.erreur.dateEvenementInvalide')),
  })
  .refine(({ motif, precision }) => motif !== 'AUTRE' || precision.trim() !== '', {
    message: t('resiliation.erreur.precision'),
    path: ['precision'],
  });

export type ResiliationForm = z.infer<typeof resiliationSchema>;

/** The member API's body, once the form is checked: the member's choices, nothing else. */
export function creationResiliation(form: ResiliationForm): CreationResiliation {
  return {
    numeroContrat: form.numeroContrat,
    motif: form.motif as MotifResiliation,
    dateEvenement: form.dateEvenement,
    email: form.email.trim(),
    ...(form.motif === 'AUTRE' ? { commentaire: form.precision.trim() } : {}),
  };
}
