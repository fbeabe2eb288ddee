import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '@/lib/format-date';
import { anEtablissement } from '@/test/fixtures';
import {
  creationDevis,
  creationGed,
  creationHospitalisation,
  creationReclamation,
  type DetailsValues,
  emptyDetails,
  parseMontant,
} from './demande-details';
import { detailsSchema } from './demande-schemas';
import type { LigneDevisValues } from './devis-lignes';
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

describe('an invoice', () => {
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
});

describe('a quote', () => {
  const type = 'ENVOI_DE_DEVIS';
  const couronne: LigneDevisValues = {
    soin: 'DENTAIRE_COURONNE',
    centPourCentSante: 'non',
    prix: '650',
    quantite: '',
    code: 'HBLD036',
  };

  /** Every message of the rules, by the path of its field (`lignes.1.prix`). */
  function issuesOf(lignes: LigneDevisValues[], beneficiaire = '2') {
    const result = detailsSchema(type).safeParse({ ...emptyDetails, beneficiaire, lignes });
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('needs the person, and takes lines the member API takes', () => {
    expect(issuesOf([couronne], '')).toEqual({ beneficiaire: 'Choisissez la personne concernée.' });
    expect(issuesOf([couronne, { ...couronne, centPourCentSante: 'oui', prix: '1 250,50', code: '' }])).toEqual({});
  });

  it.each([
    ['its care', { soin: '' }, 'soin', 'Choisissez le soin de la ligne 2.'],
    [
      'whether it is 100 % Santé, for care that has a basket',
      { centPourCentSante: '' },
      'centPourCentSante',
      'Indiquez si l’équipement de la ligne 2 est un équipement 100 % Santé.',
    ],
    ['its price', { prix: ' ' }, 'prix', 'Indiquez le prix de la ligne 2, en euros.'],
    ['a price in euros', { prix: '650 €' }, 'prix', 'Écrivez le prix de la ligne 2 en euros, par exemple 450 ou 1 250,50.'],
    ['a price to the cent', { prix: '650,125' }, 'prix', 'Le prix de la ligne 2 compte au plus deux chiffres après la virgule.'],
    ['a price above 0 €', { prix: '0,00' }, 'prix', 'Le prix de la ligne 2 doit être supérieur à 0 €.'],
    ['a price up to 100 000 €', { prix: '100 000,01' }, 'prix', 'Le prix de la ligne 2 ne peut pas dépasser 100 000 €.'],
    [
      'one ear or both, for hearing aids',
      { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', quantite: '3' },
      'quantite',
      'Choisissez une oreille ou les deux pour la ligne 2.',
    ],
    ['a code of CCAM or LPP’s form', { code: 'HBLD36' }, 'code', 'Le code de la ligne 2 n’a pas la forme d’un code CCAM ou LPP.'],
  ])('wants %s, naming the line', (_, change: Partial<LigneDevisValues>, field, message) => {
    expect(issuesOf([couronne, { ...couronne, ...change }])).toEqual({ [`lignes.1.${field}`]: message });
  });

  it('asks the basket only of care that has one, and the ears only of hearing aids', () => {
    expect(issuesOf([{ ...couronne, soin: 'DENTAIRE_IMPLANT', centPourCentSante: '' }])).toEqual({});
    expect(issuesOf([{ ...couronne, soin: 'HOSPITALISATION_CHAMBRE_PARTICULIERE', quantite: '' }])).toEqual({});
    expect(issuesOf([{ ...couronne, soin: 'AUDIOLOGIE_AIDE_AUDITIVE', quantite: '2' }])).toEqual({});
  });

  it('takes a code of either form, typed in lower case or with spaces, or none', () => {
    for (const code of ['hbld036', 'HBLD 036', '2400452', '  ']) {
      expect(issuesOf([{ ...couronne, code }]), code).toEqual({});
    }
    for (const code of ['HBL0036', '240045', '24004521', 'HBLD-036']) {
      expect(issuesOf([{ ...couronne, code }]), code).toHaveProperty('lignes.0.code');
    }
  });

  it('counts one line to twelve', () => {
    expect(issuesOf([])).toEqual({ lignes: 'Un devis compte au moins une ligne.' });
    expect(issuesOf(Array.from({ length: 12 }, () => couronne))).toEqual({});
    expect(issuesOf(Array.from({ length: 13 }, () => couronne))).toEqual({ lignes: 'Un devis compte au plus 12 lignes.' });
  });

  it('sends its lines in order: the basket where the care has one, the ears of hearing aids only, the code or null', () => {
    const values = {
      ...emptyDetails,
      beneficiaire: '2',
      commentaire: ' Pour Emma. ',
      lignes: [
        { ...couronne, code: ' hbld 036 ' },
        { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: 'oui', prix: '950,5', quantite: '2', code: '' },
        // A basket answered before the care changed to one without; ears typed for another care.
        { soin: 'DENTAIRE_IMPLANT', centPourCentSante: 'oui', prix: '1 200', quantite: '2', code: '2400452' },
      ],
    };

    expect(creationDevis(values, [12])).toStrictEqual({
      idBeneficiaire: 2,
      lignes: [
        { soin: 'DENTAIRE_COURONNE', centPourCentSante: false, prix: 650, code: 'HBLD036' },
        { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: true, prix: 950.5, quantite: 2, code: null },
        { soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 1200, code: '2400452' },
      ],
      commentaire: 'Pour Emma.',
      idDocuments: [12],
    });
  });

  it('goes to its own call, not to the GED’s', () => {
    expect(() => creationGed(type, { ...emptyDetails, beneficiaire: '2' }, [12])).toThrow();
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
