import luhn from 'fast-luhn';
import { z } from 'zod';
import type { Estimation } from '@/api/post-estimation';
import { t } from '@/i18n/t';
import type { TypeDemande } from '@/lib/demande-labels';
import { estimationMetadata } from '@/lib/estimation-record';
import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import type { CreationGed, CreationHospitalisation, CreationReclamation } from './api/post-demande';
import { type FormKind, formKind } from './creation-choices';
import {
  concerneUnContrat,
  concerneUnPaiement,
  isMotifReclamation,
  type MotifReclamation,
} from './reclamation-labels';

/**
 * Step 2's rules, checked in the browser before anything is sent, each with the French
 * message shown next to its field. The member API checks them again; its own message is
 * shown when it refuses all the same.
 */

/** Every field any kind of request may have; each kind checks its own and ignores the rest. */
export interface DetailsValues {
  /** A beneficiary's id, '' for none chosen. */
  beneficiaire: string;
  /** YYYY-MM-DD, as a date input gives it. */
  dateSoins: string;
  /** Euros as the member types them: "45,50", "1 234.5". */
  montant: string;
  commentaire: string;
  etablissement: string;
  siren: string;
  dateEntree: string;
  dateSortie: string;
  typeHospitalisation: string;
  chambreParticuliere: boolean;
  /** A complaint's `MotifReclamation`, '' for none chosen. */
  motif: string;
  /** A complaint's subject line. */
  objet: string;
  /** The contract a complaint concerns, '' for none. */
  numeroContrat: string;
  /** The payment a complaint concerns, '' for none. */
  paymentId: string;
}

export const emptyDetails: DetailsValues = {
  beneficiaire: '',
  dateSoins: '',
  montant: '',
  commentaire: '',
  etablissement: '',
  siren: '',
  dateEntree: '',
  dateSortie: '',
  typeHospitalisation: '',
  chambreParticuliere: false,
  motif: '',
  objet: '',
  numeroContrat: '',
  paymentId: '',
};

export type TypeHospitalisation = MemberApi<'TypeHospitalisation'>;

export const typesHospitalisation: readonly TypeHospitalisation[] = [
  'MEDECINE',
  'CHIRURGIE',
  'MATERNITE',
  'AMBULATOIRE',
  'PSYCHIATRIE',
  'SOINS_DE_SUITE',
];

/** The member API's limit on a request's text. */
export const commentaireMax = 2000;

/** The member API's limits on a complaint's subject and text (`CreationReclamation`). */
export const objetMax = 120;
export const reclamationMax = 4000;

/** The member API's limit on a hospital's name. */
const etablissementMax = 100;

/** A SIREN: 9 digits whose last is a Luhn check digit; spaces, as printed, are accepted. */
export function isSiren(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) && luhn(digits);
}

/** Euros typed with a comma or a point, spaces between thousands; `null` when unreadable. */
export function parseMontant(value: string): number | null {
  const compact = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d{1,7}(\.\d{1,2})?$/.test(compact) ? Number(compact) : null;
}

function isPastOrToday(value: string): boolean {
  const date = parseIsoDate(value);
  return date !== null && toIsoDate(date) <= toIsoDate(new Date());
}

const texte = z
  .string()
  .trim()
  .max(commentaireMax, t('creation.erreur.texteLongueur', { max: commentaireMax }));
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

const beneficiaire = z.string().min(1, t('creation.erreur.beneficiaire'));

function dateRequise(missing: string) {
  return z
    .string()
    .min(1, missing)
    .refine((value) => parseIsoDate(value) !== null, t('creation.erreur.dateInvalide'));
}

