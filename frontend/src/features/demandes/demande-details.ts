import type { TypeDemande } from '@/entities/demandes/types-demande';
import type { MemberApi } from '@/types/member-api';
import type { EtablissementSante } from './api/get-etablissements';
import type { CreationDevis, CreationGed, CreationHospitalisation, CreationReclamation } from './api/post-demande';
import { formKind } from './creation-choices';
import { emptyLigne, ligneDevis, type LigneDevisValues } from './devis-lignes';
import { concerneUnContrat, concerneUnPaiement, type MotifReclamation } from './reclamation-labels';

/**
 * Step 2's fields, and the member API's bodies built from them. Apart from their rules
 * (`demande-schemas.ts`), which bring the forms library: the page keeps the draft, and sends
 * the request, from these alone.
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
  /** The hospital chosen in the mutual's directory, `null` for none chosen. */
  etablissement: EtablissementSante | null;
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
  /** A quote's lines, in the quote's order; one empty line to start from. */
  lignes: LigneDevisValues[];
}

export const emptyDetails: DetailsValues = {
  beneficiaire: '',
  dateSoins: '',
  montant: '',
  commentaire: '',
  etablissement: null,
  dateEntree: '',
  dateSortie: '',
  typeHospitalisation: '',
  chambreParticuliere: false,
  motif: '',
  objet: '',
  numeroContrat: '',
  paymentId: '',
  lignes: [emptyLigne],
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

/** Euros typed with a comma or a point, spaces between thousands; `null` when unreadable. */
export function parseMontant(value: string): number | null {
  const compact = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d{1,7}(\.\d{1,2})?$/.test(compact) ? Number(compact) : null;
}

function idBeneficiaire(values: DetailsValues) {
  return values.beneficiaire === '' ? {} : { idBeneficiaire: Number(values.beneficiaire) };
}

function commentaire(values: DetailsValues) {
  const text = values.commentaire.trim();
  return text === '' ? {} : { commentaire: text };
}

/** The types the GED call takes: every one but those with a call of their own. */
type TypeGed = CreationGed['postCreationDocumentDto']['type'];

function isTypeGed(type: TypeDemande): type is TypeGed {
  return ![
    // The GED call still takes a quote, as a file without an answer; the portal sends it to
    // `creationDevis`, which answers it line by line.
    'ENVOI_DE_DEVIS',
    'PRISE_EN_CHARGE_HOSPITALIERE',
    'DEMANDE_DE_RESILIATION',
    'RECLAMATION',
    'SOIN_NON_RECONNU',
    'AJOUT_BENEFICIAIRE',
  ].includes(type);
}

/** `{postCreationDocumentDto, metadata}`: the date and amount of care go to the GED's index. */
export function creationGed(type: TypeDemande, values: DetailsValues, idDocuments: number[]): CreationGed {
  // The creation page sends the others through their own calls; the contract refuses them here.
  if (!isTypeGed(type)) throw new Error(`${type} has a call of its own`);
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
          metadata: { dateSoins: values.dateSoins, montant: montant.toFixed(2) },
        }
      : {}),
  };
}

/**
 * `{postCreationDocumentHospitalisationDto, siren}`: the establishment by its FINESS and its
 * SIREN, both the directory's; its name is the directory's too, not sent.
 */
export function creationHospitalisation(
  values: DetailsValues,
  idDocuments: number[],
): CreationHospitalisation {
  const { etablissement } = values;
  // Step 2 lets no request go on without one (`demande-schemas.ts`).
  if (!etablissement) throw new Error('A hospital stay needs its establishment');
  return {
    postCreationDocumentHospitalisationDto: {
      idBeneficiaire: Number(values.beneficiaire),
      finess: etablissement.finess,
      dateEntree: values.dateEntree,
      ...(values.dateSortie === '' ? {} : { dateSortie: values.dateSortie }),
      typeHospitalisation: values.typeHospitalisation as TypeHospitalisation,
      chambreParticuliere: values.chambreParticuliere,
      ...commentaire(values),
      idDocuments,
    },
    siren: etablissement.siren,
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

/**
 * `CreationDevis`: the person and the quote's lines, in the order typed (the member API
 * answers them in that order), each as `ligneDevis` writes it; the quote itself among the
 * documents.
 */
export function creationDevis(values: DetailsValues, idDocuments: number[]): CreationDevis {
  return {
    idBeneficiaire: Number(values.beneficiaire),
    lignes: values.lignes.map(ligneDevis),
    ...commentaire(values),
    idDocuments,
  };
}
