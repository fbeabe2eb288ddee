import { z } from 'zod';
import { droitsProposes } from '@/entities/delegation/droits';
import type { KeptForm } from '@/hooks/kept-across-sign-in';
import { type MessageKey, type MessageParams, t } from '@/i18n/t';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { NouvelleDelegation } from './api/post-delegation';

/**
 * « Inviter une personne »: the rules of a delegation the member API applies, previewed in the
 * browser so that most mistakes are told before sending. The member API decides, on the mutual's
 * day rather than the browser's: its refusal, when it comes all the same, is shown as it says it.
 */

/** What the member types: the address, one box per right, the last day (`YYYY-MM-DD`). */
export interface InvitationValues {
  courriel: string;
  REMBOURSEMENTS: boolean;
  ATTESTATIONS: boolean;
  DEMANDES: boolean;
  fin: string;
}

/** RFC 5321: an address holds at most 254 characters, as the member API checks. */
const courrielMax = 254;

/** The end offered at first: long enough for most needs, well within the year allowed. */
const moisParDefaut = 3;

/** The form as kept while the member signs in again, which the portal may ask before inviting. */
export const invitationGardee: KeptForm<InvitationValues> = {
  name: 'delegation',
  empty: { courriel: '', REMBOURSEMENTS: false, ATTESTATIONS: false, DEMANDES: false, fin: '' },
};

/** The days the end may be, from tomorrow to a year from `today`, and the one offered. */
export function bornesFin(today: Date): { min: string; max: string; parDefaut: string } {
  const [annee, mois, jour] = [today.getFullYear(), today.getMonth(), today.getDate()];
  return {
    min: toIsoDate(new Date(annee, mois, jour + 1)),
    max: toIsoDate(new Date(annee + 1, mois, jour)),
    parDefaut: toIsoDate(new Date(annee, mois + moisParDefaut, jour)),
  };
}

/** A new form on `today`: no right chosen for the member, the end offered. */
export function nouvelleInvitation(today: Date): InvitationValues {
  return { ...invitationGardee.empty, fin: bornesFin(today).parDefaut };
}

function courrielIssue(courriel: string): MessageKey | null {
  if (courriel === '') return 'compte.proches.erreur.courriel';
  if (courriel.length > courrielMax) return 'compte.proches.erreur.courrielLongueur';
  return z.email().safeParse(courriel).success ? null : 'compte.proches.erreur.courrielInvalide';
}

function finIssue(fin: string, today: Date): MessageKey | null {
  const { min, max } = bornesFin(today);
  if (parseIsoDate(fin) === null) return 'compte.proches.erreur.fin';
  if (fin < min) return 'compte.proches.erreur.finPassee';
  return fin > max ? 'compte.proches.erreur.finTropLoin' : null;
}

/** The form's rules on `today` (the browser's day). */
export function invitationSchema(today: Date) {
  return z
    .object({
      courriel: z.string(),
      REMBOURSEMENTS: z.boolean(),
      ATTESTATIONS: z.boolean(),
      DEMANDES: z.boolean(),
      fin: z.string(),
    })
    .superRefine((values, context) => {
      const erreur = (path: keyof InvitationValues, key: MessageKey, params?: MessageParams) => {
        context.addIssue({ code: 'custom', path: [path], message: t(key, params) });
      };
      const courriel = courrielIssue(values.courriel.trim());
      if (courriel) erreur('courriel', courriel, { max: courrielMax });
      // Said of the group of boxes, and held by its first one, which the form then focuses.
      if (!droitsProposes.some((droit) => values[droit])) erreur('REMBOURSEMENTS', 'compte.proches.erreur.droits');
      const fin = finIssue(values.fin, today);
      if (fin) erreur('fin', fin);
    });
}

/** The member API's body from what the member typed. */
export function nouvelleDelegation(values: InvitationValues): NouvelleDelegation {
  return {
    courriel: values.courriel.trim(),
    droits: droitsProposes.filter((droit) => values[droit]),
    fin: values.fin,
  };
}
