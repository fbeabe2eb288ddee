import luhn from 'fast-luhn';
import { z } from 'zod';
import type { TypeDemande } from '@/entities/demandes/types-demande';
import type { MessageKey } from '@/i18n/t';
import { message } from '@/i18n/form-message';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import { frenchInteger } from '@/lib/french-number';
import { type FormKind, formKind } from './creation-choices';
import {
  commentaireMax,
  type DetailsValues,
  objetMax,
  parseMontant,
  reclamationMax,
} from './demande-details';
import { isMotifReclamation } from './reclamation-labels';

/**
 * Step 2's rules, checked in the browser before anything is sent, each with the French
 * message shown next to its field. The member API checks them again; its own message is
 * shown when it refuses all the same.
 */

/** The member API's limit on a hospital's name. */
const etablissementMax = 100;

/** A SIREN: 9 digits whose last is a Luhn check digit; spaces, as printed, are accepted. */
export function isSiren(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) && luhn(digits);
}

function isPastOrToday(value: string): boolean {
  const date = parseIsoDate(value);
  return date !== null && toIsoDate(date) <= toIsoDate(new Date());
}

const texte = z
  .string()
  .trim()
  .max(commentaireMax, message('creation.erreur.texteLongueur', { max: frenchInteger(commentaireMax) }));
const libre = z.string();

const base = z.object({
  beneficiaire: libre,
  dateSoins: libre,
  montant: libre,
  commentaire: texte,
  etablissement: libre,
  siren: libre,
  dateEntree: libre,
  dateSortie: libre,
  typeHospitalisation: libre,
  chambreParticuliere: z.boolean(),
  motif: libre,
  objet: libre,
  numeroContrat: libre,
  paymentId: libre,
});

const beneficiaire = z.string().min(1, message('creation.erreur.beneficiaire'));

function dateRequise(missing: MessageKey) {
  return z
    .string()
    .min(1, message(missing))
    .refine((value) => parseIsoDate(value) !== null, message('creation.erreur.dateInvalide'));
}

const schemas: Record<FormKind, z.ZodType<DetailsValues, DetailsValues>> = {
  soins: base.extend({
    beneficiaire,
    dateSoins: dateRequise('creation.erreur.dateSoins').refine(
      isPastOrToday,
      message('creation.erreur.dateSoinsFuture'),
    ),
    montant: z
      .string()
      .min(1, message('creation.erreur.montant'))
      .refine((value) => parseMontant(value) !== null, message('creation.erreur.montantFormat'))
      .refine((value) => (parseMontant(value) ?? 1) > 0, message('creation.erreur.montantPositif')),
  }),
  justificatif: base.extend({ beneficiaire }),
  question: base.extend({
    commentaire: texte.min(1, message('creation.erreur.question')),
  }),
  hospitalisation: base
    .extend({
      beneficiaire,
      etablissement: z
        .string()
        .trim()
        .min(1, message('creation.erreur.etablissement'))
        .max(etablissementMax, message('creation.erreur.etablissementLongueur', { max: frenchInteger(etablissementMax) })),
      siren: z
        .string()
        .refine((value) => /^\d{9}$/.test(value.replace(/\s/g, '')), message('creation.erreur.siren'))
        .refine(
          (value) => !/^\d{9}$/.test(value.replace(/\s/g, '')) || isSiren(value),
          message('creation.erreur.sirenCle'),
        ),
      dateEntree: dateRequise('creation.erreur.dateEntree'),
      typeHospitalisation: z.string().min(1, message('creation.erreur.typeHospitalisation')),
    })
    .refine(
      ({ dateEntree, dateSortie }) => dateSortie === '' || dateSortie >= dateEntree,
      { ...message('creation.erreur.dateSortie'), path: ['dateSortie'] },
    )
    .refine(({ dateSortie }) => dateSortie === '' || parseIsoDate(dateSortie) !== null, {
      ...message('creation.erreur.dateInvalide'),
      path: ['dateSortie'],
    }),
  reclamation: base
    .extend({
      motif: z.string().refine(isMotifReclamation, message('creation.erreur.motifReclamation')),
      objet: z
        .string()
        .trim()
        .min(1, message('creation.erreur.objet'))
        .max(objetMax, message('creation.erreur.objetLongueur', { max: frenchInteger(objetMax) })),
      commentaire: z
        .string()
        .trim()
        .min(1, message('creation.erreur.reclamation'))
        .max(reclamationMax, message('creation.erreur.texteLongueur', { max: frenchInteger(reclamationMax) })),
    })
    // The member API takes at most one; the form offers the one the motif calls for.
    .refine(({ numeroContrat, paymentId }) => numeroContrat === '' || paymentId === '', {
      ...message('creation.erreur.contratOuPaiement'),
      path: ['paymentId'],
    }),
};

export function detailsSchema(type: TypeDemande): z.ZodType<DetailsValues, DetailsValues> {
  return schemas[formKind(type)];
}

