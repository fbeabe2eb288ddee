import { z } from 'zod';
import { isMotifSignalement } from '@/entities/demandes/motif-signalement';
import { message } from '@/i18n/form-message';
import { frenchInteger } from '@/lib/french-number';

/** The member API's limit on the comment, counted once trimmed. */
export const commentaireMax = 1000;

/**
 * The report's rules, each with the French message shown next to its field: a motif chosen,
 * and a comment for « Autre motif », which says nothing by itself. The member API checks them
 * again; its own message is shown when it refuses all the same.
 */
export const signalementSchema = z
  .object({
    // A plain check, not a narrowing: the form starts with no motif chosen ('').
    motif: z.string().refine((motif): boolean => isMotifSignalement(motif), message('signalement.erreur.motif')),
    commentaire: z
      .string()
      .refine(
        (commentaire) => commentaire.trim().length <= commentaireMax,
        message('signalement.erreur.commentaireLongueur', { max: frenchInteger(commentaireMax) }),
      ),
  })
  .refine(({ motif, commentaire }) => motif !== 'AUTRE' || commentaire.trim() !== '', {
    ...message('signalement.erreur.commentaire'),
    path: ['commentaire'],
  });

/** What the member says of the care: why, and in their words, which « Autre motif » needs. */
export type SignalementForm = z.infer<typeof signalementSchema>;
