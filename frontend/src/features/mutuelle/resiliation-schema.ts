import { z } from 'zod';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { CreationResiliation } from './api/post-resiliation';
import type { MotifResiliation } from './resiliation-rules';

/** The termination form's rules, each with the French message shown next to its field. */
export const resiliationSchema = z
  .object({
    nom: z.string().trim().min(1, 'Indiquez votre nom.').max(100, 'Votre nom compte au plus 100 caractères.'),
    prenom: z
      .string()
      .trim()
      .min(1, 'Indiquez votre prénom.')
      .max(100, 'Votre prénom compte au plus 100 caractères.'),
    numeroAdherent: z
      .string()
      .trim()
      .min(1, 'Indiquez votre numéro d’adhérent.')
      .max(20, 'Votre numéro d’adhérent compte au plus 20 caractères.'),
    email: z.string().trim().pipe(z.email('Indiquez une adresse électronique valide, par exemple nom@exemple.fr.')),
    numeroContrat: z.string().min(1, 'Choisissez le contrat à résilier.'),
    motif: z.string().min(1, 'Choisissez le motif de la résiliation.'),
    precision: z.string().trim().max(2000, 'Votre précision compte au plus 2000 caractères.'),
    dateEvenement: z
      .string()
      .min(1, 'Indiquez la date de l’événement.')
      .refine((value) => parseIsoDate(value) !== null, 'Indiquez une date valide, au format jj/mm/aaaa.'),
  })
  .refine(({ motif, precision }) => motif !== 'AUTRE' || precision.trim() !== '', {
    message: 'Précisez le motif de votre résiliation.',
    path: ['precision'],
  });

export type ResiliationForm = z.infer<typeof resiliationSchema>;

/** The member API's body, once the form is checked and the end date computed. */
export function creationResiliation(form: ResiliationForm, dateEffet: Date): CreationResiliation {
  return {
    numeroContrat: form.numeroContrat,
    dateEffet: toIsoDate(dateEffet),
    motif: form.motif as MotifResiliation,
    dateEvenement: form.dateEvenement,
    nom: form.nom.trim(),
    prenom: form.prenom.trim(),
    numeroAdherent: form.numeroAdherent.trim(),
    email: form.email.trim(),
    ...(form.motif === 'AUTRE' ? { commentaire: form.precision.trim() } : {}),
  };
}
