import type { TypeDemande } from '@/entities/demandes/types-demande';
import type { MessageKey } from '@/i18n/t';

/**
 * What each kind of request asks for beyond its documents:
 * - `soins`: a care expense (an invoice): who, when, how much;
 * - `devis`: a quote the mutual answers in writing, line by line: for whom, its lines;
 * - `justificatif`: a proof to keep the member's file up to date: for whom;
 * - `question`: a message, documents optional;
 * - `hospitalisation`: a prior agreement for a stay, in an establishment of the mutual's
 *   directory;
 * - `reclamation`: a complaint: what about, its subject, the contract or payment concerned,
 *   the text; documents optional.
 */
export type FormKind = 'soins' | 'devis' | 'justificatif' | 'question' | 'hospitalisation' | 'reclamation';

export interface CreationChoice {
  type: TypeDemande;
  label: MessageKey;
  hint?: MessageKey;
}

export interface CreationGroup {
  id: string;
  label: MessageKey;
  choices: CreationChoice[];
}

/**
 * Step 1, in the member's words. Types the member API has but that are not offered here
 * (the automatic soft-medicine claim, a bare RIB) are the back office's own variants; an
 * address naming them (`?type=RIB`) still preselects them. Termination has its own page.
 */
export const creationGroups: CreationGroup[] = [
  {
    id: 'facture',
    label: 'creation.groupe.facture',
    choices: [
      {
        type: 'DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
        label: 'creation.choix.facture',
        hint: 'creation.choix.facture.hint',
      },
      { type: 'ENVOI_DE_DEVIS', label: 'creation.choix.devis', hint: 'creation.choix.devis.hint' },
    ],
  },
  {
    id: 'remboursement',
    label: 'creation.groupe.remboursement',
    choices: [
      { type: 'DEMANDE_DE_REMBOURSEMENT_DENTAIRE', label: 'creation.choix.dentaire' },
      { type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE', label: 'creation.choix.optique' },
      { type: 'DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION', label: 'creation.choix.hospitalisation' },
      {
        type: 'DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER',
        label: 'creation.choix.medecineDouce',
        hint: 'creation.choix.medecineDouce.hint',
      },
    ],
  },
  {
    id: 'priseEnCharge',
    label: 'creation.groupe.priseEnCharge',
    choices: [
      {
        type: 'PRISE_EN_CHARGE_HOSPITALIERE',
        label: 'creation.choix.priseEnCharge',
        hint: 'creation.choix.priseEnCharge.hint',
      },
    ],
  },
  {
    id: 'miseAJour',
    label: 'creation.groupe.miseAJour',
    choices: [
      { type: 'JUSTIFICATIF_DE_DOMICILE', label: 'creation.choix.domicile' },
      { type: 'MISE_A_JOUR_RIB', label: 'creation.choix.rib' },
      { type: 'MANDAT_SEPA', label: 'creation.choix.sepa' },
      { type: 'ATTESTATION_VITALE', label: 'creation.choix.vitale' },
      { type: 'ATTESTATION_FRANCE_TRAVAIL', label: 'creation.choix.franceTravail' },
      { type: 'JUSTIFICATIF_DE_SCOLARITÉ', label: 'creation.choix.scolarite' },
    ],
  },
  {
    id: 'question',
    label: 'creation.groupe.question',
    choices: [
      { type: 'UNE_QUESTION_SANTÉ', label: 'creation.choix.questionSante' },
      { type: 'UNE_QUESTION_AFFILIATION_COTISATION', label: 'creation.choix.questionAffiliation' },
    ],
  },
  {
    // Its own group, not a question: a complaint has deadlines and, when refused, a mediator
    // (ACPR 2022-R-01), and the member should be able to tell the two apart before writing.
    id: 'reclamation',
    label: 'creation.groupe.reclamation',
    choices: [
      {
        type: 'RECLAMATION',
        label: 'creation.choix.reclamation',
        hint: 'creation.choix.reclamation.hint',
      },
    ],
  },
];

const kinds: Partial<Record<TypeDemande, FormKind>> = {
  DEMANDE_DE_REMBOURSEMENT_DENTAIRE: 'soins',
  DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION: 'soins',
  DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER: 'soins',
  DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE: 'soins',
  DEMANDE_DE_REMBOURSEMENT_OPTIQUE: 'soins',
  DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF: 'soins',
  ENVOI_DE_DEVIS: 'devis',
  UNE_QUESTION_SANTÉ: 'question',
  UNE_QUESTION_AFFILIATION_COTISATION: 'question',
  PRISE_EN_CHARGE_HOSPITALIERE: 'hospitalisation',
  RECLAMATION: 'reclamation',
};

/** The form a type fills in at step 2; every type not listed is a proof. */
export function formKind(type: TypeDemande): FormKind {
  return kinds[type] ?? 'justificatif';
}

/**
 * A question may come without documents, and so may a prior agreement (the quote comes later)
 * and a complaint (its text is what matters).
 */
export function documentsRequired(type: TypeDemande): boolean {
  const kind = formKind(type);
  return kind === 'soins' || kind === 'devis' || kind === 'justificatif';
}

/**
 * What step 3 says when a required document is missing: a quote's own words, since the mutual
 * answers the quote attached (the member API refuses one without it).
 */
export function documentsMissing(type: TypeDemande): MessageKey {
  return formKind(type) === 'devis' ? 'creation.documents.requis.devis' : 'creation.documents.requis';
}

/**
 * Requests too, but each with a page of its own: the termination (the law sets its steps),
 * « Je ne reconnais pas ce soin » (sent from the line of a payment it is about) and a
 * beneficiary to add (from the people covered, in « Mes informations personnelles »).
 */
const typesAvecPagePropre: readonly TypeDemande[] = ['DEMANDE_DE_RESILIATION', 'SOIN_NON_RECONNU', 'AJOUT_BENEFICIAIRE'];

export function hasPageOfItsOwn(type: TypeDemande): boolean {
  return typesAvecPagePropre.includes(type);
}