const schemas: Record<FormKind, z.ZodType<DetailsValues, DetailsValues>> = {
  soins: base.extend({
    beneficiaire,
    dateSoins: dateRequise(t('creation.erreur.dateSoins')).refine(
      isPastOrToday,
      t('creation.erreur.dateSoinsFuture'),
    ),
    montant: z
      .string()
      .min(1, t('creation.erreur.montant'))
      .refine((value) => parseMontant(value) !== null, t('creation.erreur.montantFormat'))
      .refine((value) => (parseMontant(value) ?? 1) > 0, t('creation.erreur.montantPositif')),
  }),
  justificatif: base.extend({ beneficiaire }),
  question: base.extend({
    commentaire: texte.min(1, t('creation.erreur.question')),
  }),
  hospitalisation: base
    .extend({
      beneficiaire,
      etablissement: z
        .string()
        .trim()
        .min(1, t('creation.erreur.etablissement'))
        .max(etablissementMax, t('creation.erreur.etablissementLongueur', { max: etablissementMax })),
      siren: z
        .string()
        .refine((value) => /^\d{9}$/.test(value.replace(/\s/g, '')), t('creation.erreur.siren'))
        .refine(
          (value) => !/^\d{9}$/.test(value.replace(/\s/g, '')) || isSiren(value),
          t('creation.erreur.sirenCle'),
        ),
      dateEntree: dateRequise(t('creation.erreur.dateEntree')),
      typeHospitalisation: z.string().min(1, t('creation.erreur.typeHospitalisation')),
    })
    .refine(
      ({ dateEntree, dateSortie }) => dateSortie === '' || dateSortie >= dateEntree,
      { message: t('creation.erreur.dateSortie'), path: ['dateSortie'] },
    )
    .refine(({ dateSortie }) => dateSortie === '' || parseIsoDate(dateSortie) !== null, {
      message: t('creation.erreur.dateInvalide'),
      path: ['dateSortie'],
    }),
  reclamation: base
    .extend({
      motif: z.string().refine(isMotifReclamation, t('creation.erreur.motifReclamation')),
      objet: z
        .string()
        .trim()
        .min(1, t('creation.erreur.objet'))
        .max(objetMax, t('creation.erreur.objetLongueur', { max: objetMax })),
      commentaire: z
        .string()
        .trim()
        .min(1, t('creation.erreur.reclamation'))
        .max(reclamationMax, t('creation.erreur.texteLongueur', { max: reclamationMax })),
    })
    // The member API takes at most one; the form offers the one the motif calls for.
    .refine(({ numeroContrat, paymentId }) => numeroContrat === '' || paymentId === '', {
      message: t('creation.erreur.contratOuPaiement'),
      path: ['paymentId'],
    }),
};

export function detailsSchema(type: TypeDemande): z.ZodType<DetailsValues, DetailsValues> {
  return schemas[formKind(type)];
}

function idBeneficiaire(values: DetailsValues) {
  return values.beneficiaire === '' ? {} : { idBeneficiaire: Number(values.beneficiaire) };
}

function commentaire(values: DetailsValues) {
  const text = values.commentaire.trim();
  return text === '' ? {} : { commentaire: text };
}

/**
 * `{postCreationDocumentDto, metadata}`: the date and amount of care go to the GED's index,
 * and with a quote the estimate the member was given (`estimationSoin`,
 * `estimationMutuelle`, `estimationResteACharge`…), so that the mutual reads what they read.
 */
export function creationGed(
  type: TypeDemande,
  values: DetailsValues,
  idDocuments: number[],
  estimation: Estimation | null = null,
): CreationGed {
  const kind = formKind(type);
  const montant = parseMontant(values.montant);
  return {
    postCreationDocumentDto: {
      type,
      ...commentaire(values),
      ...idBeneficiaire(values),
      idDocuments,
    },
    ...(kind === 'soins' && montant !== null
      ? {
          metadata: {
            dateSoins: values.dateSoins,
            montant: montant.toFixed(2),
            ...(type === 'ENVOI_DE_DEVIS' && estimation ? estimationMetadata(estimation) : {}),
          },
        }
      : {}),
  };
}

/** `{postCreationDocumentHospitalisationDto, siren}`. */
export function creationHospitalisation(
  values: DetailsValues,
  idDocuments: number[],
): CreationHospitalisation {
  return {
    postCreationDocumentHospitalisationDto: {
      idBeneficiaire: Number(values.beneficiaire),
      etablissement: values.etablissement.trim(),
      dateEntree: values.dateEntree,
      ...(values.dateSortie === '' ? {} : { dateSortie: values.dateSortie }),
      typeHospitalisation: values.typeHospitalisation as TypeHospitalisation,
      chambreParticuliere: values.chambreParticuliere,
      ...commentaire(values),
      idDocuments,
    },
    siren: values.siren.replace(/\s/g, ''),
  };
}

/**
 * `CreationReclamation`: the contract or the payment only where the motif calls for it, so
 * that one chosen before the motif changed is not sent along unseen.
 */
export function creationReclamation(values: DetailsValues, idDocuments: number[]): CreationReclamation {
  const motif = values.motif as MotifReclamation;
  return {
    motif,
    objet: values.objet.trim(),
    commentaire: values.commentaire.trim(),
    ...(concerneUnContrat(motif) && values.numeroContrat !== '' ? { numeroContrat: values.numeroContrat } : {}),
    ...(concerneUnPaiement(motif) && values.paymentId !== '' ? { paymentId: values.paymentId } : {}),
    idDocuments,
  };
}
