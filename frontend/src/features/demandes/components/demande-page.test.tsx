import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBrand } from '@/config/brand';
import { aContrat, aLigne, aPaiement, errorBody, signedIn } from '@/test/fixtures';
import { pageReady, renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';
import { recordSavedFiles, servePdfDocuments } from '@/test/downloads';

type Demande = MemberApi<'Demande'>;

const optique: Demande = {
  id: 12,
  DateCreation: '2026-11-17',
  TypeCode: 'OPT',
  Etat: 'EN_COURS',
  type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE',
  objet: 'Demande de remboursement optique',
  commentaire: 'Lunettes d’Emma.\nVerres progressifs.',
  dateMiseAJour: '2026-11-19',
  beneficiaire: { id: 2, prenom: 'Emma', nom: 'DUPONT' },
  documents: [
    { id: 31, nomFichier: 'facture.pdf', typeMime: 'application/pdf', taille: 48_000, dateDepot: '2026-11-17', nature: 'PIECE_JOINTE', idDemande: 12 },
    { id: 32, nomFichier: 'ordonnance.png', typeMime: 'image/png', taille: 1_258_291, dateDepot: '2026-11-17', nature: 'PIECE_JOINTE', idDemande: 12 },
  ],
  messages: [],
  metadata: { dateSoins: '2026-11-02', montant: '389.90' },
};

type Decision = MemberApi<'DecisionPriseEnCharge'>;

/** A prior agreement for Emma's stay at the Clinique du Parc, with the mutual's decision. */
function priseEnCharge(decision: Decision | null, documents: Demande['documents'] = []): Demande {
  return {
    ...optique,
    TypeCode: 'PEH',
    type: 'PRISE_EN_CHARGE_HOSPITALIERE',
    objet: 'Demande de prise en charge hospitalière',
    commentaire: null,
    documents,
    metadata: {},
    hospitalisation: {
      etablissement: 'Clinique du Parc',
      siren: '380000013',
      finess: '690000018',
      dateEntree: '2027-01-11',
      dateSortie: '2027-01-14',
      typeHospitalisation: 'CHIRURGIE',
      chambreParticuliere: true,
      decision,
    },
  };
}

const enAttente: Decision = {
  statut: 'A_L_ETUDE',
  motif: 'Sans date de sortie, votre mutuelle étudie la durée du séjour.',
  numeroAccord: null,
  echeance: '2026-12-09',
  decideeLe: null,
  jours: null,
  lignes: [],
  documentAccord: null,
};

function demandeIs(demande: Demande) {
  server.use(...signedIn(), http.get(`/api/demande/${String(demande.id)}`, () => HttpResponse.json(demande)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a request’s page', () => {
  it('shows its type, dates, state, person, care and message', async () => {
    demandeIs(optique);
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(await screen.findByRole('heading', { level: 1, name: 'Demande n° 12' })).toBeVisible();
    const details = (await screen.findByText('Remboursement optique')).closest('dl') as HTMLElement;
    const entries = within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(entries).toEqual([
      ['Type', 'Remboursement optique'],
      ['Objet', 'Demande de remboursement optique'],
      ['État', 'En cours'],
      ['Créée le', '17/11/2026'],
      ['Dernière mise à jour', '19/11/2026'],
      ['Personne concernée', 'Emma DUPONT'],
      ['Date des soins', '02/11/2026'],
      ['Montant', '389,90\u00a0€'],
      ['Votre message', 'Lunettes d’Emma.\nVerres progressifs.'],
    ]);
    await pageReady('Demande n° 12');
  });

  it('downloads each document under its own name and type, through the download modal', async () => {
    demandeIs(optique);
    const asked: string[] = [];
    server.use(
      http.get('/api/document/pdf/:id', ({ params, request }) => {
        asked.push(`${String(params.id)} ${request.headers.get('Accept') ?? ''}`);
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="ordonnance.png"' },
        });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(await screen.findByText('PDF, 47 Ko, déposé le 17/11/2026')).toBeVisible();
    expect(screen.getByText('PNG, 1,2 Mo, déposé le 17/11/2026')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger ordonnance.png' }));

    await waitFor(() => {
      expect(saved).toEqual(['ordonnance.png']);
    });
    expect(asked).toEqual(['32 image/png']);
  });

  it('says what to do when the mutual waits for documents: answer on this request, with them', async () => {
    demandeIs({ ...optique, Etat: 'EN_ATTENTE_DE_PIECES', type: 'DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER', TypeCode: 'MED' });
    await renderAppLoaded('/mutuelle/demandes/12');

    const attente = await screen.findByRole('region', { name: 'Des pièces sont attendues' });
    expect(within(attente).getByText(/ Répondez ci-dessous en joignant le document demandé\.$/)).toBeVisible();
    expect(attente).not.toHaveTextContent('nouvelle demande');
    expect(within(attente).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(within(attente).getByRole('button', { name: 'Envoyer les pièces demandées' }));

    const reponse = screen.getByRole('region', { name: 'Écrire à votre mutuelle' });
    expect(within(reponse).getByLabelText('Votre message')).toHaveFocus();
    expect(within(reponse).getByTestId('documents-input')).toBeInTheDocument();
  });

  it('shows the stay of a prior agreement', async () => {
    demandeIs(priseEnCharge(null));
    await renderAppLoaded('/mutuelle/demandes/12');

    const sejour = await screen.findByRole('region', { name: 'Séjour' });
    expect(sejour).toHaveTextContent('Clinique du Parc');
    expect(sejour).toHaveTextContent('FINESS690000018');
    expect(sejour).toHaveTextContent('SIREN380000013');
    expect(sejour).toHaveTextContent('Type de séjourChirurgie');
    expect(sejour).toHaveTextContent('Chambre particulièreOui');
    expect(screen.getByText('Aucun document n’est joint à cette demande.')).toBeVisible();
  });

  it.each([
    ['another member’s request', 403],
    ['a request that does not exist', 404],
  ])('explains %s and leads back to the list', async (_, status) => {
    server.use(
      ...signedIn(),
      http.get('/api/demande/99', () => errorBody(status, 'refus', 'Cette demande ne vous appartient pas.')),
    );
    await renderAppLoaded('/mutuelle/demandes/99');

    expect(await screen.findByText('Cette demande n’existe pas ou n’est pas la vôtre.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à mes demandes' })).toHaveAttribute('href', '/mutuelle/demandes');
  });

  it('asks nothing for an address that names no request', async () => {
    server.use(...signedIn());
    await renderAppLoaded('/mutuelle/demandes/abc');

    expect(await screen.findByText('Cette demande n’existe pas ou n’est pas la vôtre.')).toBeVisible();
  });
});

describe('the mutual’s decision on a prior agreement', () => {
  const accord = {
    id: 51,
    nomFichier: 'accord-PEC-2027-000042.pdf',
    typeMime: 'application/pdf',
    taille: 21_000,
    dateDepot: '2026-12-06',
    nature: 'DOCUMENT_MUTUELLE',
    idDemande: 12,
  } as const;
  const accordee: Decision = {
    statut: 'ACCORDEE',
    motif: null,
    numeroAccord: 'PEC-2027-000042',
    echeance: null,
    decideeLe: '2026-12-06',
    jours: 4,
    lignes: [
      {
        libelle: 'Frais de séjour',
        regle: '100 % de la base de remboursement, ticket modérateur compris',
        jours: null,
        parJour: null,
        priseEnCharge: null,
        resteACharge: null,
      },
      {
        libelle: 'Chambre particulière',
        regle: '60 € par nuit, 3 nuits',
        jours: 3,
        parJour: 60,
        priseEnCharge: 180,
        resteACharge: 45.5,
      },
    ],
    documentAccord: 51,
  };

  function decision() {
    return screen.findByRole('region', { name: /^(Prise en charge|Demande à l’étude)/ });
  }

  it('shows an agreement: its number, the days, what is covered line by line, and its PDF', async () => {
    demandeIs(priseEnCharge(accordee, [accord]));
    const asked = servePdfDocuments();
    const saved = recordSavedFiles();
    await renderAppLoaded('/mutuelle/demandes/12');

    const section = await decision();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Prise en charge accordée');
    expect(section).toHaveTextContent('N° d’accord : PEC-2027-000042');
    expect(section).toHaveTextContent('À communiquer à l’établissement : il figure sur la facture.');
    expect(section).toHaveTextContent('Durée prise en charge : 4 jours');
    expect(section).toHaveTextContent('L’accord a été envoyé à l’établissement.');
    const table = within(section).getByRole('table', { name: 'Ce que la mutuelle prend en charge' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Frais de séjour', '100 % de la base de remboursement, ticket modérateur compris', 'selon la facture', 'selon la facture'],
      ['Chambre particulière', '60 € par nuit, 3 nuits', '180,00\u00a0€', '45,50\u00a0€'],
    ]);

    await userEvent.click(within(section).getByRole('button', { name: 'Télécharger l’accord de prise en charge (PDF)' }));
    await waitFor(() => {
      expect(saved).toEqual(['accord-PEC-2027-000042.pdf']);
    });
    expect(asked).toEqual(['51 application/pdf']);
  });

  it('shows a request under study: why, and the day the mutual answers by', async () => {
    demandeIs(priseEnCharge(enAttente));
    await renderAppLoaded('/mutuelle/demandes/12');

    const section = await decision();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Demande à l’étude');
    expect(section).toHaveTextContent('Sans date de sortie, votre mutuelle étudie la durée du séjour.');
    expect(section).toHaveTextContent('Réponse au plus tard le 09/12/2026');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a refusal and why', async () => {
    demandeIs(
      priseEnCharge({
        ...enAttente,
        statut: 'REFUSEE',
        motif: 'Emma DUPONT n’est couverte par aucun contrat du 11/01/2027 au 14/01/2027.',
        echeance: null,
        decideeLe: '2026-12-06',
      }),
    );
    await renderAppLoaded('/mutuelle/demandes/12');

    const section = await decision();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Prise en charge refusée');
    expect(section).toHaveTextContent('Emma DUPONT n’est couverte par aucun contrat du 11/01/2027 au 14/01/2027.');
    expect(section).not.toHaveTextContent('N° d’accord');
  });

  it('shows nothing more for a request made before the mutual decided them', async () => {
    demandeIs(priseEnCharge(null));
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(await screen.findByRole('region', { name: 'Séjour' })).toBeVisible();
    expect(screen.queryByRole('region', { name: /^(Prise en charge|Demande à l’étude)/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/N° d’accord|Réponse au plus tard/)).not.toBeInTheDocument();
  });
});

describe('the mutual’s written answer to a quote', () => {
  const devisPdf = {
    id: 60,
    nomFichier: 'devis-cabinet-dentaire.pdf',
    typeMime: 'application/pdf',
    taille: 52_000,
    dateDepot: '2026-12-06',
    nature: 'PIECE_JOINTE',
    idDemande: 12,
  } as const;
  const reponsePdf = {
    id: 61,
    nomFichier: 'reponse-devis-2026-000012.pdf',
    typeMime: 'application/pdf',
    taille: 18_000,
    dateDepot: '2026-12-06',
    nature: 'DOCUMENT_MUTUELLE',
    idDemande: 12,
  } as const;
  /** A crown outside the basket, with its 100 % Santé equivalent and an allowance left. */
  const horsPanier: MemberApi<'ReponseLigneDevis'> = {
    soin: 'DENTAIRE_COURONNE',
    libelleSoin: 'Couronne',
    code: 'HBLD036',
    centPourCentSante: false,
    prix: 650,
    quantite: 1,
    baseSecu: 120,
    tauxSecu: 60,
    montantSecu: 72,
    montantMutuelle: 300,
    resteACharge: 278,
    plafondRestant: 700,
    depasseLimite: false,
    limite: null,
    equivalent100Sante: { limite: 500, resteACharge: 0 },
    regles: [
      'La Sécurité sociale rembourse 60 % de la base de 120,00 €.',
      'Votre garantie rembourse 250 % de la base, soit 300,00 €.',
    ],
  };
  /** A crown of the basket priced over its limit, under a guarantee without a ceiling. */
  const auDessus: MemberApi<'ReponseLigneDevis'> = {
    ...horsPanier,
    code: 'HBLD634',
    centPourCentSante: true,
    prix: 1560,
    montantMutuelle: 428,
    resteACharge: 1060,
    plafondRestant: null,
    depasseLimite: true,
    limite: 500,
    equivalent100Sante: null,
    regles: [],
  };
  const reponse: MemberApi<'ReponseDevis'> = {
    reponduLe: '2026-12-06',
    valableJusquau: '2027-03-06',
    lignes: [horsPanier, auDessus],
    totaux: { prix: 2210, montantSecu: 144, montantMutuelle: 728, resteACharge: 1338 },
    documentReponse: 61,
  };

  function devis(answer: MemberApi<'ReponseDevis'> | null = reponse): Demande {
    return {
      ...optique,
      TypeCode: 'DEV',
      type: 'ENVOI_DE_DEVIS',
      objet: 'Devis du cabinet dentaire',
      commentaire: null,
      metadata: {},
      documents: [devisPdf, reponsePdf],
      ...(answer ? { devis: answer } : {}),
    };
  }

  async function answer() {
    await renderAppLoaded('/mutuelle/demandes/12');
    return screen.findByRole('region', { name: 'Réponse à votre devis' });
  }

  /** A row's header and cells, as the member reads them. */
  function cellsOf(row: HTMLElement) {
    return Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);
  }

  /** The row a line's header is in. */
  function rowOf(section: HTMLElement, code: string) {
    return within(section).getByText(`Code ${code}`).closest('tr') as HTMLElement;
  }

  it('says when it was answered, until when it holds, and what each line costs and leaves', async () => {
    demandeIs(devis());
    const section = await answer();

    expect(section).toHaveTextContent('Répondu le 06/12/2026');
    expect(section).toHaveTextContent('Valable jusqu’au 06/03/2027');
    const table = within(section).getByRole('table', { name: 'Votre remboursement, ligne par ligne' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Soin',
      'Prix',
      'Sécurité sociale',
      'Mutuelle',
      'Reste à votre charge',
      'Reste de votre forfait',
    ]);
    expect(cellsOf(rowOf(section, 'HBLD036'))).toEqual([
      'CouronneCode HBLD036',
      '650,00\u00a0€',
      '72,00\u00a0€base 120,00\u00a0€, 60 %',
      '300,00\u00a0€',
      '278,00\u00a0€',
      '700,00\u00a0€',
    ]);
    expect(cellsOf(rowOf(section, 'HBLD634'))[0]).toBe('CouronneÉquipement 100 % SantéCode HBLD634');
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(cellsOf(total)).toEqual(['Total', '2\u202f210,00\u00a0€', '144,00\u00a0€', '728,00\u00a0€', '1\u202f338,00\u00a0€', '']);
  });

  it('shows « — » where a line’s guarantee has no allowance to run out, said as much to a screen reader', async () => {
    demandeIs(devis());
    const section = await answer();

    const reste = within(rowOf(section, 'HBLD634')).getAllByRole('cell').at(-1) ?? document.body;
    expect(reste).toHaveTextContent(/^—sans plafond$/);
    expect(within(reste).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    expect(within(reste).getByText('sans plafond')).toHaveClass('visually-hidden');
  });

  it('warns, under its line, of a price over the 100 % Santé price limit', async () => {
    demandeIs(devis());
    const section = await answer();
    const warning =
      'Prix au-dessus du prix limite de vente du 100 % Santé (500,00 €) : l’opticien, le dentiste ou l’audioprothésiste ne peut pas le facturer ainsi.';

    expect(within(section).getAllByText(warning)).toHaveLength(1);
    expect(within(section).getByText(warning).closest('tr')?.previousElementSibling).toBe(rowOf(section, 'HBLD634'));
  });

  it('gives, under its line, the 100 % Santé equivalent of a line outside the basket', async () => {
    demandeIs(devis());
    const section = await answer();
    const equivalent = 'Équivalent 100 % Santé : jusqu’à 500,00 €, reste à votre charge 0,00 €.';

    expect(within(section).getAllByText(equivalent)).toHaveLength(1);
    expect(within(section).getByText(equivalent).closest('tr')?.previousElementSibling).toBe(rowOf(section, 'HBLD036'));
  });

  it('folds each line’s calculation under « Détail du calcul », where the member API gave one', async () => {
    demandeIs(devis());
    const section = await answer();

    const resumes = within(section).getAllByText('Détail du calcul', { selector: 'summary' });
    expect(resumes).toHaveLength(1);
    const detail = resumes[0]?.closest('details') as HTMLElement;
    expect(detail).not.toHaveAttribute('open');
    expect(detail.closest('tr')?.previousElementSibling).toBe(rowOf(section, 'HBLD036'));
    expect(within(detail).getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual(horsPanier.regles);
  });

  it('downloads the answer’s PDF', async () => {
    demandeIs(devis());
    const asked: string[] = [];
    server.use(
      http.get('/api/document/pdf/:id', ({ params, request }) => {
        asked.push(`${String(params.id)} ${request.headers.get('Accept') ?? ''}`);
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const section = await answer();

    await userEvent.click(within(section).getByRole('button', { name: 'Télécharger la réponse (PDF)' }));

    await waitFor(() => {
      expect(saved).toEqual(['reponse-devis-2026-000012.pdf']);
    });
    expect(asked).toEqual(['61 application/pdf']);
  });

  it('offers no PDF the request does not have', async () => {
    demandeIs(devis({ ...reponse, documentReponse: null }));
    const section = await answer();

    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no answer on a quote sent before the mutual answered them in writing', async () => {
    demandeIs(devis(null));
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(await screen.findByText('Envoi de devis', { selector: 'dd' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Réponse à votre devis' })).not.toBeInTheDocument();
  });
});

describe('a complaint’s page', () => {
  const pendante: MemberApi<'Reclamation'> = {
    motif: 'REMBOURSEMENT',
    numeroContrat: null,
    paymentId: 'P2',
    recueLe: '2026-11-24T10:15:00+01:00',
    accuseReceptionAvant: '2026-12-05',
    reponseAvant: '2027-01-24',
    issue: null,
    reponduLe: null,
  };
  const reclamation: Demande = {
    ...optique,
    id: 43,
    TypeCode: 'REC',
    Etat: 'EN_COURS',
    type: 'RECLAMATION',
    objet: 'Lunettes remboursées à moitié',
    commentaire: 'Le remboursement ne suit pas mes garanties.',
    beneficiaire: null,
    documents: [],
    metadata: {},
    reclamation: pendante,
  };

  function complaintIs(demande: Demande) {
    demandeIs(demande);
    server.use(
      http.get('/api/assure/prestations', () =>
        HttpResponse.json([aPaiement({ paymentId: 'P2', paymentDate: '2026-11-17', beneficiaryFirstName: 'Emma', montantRembourse: 120 })]),
      ),
      http.get('/api/assure/contrats', () => HttpResponse.json([aContrat()])),
    );
  }

  function answered(issue: 'ACCEPTEE' | 'REFUSEE'): Demande {
    return {
      ...reclamation,
      Etat: 'TERMINE',
      reclamation: { ...pendante, issue, reponduLe: '2027-01-10' },
    };
  }

  it('shows when it was received, the deadlines the mutual owes, and what it concerns', async () => {
    complaintIs(reclamation);
    await renderAppLoaded('/mutuelle/demandes/43');

    const part = await screen.findByRole('region', { name: 'Votre réclamation' });
    expect(within(part).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Réclamation reçue le 24/11/2026 à 10:15',
      'Accusé de réception au plus tard le 05/12/2026',
      'Réponse au plus tard le 24/01/2027',
    ]);
    expect(part).toHaveTextContent('Elle concerneUn remboursement');
    // The page's text is matched with its spaces normalised, the no-break one before € too.
    expect(await within(part).findByText('Paiement du 17/11/2026 — Emma DUPONT — 120,00 €')).toBeVisible();
    expect(screen.getByText('Réclamation', { selector: 'dd' })).toBeVisible();
    expect(within(part).queryByText('Votre réclamation n’a pas abouti')).toBeNull();
    expect(within(part).queryByText(/médiateur/)).toBeNull();
    expect(within(part).queryByText(/acceptée/)).toBeNull();
  });

  it('names the contract concerned with its product', async () => {
    complaintIs({
      ...reclamation,
      reclamation: {
        ...pendante,
        motif: 'COTISATION',
        numeroContrat: 'IND-004512',
        paymentId: null,
      },
    });
    await renderAppLoaded('/mutuelle/demandes/43');

    const part = await screen.findByRole('region', { name: 'Votre réclamation' });
    expect(part).toHaveTextContent('Elle concerneMes cotisations');
    expect(await within(part).findByText('IND-004512 — Santé Famille Confort')).toBeVisible();
  });

  it('says when it was upheld, without the mediator', async () => {
    complaintIs(answered('ACCEPTEE'));
    await renderAppLoaded('/mutuelle/demandes/43');

    expect(await screen.findByText('Votre réclamation a été acceptée le 10/01/2027.')).toBeVisible();
    expect(screen.queryByText(/médiateur/)).toBeNull();
  });

  it('names the brand’s mediator, free of charge, when it was refused', async () => {
    complaintIs(answered('REFUSEE'));
    await renderAppLoaded('/mutuelle/demandes/43', {
      brand: {
        ...defaultBrand,
        mediateur: {
          nom: 'Médiateur de la consommation CNPM',
          adresse: ['CNPM Médiation Consommation', '27 avenue de la Libération', '42400 Saint-Chamond'],
          site: 'https://www.cnpm-mediation-consommation.eu/',
        },
      },
    });

    const refus = await screen.findByRole('region', { name: 'Votre réclamation n’a pas abouti' });
    expect(refus).toHaveTextContent('Notre réponse vous a été donnée le 10/01/2027.');
    expect(refus).toHaveTextContent(
      'Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur :',
    );
    const address = within(refus).getByText('Médiateur de la consommation CNPM').closest('address');
    expect(address).toHaveTextContent(
      'Médiateur de la consommation CNPMCNPM Médiation Consommation27 avenue de la Libération42400 Saint-Chamond',
    );
    const link = within(refus).getByRole('link', {
      name: 'Saisir le médiateur en ligne sur www.cnpm-mediation-consommation.eu (nouvel onglet)',
    });
    expect(link).toHaveAttribute('href', 'https://www.cnpm-mediation-consommation.eu/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('a care report’s page', () => {
  const signalement: Demande = {
    ...optique,
    id: 61,
    TypeCode: 'SNR',
    Etat: 'EN_COURS',
    type: 'SOIN_NON_RECONNU',
    objet: 'Signalement d’un soin non reconnu',
    commentaire: 'Je n’étais pas à Paris ce jour-là.',
    beneficiaire: null,
    documents: [
      { id: 70, nomFichier: 'reponse-mutuelle.pdf', typeMime: 'application/pdf', taille: 20_480, dateDepot: '2026-11-26', nature: 'DOCUMENT_MUTUELLE', idDemande: 61 },
    ],
    metadata: {},
    signalement: { paymentId: 'P7', idLigne: 2, motif: 'SOIN_NON_RECU' },
    messages: [
      { id: 1, auteur: 'MUTUELLE', texte: 'Nous interrogeons le cabinet.\nRéponse sous 15 jours.', envoyeLe: '2026-11-25T09:30:00+01:00', lu: true, documents: [] },
      { id: 2, auteur: 'MUTUELLE', texte: 'Le cabinet a reconnu une erreur.', envoyeLe: '2026-11-26T16:05:00+01:00', lu: true, documents: [] },
    ],
  };

  function reportIs(demande: Demande) {
    demandeIs(demande);
    server.use(
      http.get('/api/assure/prestations', () =>
        HttpResponse.json([
          aPaiement({
            paymentId: 'P7',
            paymentDate: '2026-11-17',
            montantRembourse: 9,
            detailRemboursement: [
              aLigne(),
              aLigne({ idLigne: 2, labelExternalCode: 'Séance de kinésithérapie', startDate: '2026-11-12', professionnelSante: 'M. Petit' }),
            ],
          }),
        ]),
      ),
    );
  }

  it('labels its type and says why, which payment and which care the member reported', async () => {
    reportIs(signalement);
    await renderAppLoaded('/mutuelle/demandes/61');

    const type = await screen.findByText('Type', { selector: 'dt' });
    expect(type.nextElementSibling).toHaveTextContent(/^Signalement d’un soin non reconnu$/);
    const part = screen.getByRole('region', { name: 'Le soin que vous ne reconnaissez pas' });
    expect(within(part).getByText('Je n’ai pas reçu ce soin')).toBeVisible();
    expect(await within(part).findByText('Séance de kinésithérapie, le 12/11/2026, M. Petit')).toBeVisible();
    expect(part).toHaveTextContent('Paiement concernéPaiement du 17/11/2026 — Marie DUPONT — 9,00 €');
  });

  it('names an older payment by its reference, without its care', async () => {
    reportIs({ ...signalement, signalement: { paymentId: 'P-ANCIEN', idLigne: 1, motif: 'AUTRE' } });
    await renderAppLoaded('/mutuelle/demandes/61');

    const part = await screen.findByRole('region', { name: 'Le soin que vous ne reconnaissez pas' });
    expect(within(part).getByText('Autre motif')).toBeVisible();
    expect(within(part).getByText('Paiement n° P-ANCIEN')).toBeVisible();
    expect(part).not.toHaveTextContent('Soin concerné');
  });

  it('shows the mutual’s answers, oldest first, each with its day and time in France', async () => {
    reportIs(signalement);
    await renderAppLoaded('/mutuelle/demandes/61');

    const messages = await screen.findByRole('region', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Réponse de votre mutuelle',
      'Réponse de votre mutuelle',
    ]);
    const first = within(messages).getByText(/^Nous interrogeons le cabinet\./);
    expect(items[0]).toContainElement(first);
    expect(items[0]).toHaveTextContent('Le 25/11/2026 à 09:30');
    // Its line breaks kept, as the mutual wrote it.
    expect(first.textContent).toBe('Nous interrogeons le cabinet.\nRéponse sous 15 jours.');
    expect(items[1]).toHaveTextContent('Le 26/11/2026 à 16:05Le cabinet a reconnu une erreur.');
  });

  it('labels the member’s own messages as theirs', async () => {
    reportIs({
      ...signalement,
      messages: [{ id: 3, auteur: 'ADHERENT', texte: 'Merci.', envoyeLe: '2026-11-27T08:00:00+01:00', lu: true, documents: [] }],
    });
    await renderAppLoaded('/mutuelle/demandes/61');

    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(within(messages).getByRole('heading', { level: 3, name: 'Votre message' })).toBeVisible();
  });

  it('has no messages part while nobody has written', async () => {
    reportIs({ ...signalement, messages: [] });
    await renderAppLoaded('/mutuelle/demandes/61');

    await screen.findByRole('region', { name: 'Le soin que vous ne reconnaissez pas' });
    expect(screen.queryByRole('region', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('labels the document the mutual issued', async () => {
    reportIs(signalement);
    await renderAppLoaded('/mutuelle/demandes/61');

    const button = await screen.findByRole('button', { name: 'Télécharger reponse-mutuelle.pdf' });
    expect(button.closest('li')).toHaveTextContent('Document de votre mutuelle');
  });

  it('does not label the member’s own files as the mutual’s', async () => {
    demandeIs(optique);
    await renderAppLoaded('/mutuelle/demandes/12');

    await screen.findByRole('button', { name: 'Télécharger facture.pdf' });
    expect(screen.queryByText('Document de votre mutuelle')).not.toBeInTheDocument();
  });
});

describe('a beneficiary to add, on its request’s page', () => {
  const aDeclarer = {
    lien: 'NOUVEAU_NE',
    prenom: 'Léo',
    nom: 'DUPONT',
    dateNaissance: '2026-11-02',
    dateEffetPrevue: '2026-11-02',
    decision: null,
  } as const;
  const naissance: Demande = {
    ...optique,
    id: 62,
    TypeCode: 'ABE',
    Etat: 'A_TRAITER',
    type: 'AJOUT_BENEFICIAIRE',
    objet: 'Déclaration de naissance',
    commentaire: null,
    beneficiaire: null,
    metadata: {},
    messages: [],
    ajoutBeneficiaire: aDeclarer,
  };

  function part() {
    return screen.findByRole('region', { name: 'Personne à ajouter' });
  }

  it('says who, from when they would be covered, and that the mutual is studying it', async () => {
    demandeIs(naissance);
    await renderAppLoaded('/mutuelle/demandes/62');

    const ajout = await part();
    expect(
      within(ajout)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Personne', 'Léo DUPONT'],
      ['Lien', 'Votre nouveau-né'],
      ['Date de naissance', '02/11/2026'],
      ['Couverture prévue à partir du', '02/11/2026'],
    ]);
    expect(within(ajout).getByText('La mutuelle étudie votre demande.')).toBeVisible();
    const type = screen.getByText('Type', { selector: 'dt' });
    expect(type.nextElementSibling).toHaveTextContent(/^Ajout d’un bénéficiaire$/);
  });

  it('says from when the person is covered once accepted', async () => {
    demandeIs({
      ...naissance,
      Etat: 'TERMINE',
      ajoutBeneficiaire: { ...aDeclarer, decision: { accepte: true, dateEffet: '2026-11-02', motif: null } },
    });
    await renderAppLoaded('/mutuelle/demandes/62');

    const ajout = await part();
    expect(
      within(ajout).getByText('Demande acceptée : Léo DUPONT est couvert(e) par votre contrat à partir du 02/11/2026.'),
    ).toBeVisible();
    expect(within(ajout).queryByText('Couverture prévue à partir du')).not.toBeInTheDocument();
  });

  it('says why not once refused', async () => {
    demandeIs({
      ...naissance,
      Etat: 'TERMINE',
      ajoutBeneficiaire: {
        ...aDeclarer,
        decision: { accepte: false, dateEffet: null, motif: 'L’acte de naissance est illisible.' },
      },
    });
    await renderAppLoaded('/mutuelle/demandes/62');

    expect(within(await part()).getByText('Demande refusée : L’acte de naissance est illisible.')).toBeVisible();
  });
});
