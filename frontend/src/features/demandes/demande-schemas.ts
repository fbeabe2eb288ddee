import { z } from 'zod';
import type { TypeDemande } from '@/entities/demandes/types-demande';
import { type MessageKey, t } from '@/i18n/t';
import { message } from '@/i18n/form-message';
import { parisIsoDate, parseIsoDate, toIsoDate } from '@/lib/format-date';
import { frenchInteger } from '@/lib/french-number';
import type { EtablissementSante } from './api/get-etablissements';
import { type FormKind, formKind } from './creation-choices';
import {
  commentaireMax,
  type DetailsValues,
  objetMax,
  parseMontant,
  reclamationMax,
} from './demande-details';
import { type LigneDevisValues, lignesIssues } from './devis-lignes';
import { isMotifReclamation } from './reclamation-labels';

/**
 * Step 2's rules, checked in the browser before anything is sent, each with the French
 * message shown next to its field. The member API checks them again; its own message is
 * shown when it refuses all the same.
 */

function isPastOrToday(value: string): boolean {
  const date = parseIsoDate(value);
  return date !== null && toIsoDate(date) <= toIsoDate(new Date());
}

/**
 * Today or later, in Paris: the member API counts a stay's days as the mutual does. A date it
 * cannot read has its own message.
 */
function isTodayOrLater(value: string): boolean {
  return parseIsoDate(value) === null || value >= parisIsoDate(new Date());
}

const texte = z
  .string()
  .trim()
  .max(commentaireMax, message('creation.erreur.texteLongueur', { max: frenchInteger(commentaireMax) }));
const libre = z.string();

const ligne: z.ZodType<LigneDevisValues, LigneDevisValues> = z.object({
  soin: libre,
  centPourCentSante: libre,
  prix: libre,
  quantite: libre,
  code: libre,
});

const base = z.object({
  beneficiaire: libre,
  dateSoins: libre,
  montant: libre,
  commentaire: texte,
  etablissement: z.custom<EtablissementSante | null>(),
  dateEntree: libre,
  dateSortie: libre,
  typeHospitalisation: libre,
  chambreParticuliere: z.boolean(),
  motif: libre,
  objet: libre,
  numeroContrat: libre,
  paymentId: libre,
  lignes: z.array(ligne),
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
  devis: base.extend({
    beneficiaire,
    // On the list rather than on the form, so that the lines' messages show with the person's.
    lignes: z.array(ligne).superRefine((lignes, context) => {
      for (const { path, message } of lignesIssues(lignes)) context.addIssue({ code: 'custom', path, message });
    }),
  }),
  justificatif: base.extend({ beneficiaire }),
  question: base.extend({
    commentaire: texte.min(1, message('creation.erreur.question')),
  }),
  hospitalisation: base
    .extend({
      beneficiaire,
      // Chosen in the directory's list (its FINESS and SIREN with it), never typed.
      etablissement: z
        .custom<EtablissementSante | null>()
        .refine((etablissement) => etablissement !== null, message('creation.erreur.etablissement')),
      dateEntree: dateRequise('creation.erreur.dateEntree').refine(
        isTodayOrLater,
        message('creation.erreur.dateEntreePassee'),
      ),
      dateSortie: z
        .string()
        .refine((value) => value === '' || parseIsoDate(value) !== null, message('creation.erreur.dateInvalide')),
      typeHospitalisation: z.string().min(1, message('creation.erreur.typeHospitalisation')),
    })
    // The exit against the entry, once both are dates; without an exit the mutual studies the
    // request rather than deciding at once, which the form allows.
    .superRefine(({ dateEntree, dateSortie, typeHospitalisation }, context) => {
      if (parseIsoDate(dateEntree) === null || parseIsoDate(dateSortie) === null) return;
      if (dateSortie < dateEntree) {
        context.addIssue({ code: 'custom', path: ['dateSortie'], message: t('creation.erreur.dateSortie') });
      } else if (typeHospitalisation === 'AMBULATOIRE' && dateSortie !== dateEntree) {
        context.addIssue({ code: 'custom', path: ['dateSortie'], message: t('creation.erreur.ambulatoire') });
      }
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

