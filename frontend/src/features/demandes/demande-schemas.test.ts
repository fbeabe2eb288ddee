import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '@/lib/format-date';
import { anEstimation, anEtablissement } from '@/test/fixtures';
import {
  creationGed,
  creationHospitalisation,
  creationReclamation,
  type DetailsValues,
  emptyDetails,
  parseMontant,
} from './demande-details';
import { detailsSchema } from './demande-schemas';
import creationTexts from '@/i18n/fr/creation.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(creationTexts);

function errorsOf(type: Parameters<typeof detailsSchema>[0], values: Partial<DetailsValues>) {
  const result = detailsSchema(type).safeParse({ ...emptyDetails, ...values });
  if (result.success) return {};
  // The first message of each field, the one the form shows.
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const tomorrow = toIsoDate(new Date(Date.now() + 86_400_000));

describe('an amount', () => {
  it.each([
    ['45,50', 45.5],
    ['45.5', 45.5],
    ['1 234,56', 1234.56],
    ['389', 389],
  ])('reads "%s" as %d', (typed, euros) => {
    expect(parseMontant(typed)).toBe(euros);
  });

  it.each(['', 'abc', '12,345', '-5', '1e3'])('cannot read "%s"', (typed) => {
    expect(parseMontant(typed)).toBeNull();
  });
});

describe('an invoice or a quote', () => {
  const type = 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE';

  it('needs the person, the day of care and the amount', () => {
    expect(errorsOf(type, {})).toEqual({
      beneficiaire: 'Choisissez la personne concernée.',
      dateSoins: 'Indiquez la date des soins.',
      montant: 'Indiquez le montant, en euros.',
    });
  });

  it('refuses a day of care to come and an unreadable or nil amount', () => {
    expect(errorsOf(type, { beneficiaire: '3', dateSoins: tomorrow, montant: '12 euros' })).toEqual({
      dateSoins: 'La date ne peut pas être postérieure à aujourd’hui.',
      montant: 'Indiquez le montant en euros, par exemple 45,50.',
    });
    expect(errorsOf(type, { beneficiaire: '3', dateSoins: '2026-01-10', montant: '0' })).toEqual({
      montant: 'Le montant doit être supérieur à 0 €.',
    });
  });

  it('limits the message to 2000 characters', () => {
    const values = { beneficiaire: '3', dateSoins: '2026-01-10', montant: '12', commentaire: 'a'.repeat(2001) };
    expect(errorsOf(type, values)).toEqual({ commentaire: 'Votre texte compte au plus 2\u202f000 caractères.' });
  });

  it('travels with its date and amount as the GED’s metadata', () => {
    const values = { ...emptyDetails, beneficiaire: '3', dateSoins: '2026-11-02', montant: '389,9', commentaire: ' Lunettes ' };

    expect(creationGed(type, values, [7, 8])).toEqual({
      postCreationDocumentDto: { type, commentaire: 'Lunettes', idBeneficiaire: 3, idDocuments: [7, 8] },
      metadata: { dateSoins: '2026-11-02', montant: '389.90' },
    });
  });

  it('carries a quote’s estimate in its GED index, and no other request’s', () => {
    const values = { ...emptyDetails, beneficiaire: '1', dateSoins: '2026-11-02', montant: '450' };
    const devis = creationGed('ENVOI_DE_DEVIS', values, [7], anEstimation());
    expect(devis.metadata).toMatchObject({
      dateSoins: '2026-11-02',
      montant: '450.00',
      estimationSoin: 'Lunettes : monture et verres simples',
      estimationMutuelle: '200,00\u00a0€',
      estimationResteACharge: '244,60\u00a0€',
    });
    expect(Object.keys(devis.metadata ?? {}).length).toBeLessThanOrEqual(20);
    expect(creationGed('DEMANDE_DE_REMBOURSEMENT_OPTIQUE', values, [7], anEstimation()).metadata).toEqual({
      dateSoins: '2026-11-02',
      montant: '450.00',
    });
  });
});

describe('a proof', () => {
  it('needs the person it is for, and nothing else', () => {
    expect(errorsOf('JUSTIFICATIF_DE_SCOLARITÉ', {})).toEqual({
      beneficiaire: 'Choisissez la personne concernée.',
    });
    expect(errorsOf('JUSTIFICATIF_DE_SCOLARITÉ', { beneficiaire: '4' })).toEqual({});
  });

  it('is sent without metadata', () => {
    expect(creationGed('RIB', { ...emptyDetails, beneficiaire: '1' }, [9])).toEqual({
      postCreationDocumentDto: { type: 'RIB', idBeneficiaire: 1, idDocuments: [9] },
    });
  });
});

describe('a question', () => {
  it('needs its text, not a person', () => {
    expect(errorsOf('UNE_QUESTION_SANTÉ', { commentaire: '   ' })).toEqual({
      commentaire: 'Écrivez votre question.',
    });
    expect(errorsOf('UNE_QUESTION_SANTÉ', { commentaire: 'Et l’orthodontie ?' })).toEqual({});
  });
});

describe('a hospital prior agreement', () => {
  const type = 'PRISE_EN_CHARGE_HOSPITALIERE';
  const valid = {
    beneficiaire: '2',
    etablissement: anEtablissement(),
    dateEntree: '2026-12-14',
    typeHospitalisation: 'CHIRURGIE',
  };

  beforeEach(() => {
    // Sunday 6 December 2026, 11:00 in Paris.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T10:00:00Z') });
  });

  it('needs the person, the establishment, the day of admission and the stay', () => {
    expect(errorsOf(type, {})).toEqual({
      beneficiaire: 'Choisissez la personne concernée.',
      etablissement: 'Choisissez l’établissement dans la liste.',
      dateEntree: 'Indiquez la date d’entrée.',
      typeHospitalisation: 'Choisissez le type de séjour.',
    });
    expect(errorsOf(type, valid)).toEqual({});
  });

  it('takes the establishment from the directory’s list only', () => {
    expect(errorsOf(type, { ...valid, etablissement: null })).toEqual({
      etablissement: 'Choisissez l’établissement dans la liste.',
    });
  });

  it('refuses an admission in the past, and takes today’s', () => {
    expect(errorsOf(type, { ...valid, dateEntree: '2026-12-05' })).toEqual({
      dateEntree: 'La date d’entrée ne peut pas être passée.',
    });
    expect(errorsOf(type, { ...valid, dateEntree: '2026-12-06' })).toEqual({});
  });

  it('counts today as the day in Paris, whatever the browser’s time zone', () => {
    // 00:30 on Monday 7 December in Paris, still Sunday in UTC.
    vi.setSystemTime(new Date('2026-12-06T23:30:00Z'));

    expect(errorsOf(type, { ...valid, dateEntree: '2026-12-06' })).toEqual({
      dateEntree: 'La date d’entrée ne peut pas être passée.',
    });
    expect(errorsOf(type, { ...valid, dateEntree: '2026-12-07' })).toEqual({});
  });

  it('takes no exit date, or one on or after the admission', () => {
    expect(errorsOf(type, { ...valid, dateSortie: '' })).toEqual({});
    expect(errorsOf(type, { ...valid, dateSortie: '2026-12-14' })).toEqual({});
    expect(errorsOf(type, { ...valid, dateSortie: '2026-12-17' })).toEqual({});
  });

  it('refuses a discharge before the admission', () => {
    expect(errorsOf(type, { ...valid, dateSortie: '2026-12-10' })).toEqual({
      dateSortie: 'La date de sortie ne peut pas précéder la date d’entrée.',
    });
  });

  it('keeps an outpatient stay to its day of admission', () => {
    const ambulatoire = { ...valid, typeHospitalisation: 'AMBULATOIRE' };

    expect(errorsOf(type, { ...ambulatoire, dateSortie: '2026-12-15' })).toEqual({
      dateSortie: 'En ambulatoire, l’entrée et la sortie ont lieu le même jour.',
    });
    expect(errorsOf(type, { ...ambulatoire, dateSortie: '2026-12-14' })).toEqual({});
    expect(errorsOf(type, ambulatoire)).toEqual({});
  });

  it('sends the directory’s FINESS and SIREN, and not the establishment’s name', () => {
    const values = { ...emptyDetails, ...valid, dateSortie: '2026-12-17', chambreParticuliere: true };

    expect(creationHospitalisation(values, [7])).toStrictEqual({
      postCreationDocumentHospitalisationDto: {
        idBeneficiaire: 2,
        finess: '690000018',
        dateEntree: '2026-12-14',
        dateSortie: '2026-12-17',
        typeHospitalisation: 'CHIRURGIE',
        chambreParticuliere: true,
        idDocuments: [7],
      },
      siren: '380000013',
    });
  });
});

describe('a complaint', () => {
  const type = 'RECLAMATION';
  const valid = {
    motif: 'REMBOURSEMENT',
    objet: 'Lunettes remboursées à moitié',
    commentaire: 'Le remboursement de mes lunettes ne suit pas mes garanties.',
  };

  it('needs what it concerns, its subject and its text, not a person', () => {
    expect(errorsOf(type, { objet: '  ', commentaire: ' ' })).toEqual({
      motif: 'Choisissez ce que concerne votre réclamation.',
      objet: 'Indiquez l’objet de votre réclamation.',
      commentaire: 'Écrivez votre réclamation.',
    });
    expect(errorsOf(type, valid)).toEqual({});
  });

  it('knows only the member API’s motifs', () => {
    expect(errorsOf(type, { ...valid, motif: 'REMBOURSEMENTS' })).toEqual({
      motif: 'Choisissez ce que concerne votre réclamation.',
    });
    for (const motif of ['REMBOURSEMENT', 'COTISATION', 'CONTRAT', 'SERVICE', 'AUTRE']) {
      expect(errorsOf(type, { ...valid, motif })).toEqual({});
    }
  });

  it('limits the subject to 120 characters and the text to 4000', () => {
    expect(errorsOf(type, { ...valid, objet: 'a'.repeat(120), commentaire: 'a'.repeat(4000) })).toEqual({});
    expect(errorsOf(type, { ...valid, objet: 'a'.repeat(121), commentaire: 'a'.repeat(4001) })).toEqual({
      objet: 'L’objet compte au plus 120 caractères.',
      commentaire: 'Votre texte compte au plus 4\u202f000 caractères.',
    });
  });

  it('names a contract or a payment, not both', () => {
    expect(errorsOf(type, { ...valid, numeroContrat: 'IND-004512' })).toEqual({});
    expect(errorsOf(type, { ...valid, paymentId: 'P1' })).toEqual({});
    expect(errorsOf(type, { ...valid, numeroContrat: 'IND-004512', paymentId: 'P1' })).toEqual({
      paymentId: 'Choisissez un contrat ou un paiement, pas les deux.',
    });
  });

  it('is sent trimmed, with the payment a refund complaint names', () => {
    const values = { ...emptyDetails, ...valid, objet: ' Lunettes ', commentaire: ' Trop peu. ', paymentId: 'P1' };

    expect(creationReclamation(values, [5])).toEqual({
      motif: 'REMBOURSEMENT',
      objet: 'Lunettes',
      commentaire: 'Trop peu.',
      paymentId: 'P1',
      idDocuments: [5],
    });
  });

  it('sends the contract only for contributions or the contract, the payment only for a refund', () => {
    const both = { ...emptyDetails, ...valid, numeroContrat: 'IND-004512', paymentId: 'P1' };

    expect(creationReclamation({ ...both, motif: 'COTISATION' }, [])).toEqual({
      motif: 'COTISATION',
      objet: valid.objet,
      commentaire: valid.commentaire,
      numeroContrat: 'IND-004512',
      idDocuments: [],
    });
    expect(creationReclamation({ ...both, motif: 'CONTRAT' }, []).numeroContrat).toBe('IND-004512');
    expect(creationReclamation({ ...both, motif: 'REMBOURSEMENT' }, []).numeroContrat).toBeUndefined();
    const service = creationReclamation({ ...both, motif: 'SERVICE' }, []);
    expect(service).not.toHaveProperty('numeroContrat');
    expect(service).not.toHaveProperty('paymentId');
  });
});
