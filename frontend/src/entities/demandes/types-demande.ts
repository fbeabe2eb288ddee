import type { MemberApi } from '@/types/member-api';

/**
 * The request types and their codes (docs/product/limits.md#request-type-codes), which only the
 * requests' pages need: apart from their labels (`demande-labels.ts`), which the home shows with
 * its first script.
 */

/**
 * The request type codes (docs/product/limits.md#request-type-codes), each with a label in the
 * catalogue.
 */
export const demandeTypeCodes = [
  'MAJD',
  'PRT',
  'MAJV',
  'JSCO',
  'RIB',
  'QUE',
  'QUC',
  'DEN',
  'HOS',
  'MED',
  'OPT',
  'AUT',
  'DEV',
  'PEH',
  'RAD',
  'REC',
  'SNR',
  'ABE',
] as const;

/** A request type of the member API (`TypeDemande`). */
export type TypeDemande = MemberApi<'TypeDemande'>;

/**
 * Each request type and its code (docs/product/limits.md#request-type-codes). The member API sets
 * `TypeCode` itself; the portal needs the table to label a type before the request exists (the
 * creation's summary) and to keep the labels of both in one catalogue.
 */
const codeParType: Record<TypeDemande, (typeof demandeTypeCodes)[number]> = {
  JUSTIFICATIF_DE_DOMICILE: 'MAJD',
  ATTESTATION_FRANCE_TRAVAIL: 'PRT',
  ATTESTATION_VITALE: 'MAJV',
  JUSTIFICATIF_DE_SCOLARITÉ: 'JSCO',
  MANDAT_SEPA: 'RIB',
  MISE_A_JOUR_RIB: 'RIB',
  RIB: 'RIB',
  UNE_QUESTION_SANTÉ: 'QUE',
  UNE_QUESTION_AFFILIATION_COTISATION: 'QUC',
  DEMANDE_DE_REMBOURSEMENT_DENTAIRE: 'DEN',
  DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION: 'HOS',
  DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER: 'MED',
  DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE: 'MED',
  DEMANDE_DE_REMBOURSEMENT_OPTIQUE: 'OPT',
  DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF: 'AUT',
  ENVOI_DE_DEVIS: 'DEV',
  PRISE_EN_CHARGE_HOSPITALIERE: 'PEH',
  DEMANDE_DE_RESILIATION: 'RAD',
  // The complaint (ACPR 2022-R-01) came later, with its own call
  // (docs/product/limits.md#request-type-codes).
  RECLAMATION: 'REC',
  // « Je ne reconnais pas ce soin », sent from a line of a payment with its own call.
  SOIN_NON_RECONNU: 'SNR',
  // A spouse, a child or a newborn to cover, asked from « Mes informations personnelles ».
  AJOUT_BENEFICIAIRE: 'ABE',
};

export const typesDemande = Object.keys(codeParType) as TypeDemande[];

export function isTypeDemande(value: string | null): value is TypeDemande {
  return value !== null && Object.hasOwn(codeParType, value);
}

/**
 * The code of a request type; any other value has the empty code
 * (docs/product/limits.md#request-type-codes).
 */
export function demandeTypeCode(type: string): string {
  return isTypeDemande(type) ? codeParType[type] : '';
}
