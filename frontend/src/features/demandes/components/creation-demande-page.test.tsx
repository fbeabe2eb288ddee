import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type Brand, defaultBrand } from '@/config/brand';
import { altchaBrand, altchaPortal } from '@/test/altcha';
import { aBeneficiaire, anEtablissement, errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import { toIsoDate } from '@/lib/format-date';
import { readDraft } from '../demande-draft';
import type { MemberApi } from '@/types/member-api';

type Demande = MemberApi<'Demande'>;

const beneficiaires = [
  aBeneficiaire(),
  aBeneficiaire({ id: 2, lien: 'ENFANT', prenom: 'Emma', nom: 'DUPONT' }),
];

function aDemande(overrides: Partial<Demande> = {}): Demande {
  return {
    id: 41,
    DateCreation: '2026-11-23',
    TypeCode: 'OPT',
    Etat: 'A_TRAITER',
    type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE',
    objet: 'Demande de remboursement optique',
    commentaire: null,
    dateMiseAJour: '2026-11-23',
    beneficiaire: null,
    documents: [],
    messages: [],
    ...overrides,
  };
}

/** The member API as the creation uses it; what it received, for the assertions. */
function memberApi({ upload }: { upload?: Parameters<typeof http.post>[1] } = {}) {
  const received = {
    ged: [] as unknown[],
    hospitalisation: [] as unknown[],
    devis: [] as unknown[],
    /** The searches of the establishments' directory, in order. */
    recherches: [] as string[],
    uploads: 0,
    /** The `X-Captcha` header of each request created, in order. */
    captcha: [] as (string | null)[],
  };
  let nextDocument = 100;
  // The member's requests, the ones this test sends first, as the member API lists them.
  const demandes = [aDemande({ id: 3, TypeCode: 'DEV', type: 'ENVOI_DE_DEVIS' })];
  server.use(
    ...signedIn(),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json(beneficiaires)),
    http.get('/api/demandes', () => HttpResponse.json(demandes)),
    http.get('/api/assure/referentiel/etablissements', ({ request }) => {
      const recherche = new URL(request.url).searchParams.get('recherche') ?? '';
      received.recherches.push(recherche);
      return HttpResponse.json(chercher(recherche));
    }),
    http.post(
      '/api/document/upload',
      upload ??
        (() => {
          // The test environment's multipart bodies lose the files' names and contents: the
          // journeys through the real binary check those.
          received.uploads += 1;
          nextDocument += 1;
          return HttpResponse.json([aDocument(nextDocument)], { status: 201 });
        }),
    ),
    http.post('/api/document/documentGedCegedim', async ({ request }) => {
      received.ged.push(await request.json());
      received.captcha.push(request.headers.get('X-Captcha'));
      demandes.unshift(aDemande());
      return HttpResponse.json(aDemande(), { status: 201 });
    }),
    http.post('/api/document/creationDevis', async ({ request }) => {
      received.devis.push(await request.json());
      received.captcha.push(request.headers.get('X-Captcha'));
      const demande = aDemande({ id: 43, TypeCode: 'DEV', type: 'ENVOI_DE_DEVIS', objet: 'Envoi de devis' });
      demandes.unshift(demande);
      return HttpResponse.json(demande, { status: 201 });
    }),
    http.post('/api/document/creationHospitalisation', async ({ request }) => {
      received.hospitalisation.push(await request.json());
      received.captcha.push(request.headers.get('X-Captcha'));
      const demande = aDemande({ id: 42, TypeCode: 'PEH', type: 'PRISE_EN_CHARGE_HOSPITALIERE' });
      demandes.unshift(demande);
      return HttpResponse.json(demande, { status: 201 });
    }),
  );
  return received;
}

/** Lyon's establishments in the mutual's directory, by name as it lists them. */
const annuaire = [
  anEtablissement({
    finess: '690000026',
    siren: '260000021',
    nom: 'Centre hospitalier de Lyon',
    statut: 'PUBLIC',
    adresse: '3 rue de l’Hôpital',
    codePostal: '69001',
  }),
  anEtablissement(),
  anEtablissement({ finess: '690000034', siren: '380000021', nom: 'Polyclinique de Lyon', codePostal: '69008' }),
];

/** The directory's search, as the member API does it: every word in the name or the commune. */
function chercher(recherche: string) {
  const mots = recherche.toLowerCase().split(/\s+/).filter(Boolean);
  return annuaire.filter((etablissement) =>
    mots.every((mot) => `${etablissement.nom} ${etablissement.commune}`.toLowerCase().includes(mot)),
  );
}

function aDocument(id: number): MemberApi<'DocumentInfo'> {
  return { id, nomFichier: 'document.pdf', typeMime: 'application/pdf', taille: 8, dateDepot: '2026-11-23', nature: 'PIECE_JOINTE', idDemande: null };
}

function aFile(name: string, type: string, size?: number): File {
  const file = new File(['%PDF-1.4'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The sidebar's first entry. */
function accueil(): HTMLElement {
  return screen.getAllByRole('link', { name: 'Accueil' })[0] ?? document.body;
}

async function continuer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Continuer' }));
}

async function pick(...files: File[]) {
  await userEvent.upload(screen.getByTestId('documents-input'), files);
}

async function step(number: number) {
  return screen.findByRole('heading', { level: 2, name: new RegExp(`^Étape ${String(number)} sur 4`) });
}

/** A day of admission the form takes whenever the tests run (for those that keep the real clock). */
const enDixJours = toIsoDate(new Date(Date.now() + 10 * 86_400_000));

afterEach(() => {
  sessionStorage.clear();
});

describe('creating a request', () => {
  it('asks what to do first, in the member’s words', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Effectuer une demande' })).toBeVisible();
    expect(await step(1)).toHaveTextContent('Étape 1 sur 4 : Que souhaitez-vous faire ?');
    for (const group of [
      'Envoyer une facture ou un devis',
      'Demander un remboursement',
      'Prise en charge hospitalière',
      'Mettre à jour mon dossier',
      'Poser une question',
      'Une réclamation',
    ]) {
      expect(screen.getByRole('group', { name: group })).toBeVisible();
    }
    await continuer();
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez ce que vous souhaitez faire.');
  });

  it('preselects the type the address names (the home page’s invoice tile)', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF');

    expect(await screen.findByRole('radio', { name: /Une facture de soins/ })).toBeChecked();
  });

  it('goes straight to the form of a type step 1 does not offer', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=RIB');

    expect(await step(2)).toBeVisible();
    expect(screen.getByText('Coordonnées bancaires')).toBeVisible();
  });

  it.each(['DEMANDE_DE_RESILIATION', 'SOIN_NON_RECONNU', 'AJOUT_BENEFICIAIRE'])(
    'starts at step 1 when the address names %s, which has a page of its own',
    async (type) => {
      memberApi();
      await renderAppLoaded(`/mutuelle/demandes/creation?type=${type}`);

      expect(await step(1)).toBeVisible();
      expect(screen.queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    },
  );

  it('sends an optical invoice with two documents and shows it first in the list', async () => {
    const received = memberApi();
    const { router } = await renderAppLoaded('/mutuelle/demandes/creation');

    await userEvent.click(await screen.findByRole('radio', { name: 'Optique : lunettes, lentilles' }));
    await continuer();
    expect(await step(2)).toHaveFocus();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Emma DUPONT');
    await userEvent.type(screen.getByLabelText('Date des soins'), '2026-11-02');
    await userEvent.type(screen.getByLabelText('Montant payé, en euros'), '389,90');
    await continuer();

    expect(await step(3)).toHaveFocus();
    await pick(aFile('facture.pdf', 'application/pdf'), aFile('ordonnance.png', 'image/png'));
    const fichiers = screen.getByRole('region', { name: 'Fichiers joints' });
    await waitFor(() => {
      expect(within(fichiers).getAllByText('Envoyé')).toHaveLength(2);
    });
    await continuer();

    expect(await step(4)).toHaveFocus();
    expect(screen.getByText('389,90 €')).toBeVisible();
    expect(screen.getByText('Emma DUPONT')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/demandes');
    });
    expect(await screen.findByText('Votre demande n° 41 a bien été envoyée. Nous vous répondrons dans votre espace.')).toBeVisible();
    expect(within(screen.getAllByRole('row')[1] ?? document.body).getByRole('link')).toHaveTextContent('Remboursement optique');
    expect(received.uploads).toBe(2);
    expect(received.ged).toEqual([
      {
        postCreationDocumentDto: {
          type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE',
          idBeneficiaire: 2,
          idDocuments: [101, 102],
        },
        metadata: { dateSoins: '2026-11-02', montant: '389.90' },
      },
    ]);
    expect(sessionStorage.length).toBe(0);
  });

  it('sends a question with its message and no document', async () => {
    const received = memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89');
    await continuer();

    expect(screen.queryByLabelText('Personne concernée')).not.toBeInTheDocument();
    await continuer();
    expect(await screen.findByText('Écrivez votre question.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Votre question'), 'Les semelles sont-elles remboursées ?');
    await continuer();
    await continuer();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText(/a bien été envoyée/)).toBeVisible();
    expect(received.ged).toEqual([
      {
        postCreationDocumentDto: {
          type: 'UNE_QUESTION_SANTÉ',
          commentaire: 'Les semelles sont-elles remboursées ?',
          idDocuments: [],
        },
      },
    ]);
  });

  it('starts an attestation de droits for the person its address names, from the home’s NOEMIE notice', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=ATTESTATION_VITALE&beneficiaire=2');
    expect(screen.getByRole('radio', { name: 'Attestation de carte Vitale' })).toBeChecked();
    await continuer();
    expect(await screen.findByLabelText('Personne concernée')).toHaveDisplayValue('Emma DUPONT');
  });

  it('needs a document for a proof', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=ATTESTATION_VITALE');
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Marie DUPONT');
    await continuer();
    await step(3);
    await continuer();

    expect(screen.getByRole('alert')).toHaveTextContent('Joignez au moins un document à votre demande.');
    expect(await step(3)).toBeVisible();
  });

  it('shows the member API’s refusal of the request and keeps everything', async () => {
    memberApi();
    server.use(
      http.post('/api/document/documentGedCegedim', () =>
        errorBody(400, 'demande-incorrecte', 'Le document n° 101 est déjà joint à une autre demande.'),
      ),
    );
    await renderAppLoaded('/mutuelle/demandes/creation?type=JUSTIFICATIF_DE_DOMICILE');
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Marie DUPONT');
    await continuer();
    await pick(aFile('quittance.pdf', 'application/pdf'));
    await screen.findByText('Envoyé');
    await continuer();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Le document n° 101 est déjà joint à une autre demande.', { selector: 'p.notice-error' })).toBeVisible();
    expect(await step(4)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    expect(screen.getByText('quittance.pdf')).toBeVisible();
  });
});

describe('a prior agreement for a hospital stay', () => {
  beforeEach(() => {
    // Sunday 6 December 2026, 11:00 in Paris.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T10:00:00Z') });
  });

  /** Step 2 of a prior agreement for Emma; the establishment's search field. */
  async function atDetails() {
    await renderAppLoaded('/mutuelle/demandes/creation?type=PRISE_EN_CHARGE_HOSPITALIERE');
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Emma DUPONT');
    return screen.getByRole('combobox', { name: 'Établissement' });
  }

  /** The second of Lyon's three establishments, reached with the arrow keys and chosen with Enter. */
  async function chooseTheClinic(search: HTMLElement) {
    await userEvent.type(search, 'lyon');
    await screen.findByText('3 établissements trouvés');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    return screen.getByRole('group', { name: 'Établissement Clinique du Parc' });
  }

  async function stay(entree: string, sortie = '', type = 'Chirurgie') {
    await userEvent.type(screen.getByLabelText('Date d’entrée'), entree);
    if (sortie !== '') await userEvent.type(screen.getByLabelText('Date de sortie prévue (facultatif)'), sortie);
    await userEvent.selectOptions(screen.getByLabelText('Type de séjour'), type);
  }

  it('searches the mutual’s directory and takes an establishment chosen with the keyboard', async () => {
    const received = memberApi();
    const search = await atDetails();
    expect(search).toHaveAccessibleDescription('Nom, commune ou numéro FINESS');
    await userEvent.type(search, 'lyon');

    const found = await screen.findByText('3 établissements trouvés');
    expect(found).toHaveAttribute('role', 'status');
    // Asked once the member stopped typing, not for each letter.
    expect(received.recherches).toEqual(['lyon']);
    const liste = screen.getByRole('listbox', { name: 'Établissements trouvés' });
    expect(within(liste).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual([
      'Centre hospitalier de Lyon, 69001 Lyon, FINESS 690000026, public',
      'Clinique du Parc, 69003 Lyon, FINESS 690000018, privé',
      'Polyclinique de Lyon, 69008 Lyon, FINESS 690000034, privé',
    ]);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    // Enter, no answer reached yet, neither chooses nor sends the step on.
    await userEvent.keyboard('{Enter}');
    expect(search).toHaveFocus();
    expect(screen.queryByText('Indiquez la date d’entrée.')).not.toBeInTheDocument();

    // Escape closes the list; the arrows open it again and go round it, the focus in the field.
    await userEvent.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowUp}');
    expect(search).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /^Polyclinique/ }).id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const clinique = screen.getByRole('option', { name: /^Clinique du Parc,/ });
    expect(clinique).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', clinique.id);
    expect(search).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const choisi = screen.getByRole('group', { name: 'Établissement Clinique du Parc' });
    expect(choisi).toHaveFocus();
    expect(choisi).toHaveTextContent('12 boulevard Pasteur, 69003 Lyon');
    expect(choisi).toHaveTextContent('FINESS 690000018 · privé');
    expect(screen.queryByRole('combobox', { name: 'Établissement' })).not.toBeInTheDocument();
    expect(screen.queryByText('Indiquez la date d’entrée.')).not.toBeInTheDocument();
  });

  it('sends the FINESS and the SIREN of the establishment chosen, and not its name', async () => {
    const received = memberApi();
    await chooseTheClinic(await atDetails());
    await stay('2026-12-14', '2026-12-17');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Je souhaite une chambre particulière' }));
    await continuer();
    expect(await screen.findByText(/Les documents sont facultatifs pour cette demande\./)).toBeVisible();
    await continuer();

    const recap = within(await screen.findByRole('region', { name: 'Vos informations' }));
    expect(recap.getByText('Clinique du Parc')).toBeVisible();
    expect(recap.getByText('12 boulevard Pasteur, 69003 Lyon')).toBeVisible();
    expect(recap.getByText('FINESS 690000018 · privé')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText(/Votre demande n° 42 a bien été envoyée/)).toBeVisible();
    expect(received.hospitalisation).toStrictEqual([
      {
        postCreationDocumentHospitalisationDto: {
          idBeneficiaire: 2,
          finess: '690000018',
          dateEntree: '2026-12-14',
          dateSortie: '2026-12-17',
          typeHospitalisation: 'CHIRURGIE',
          chambreParticuliere: true,
          idDocuments: [],
        },
        siren: '380000013',
      },
    ]);
  });

  it('asks for an establishment chosen in the list: what is typed is no choice', async () => {
    const received = memberApi();
    const search = await atDetails();
    await userEvent.type(search, 'Clinique du Parc');
    await screen.findByText('1 établissement trouvé');
    await stay('2026-12-14');
    await continuer();

    expect(await screen.findByText('Choisissez l’établissement dans la liste.')).toBeVisible();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveFocus();
    expect(await step(2)).toBeVisible();
    expect(received.hospitalisation).toEqual([]);
  });

  it('lets the member change the establishment, from the search they typed', async () => {
    memberApi();
    const choisi = await chooseTheClinic(await atDetails());

    await userEvent.click(within(choisi).getByRole('button', { name: 'Changer d’établissement' }));

    const search = screen.getByRole('combobox', { name: 'Établissement' });
    expect(search).toHaveFocus();
    expect(search).toHaveValue('lyon');
    expect(screen.getByRole('listbox', { name: 'Établissements trouvés' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('group', { name: 'Établissement Centre hospitalier de Lyon' })).toHaveFocus();
  });

  it('asks the directory nothing before 2 characters', async () => {
    const received = memberApi();
    const search = await atDetails();
    await userEvent.type(search, 'l');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received.recherches).toEqual([]);

    await userEvent.type(search, 'y');
    await waitFor(() => {
      expect(received.recherches).toEqual(['ly']);
    });
  });

  it('says when no establishment matches', async () => {
    memberApi();
    const search = await atDetails();
    await userEvent.type(search, 'marseille');

    expect(await screen.findByText('Aucun établissement ne correspond à votre recherche.')).toHaveAttribute('role', 'status');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the answers of the latest search, never an earlier one come after them', async () => {
    const received = memberApi();
    server.use(
      http.get('/api/assure/referentiel/etablissements', async ({ request }) => {
        const recherche = new URL(request.url).searchParams.get('recherche') ?? '';
        received.recherches.push(recherche);
        // The first search answers last.
        if (recherche === 'lyon') await delay(600);
        return HttpResponse.json(chercher(recherche));
      }),
    );
    const search = await atDetails();
    await userEvent.type(search, 'lyon');
    await waitFor(() => {
      expect(received.recherches).toEqual(['lyon']);
    });
    await userEvent.clear(search);
    await userEvent.type(search, 'parc');

    expect(await screen.findByText('1 établissement trouvé')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(screen.getByText('1 établissement trouvé')).toBeVisible();
    const liste = screen.getByRole('listbox', { name: 'Établissements trouvés' });
    expect(within(liste).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual([
      'Clinique du Parc, 69003 Lyon, FINESS 690000018, privé',
    ]);
  });

  it('shows the directory’s refusal of a search, in its words', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/referentiel/etablissements', () =>
        errorBody(422, 'non-traitable', 'Saisissez de 2 à 60 caractères pour chercher un établissement.'),
      ),
    );
    const search = await atDetails();
    await userEvent.type(search, 'ly');

    await waitFor(() => {
      expect(search).toHaveAccessibleDescription(
        'Nom, commune ou numéro FINESS Saisissez de 2 à 60 caractères pour chercher un établissement.',
      );
    });
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows the member API’s refusal of the stay as it words it, and keeps everything', async () => {
    memberApi();
    server.use(
      http.post('/api/document/creationHospitalisation', () =>
        errorBody(422, 'non-traitable', 'Emma DUPONT n’est couverte par aucun contrat le 14/12/2026.'),
      ),
    );
    await chooseTheClinic(await atDetails());
    await stay('2026-12-14');
    await continuer();
    await continuer();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));

    expect(
      await screen.findByText('Emma DUPONT n’est couverte par aucun contrat le 14/12/2026.', { selector: 'p.notice-error' }),
    ).toBeVisible();
    expect(await step(4)).toBeVisible();
    expect(screen.getByText('Clinique du Parc')).toBeVisible();
  });
});

describe('the documents of a request', () => {
  async function atDocuments() {
    await renderAppLoaded('/mutuelle/demandes/creation?type=JUSTIFICATIF_DE_DOMICILE');
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Marie DUPONT');
    await continuer();
    await step(3);
  }

  it('offers drag and drop, a picker for PDF and pictures, and says the limits', async () => {
    memberApi();
    await atDocuments();

    expect(screen.getByText('PDF, JPEG ou PNG ; 5 fichiers au plus, de 10 Mo chacun.', { exact: false })).toBeVisible();
    expect(screen.getByText('Glissez vos fichiers ici, ou')).toBeVisible();
    expect(screen.getByTestId('documents-input')).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(screen.getByTestId('documents-input')).toHaveAttribute('multiple');
  });

  it('refuses a sixth file and a file over 10 Mo before sending them', async () => {
    const received = memberApi();
    await atDocuments();

    await pick(
      ...['1', '2', '3', '4', '5', '6'].map((number) => aFile(`piece-${number}.pdf`, 'application/pdf')),
    );
    expect(await screen.findByText('Vous pouvez joindre au plus 5 fichiers : « piece-6.pdf » n’a pas été ajouté.')).toBeVisible();
    await waitFor(() => {
      expect(received.uploads).toBe(5);
    });
    expect(screen.getByRole('button', { name: 'Choisir des fichiers' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Retirer piece-5.pdf' }));
    await pick(aFile('scanner.pdf', 'application/pdf', 11 * 1024 * 1024));
    expect(
      await screen.findByText('« scanner.pdf » dépasse 10 Mo : réduisez-le (une photo moins grande, un PDF compressé) puis ajoutez-le.'),
    ).toBeVisible();
    expect(received.uploads).toBe(5);
  });

  it('shows the server’s refusal of a program renamed .pdf, next to that file only', async () => {
    let calls = 0;
    memberApi({
      upload: () => {
        calls += 1;
        if (calls === 1) {
          return errorBody(
            415,
            'type-non-accepte',
            'Le fichier « facture.pdf » n’est ni un PDF, ni une image JPEG ou PNG : seuls ces formats sont acceptés.',
          );
        }
        return HttpResponse.json([aDocument(7)], { status: 201 });
      },
    });
    await atDocuments();

    await pick(aFile('facture.pdf', 'application/pdf'));
    const fichiers = screen.getByRole('region', { name: 'Fichiers joints' });
    const refused = (await within(fichiers).findByText(/« facture\.pdf » n’est ni un PDF/)).closest('li') as HTMLElement;
    expect(within(refused).queryByRole('button', { name: /Réessayer/ })).not.toBeInTheDocument();
    await pick(aFile('quittance.pdf', 'application/pdf'));
    expect(await screen.findByText('Envoyé')).toBeVisible();

    await continuer();
    expect(screen.getByText('Réessayez ou retirez les fichiers qui n’ont pas pu être envoyés.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer facture.pdf' }));
    await continuer();
    expect(await step(4)).toBeVisible();
  });

  it('shows each file’s progress, and sends a failed one again without losing the others', async () => {
    let calls = 0;
    memberApi({
      upload: async () => {
        calls += 1;
        if (calls === 2) {
          return errorBody(503, 'upstream-unavailable', 'Le service des adhérents est momentanément indisponible.');
        }
        await delay(50);
        return HttpResponse.json([aDocument(10 + calls)], { status: 201 });
      },
    });
    await atDocuments();

    await pick(aFile('facture.pdf', 'application/pdf'));
    expect(screen.getByRole('progressbar', { name: 'Envoi de facture.pdf' })).toBeVisible();
    expect(await screen.findByText('Envoyé')).toBeVisible();
    await pick(aFile('ordonnance.pdf', 'application/pdf'));
    const fichiers = screen.getByRole('region', { name: 'Fichiers joints' });
    expect(await within(fichiers).findByText('Le service des adhérents est momentanément indisponible.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer l’envoi de ordonnance.pdf' }));
    expect(screen.getByRole('progressbar', { name: 'Envoi de ordonnance.pdf' })).toBeVisible();
    await waitFor(() => {
      expect(screen.getAllByText('Envoyé')).toHaveLength(2);
    });
    expect(screen.getByText('facture.pdf')).toBeVisible();
    expect(calls).toBe(3);
  });
});

describe('a quote answered in writing', () => {
  interface Ligne {
    soin: string;
    panier?: 'Oui' | 'Non';
    prix?: string;
    oreilles?: 'Une oreille' | 'Les deux oreilles';
    code?: string;
  }

  /** Step 2 of a quote for Emma: its lines' part. */
  async function atQuoteLines() {
    await renderAppLoaded('/mutuelle/demandes/creation?type=ENVOI_DE_DEVIS');
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Emma DUPONT');
    return screen.getByRole('region', { name: 'Les lignes du devis' });
  }

  /** The line numbered `n`, from 1. */
  function line(n: number) {
    return screen.getByRole('group', { name: `Ligne ${String(n)}` });
  }

  function lines() {
    return screen.getAllByRole('group', { name: /^Ligne \d+$/ });
  }

  function soinOf(n: number) {
    return within(line(n)).getByLabelText('Type de soin');
  }

  async function fill(n: number, { soin, panier, prix, oreilles, code }: Ligne) {
    const group = within(line(n));
    await userEvent.selectOptions(group.getByLabelText('Type de soin'), soin);
    if (panier) {
      await userEvent.click(within(group.getByRole('group', { name: 'Équipement 100 % Santé' })).getByRole('radio', { name: panier }));
    }
    if (prix !== undefined) await userEvent.type(group.getByLabelText('Prix, en euros'), prix);
    if (oreilles) await userEvent.click(group.getByRole('radio', { name: oreilles }));
    if (code !== undefined) await userEvent.type(group.getByLabelText(/^Code de l’acte \(CCAM ou LPP\)/), code);
  }

  async function ajouter() {
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
  }

  /** From step 2 to step 4, the quote attached. */
  async function toSummary() {
    await continuer();
    await step(3);
    await pick(aFile('devis.pdf', 'application/pdf'));
    await screen.findByText('Envoyé');
    await continuer();
    return step(4);
  }

  it('sends its lines, in their order and with the quote, to be answered line by line', async () => {
    const received = memberApi();
    const part = await atQuoteLines();
    // The quote's lines say it all: neither its date nor its total is asked, nor an estimate.
    expect(screen.queryByLabelText('Date du devis')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Montant du devis, en euros')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Estimer ce devis/ })).not.toBeInTheDocument();
    expect(part).toHaveAccessibleDescription('Une ligne par équipement ou par acte, dans l’ordre du devis : 12 lignes au plus.');
    expect(within(line(1)).getByLabelText(/^Code de l’acte/)).toHaveAccessibleDescription(
      '4 lettres et 3 chiffres, ou 7 chiffres, tel qu’il figure sur le devis',
    );

    await fill(1, { soin: 'Couronne', panier: 'Non', prix: '650', code: 'hbld036' });
    await ajouter();
    await fill(2, { soin: 'Aide auditive', panier: 'Oui', prix: '950,50', oreilles: 'Les deux oreilles' });
    await ajouter();
    await fill(3, { soin: 'Implant', prix: '1 200' });
    await userEvent.type(screen.getByLabelText('Message (facultatif)'), 'Devis du Dr Martin.');
    await toSummary();

    const recap = within(screen.getByRole('region', { name: 'Vos informations' }));
    expect(recap.getByText('Emma DUPONT')).toBeVisible();
    const lignes = recap.getByText('Les lignes du devis').nextElementSibling as HTMLElement;
    expect(within(lignes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Couronne, hors 100 % Santé, code HBLD036 : 650,00\u00a0€',
      'Aide auditive, équipement 100 % Santé, 2 oreilles : 950,50\u00a0€',
      'Implant : 1\u202f200,00\u00a0€',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Votre demande n° 43 a bien été envoyée. Nous vous répondrons dans votre espace.')).toBeVisible();
    expect(received.devis).toStrictEqual([
      {
        idBeneficiaire: 2,
        lignes: [
          { soin: 'DENTAIRE_COURONNE', centPourCentSante: false, prix: 650, code: 'HBLD036' },
          { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: true, prix: 950.5, quantite: 2, code: null },
          { soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 1200, code: null },
        ],
        commentaire: 'Devis du Dr Martin.',
        idDocuments: [101],
      },
    ]);
    expect(received.ged).toEqual([]);
  });

  it('asks whether it is 100 % Santé only for care that has a basket, and the ears only for hearing aids', async () => {
    memberApi();
    await atQuoteLines();
    const group = within(line(1));
    expect(group.queryByRole('radio')).not.toBeInTheDocument();

    await userEvent.selectOptions(soinOf(1), 'Implant');
    expect(group.queryByRole('group', { name: 'Équipement 100 % Santé' })).not.toBeInTheDocument();
    await userEvent.selectOptions(soinOf(1), 'Lunettes : monture et verres simples');
    expect(group.getByRole('group', { name: 'Équipement 100 % Santé' })).toBeVisible();
    expect(group.queryByRole('group', { name: 'Pour combien d’oreilles ?' })).not.toBeInTheDocument();
    await userEvent.selectOptions(soinOf(1), 'Aide auditive');
    expect(group.getByRole('group', { name: 'Pour combien d’oreilles ?' })).toBeVisible();
  });

  it('offers no hospital care: a stay has a request of its own', async () => {
    memberApi();
    await atQuoteLines();
    const choices = within(soinOf(1)).getAllByRole('option').map((option) => option.textContent);
    expect(choices).toContain('Couronne');
    expect(choices).not.toContain('Chambre particulière');
  });

  it('adds a line and takes the member to its first field', async () => {
    memberApi();
    await atQuoteLines();
    expect(lines()).toHaveLength(1);

    await ajouter();

    expect(lines()).toHaveLength(2);
    expect(soinOf(2)).toHaveFocus();
    expect(soinOf(2)).toHaveValue('');
  });

  it('takes twelve lines, and says so of a thirteenth', async () => {
    memberApi();
    await atQuoteLines();
    for (let count = 2; count <= 12; count += 1) await ajouter();
    expect(lines()).toHaveLength(12);
    expect(soinOf(12)).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await ajouter();

    expect(lines()).toHaveLength(12);
    expect(screen.getByRole('alert')).toHaveTextContent('Un devis compte au plus 12 lignes.');
    const bouton = screen.getByRole('button', { name: 'Ajouter une ligne' });
    expect(bouton).toHaveAccessibleDescription('Un devis compte au plus 12 lignes.');
    expect(bouton).toHaveFocus();
  });

  it('removes the line its button names, and takes the member to the line in its place', async () => {
    memberApi();
    await atQuoteLines();
    // The only line stays.
    expect(within(line(1)).queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
    await fill(1, { soin: 'Couronne', prix: '650' });
    await ajouter();
    await fill(2, { soin: 'Bridge', prix: '900' });
    await ajouter();
    await fill(3, { soin: 'Aide auditive', panier: 'Oui', prix: '1200', oreilles: 'Les deux oreilles' });
    expect(within(line(2)).getByRole('button', { name: 'Supprimer la ligne 2' })).toHaveTextContent('Supprimer la ligne 2');

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la ligne 2' }));

    expect(lines().map((group) => within(group).getByLabelText<HTMLInputElement>('Prix, en euros').value)).toEqual([
      '650',
      '1200',
    ]);
    expect(soinOf(2)).toHaveFocus();
    expect(soinOf(2)).toHaveDisplayValue('Aide auditive');
    expect(within(line(2)).getByRole('radio', { name: 'Oui' })).toBeChecked();
    expect(within(line(2)).getByRole('radio', { name: 'Les deux oreilles' })).toBeChecked();
    expect(readDraft()?.values.lignes).toEqual([
      { soin: 'DENTAIRE_COURONNE', centPourCentSante: '', prix: '650', quantite: '', code: '' },
      { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: 'oui', prix: '1200', quantite: '2', code: '' },
    ]);

    // The last one gone, the one before it.
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la ligne 2' }));

    expect(lines()).toHaveLength(1);
    expect(soinOf(1)).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Supprimer la ligne/ })).not.toBeInTheDocument();
  });

  it('ties each line’s messages to their fields, and goes no further', async () => {
    const received = memberApi();
    await atQuoteLines();
    await fill(1, { soin: 'Couronne', prix: '0', code: '1234' });
    await ajouter();
    await fill(2, { soin: 'Aide auditive', panier: 'Oui' });
    await continuer();

    expect(await within(line(1)).findByRole('group', { name: 'Équipement 100 % Santé' })).toHaveTextContent(
      'Indiquez si l’équipement de la ligne 1 est un équipement 100 % Santé.',
    );
    expect(within(line(1)).getAllByRole('radio')[0]).toHaveAccessibleDescription(
      'Le devis le précise : il doit toujours comporter une offre 100 % Santé. Indiquez si l’équipement de la ligne 1 est un équipement 100 % Santé.',
    );
    expect(within(line(1)).getByLabelText('Prix, en euros')).toHaveAccessibleDescription(
      'Par exemple 450 ou 1 250,50 Le prix de la ligne 1 doit être supérieur à 0 €.',
    );
    expect(within(line(1)).getByLabelText(/^Code de l’acte/)).toHaveAccessibleDescription(
      '4 lettres et 3 chiffres, ou 7 chiffres, tel qu’il figure sur le devis Le code de la ligne 1 n’a pas la forme d’un code CCAM ou LPP.',
    );
    expect(within(line(2)).getByLabelText('Prix, en euros')).toHaveAttribute('aria-invalid', 'true');
    expect(within(line(2)).getByText('Indiquez le prix de la ligne 2, en euros.')).toBeVisible();
    expect(within(line(2)).getAllByRole('radio', { name: /oreille/ })[0]).toHaveAccessibleDescription(
      'Choisissez une oreille ou les deux pour la ligne 2.',
    );
    // The first field in error is where the member starts again.
    expect(within(line(1)).getByRole('radio', { name: 'Oui' })).toHaveFocus();
    expect(await step(2)).toBeVisible();

    await userEvent.selectOptions(soinOf(2), '');
    expect(await within(line(2)).findByText('Choisissez le soin de la ligne 2.')).toBeVisible();
    expect(soinOf(2)).toHaveAccessibleDescription('Choisissez le soin de la ligne 2.');
    expect(received.devis).toEqual([]);
  });

  it('needs the quote itself, which the mutual answers', async () => {
    memberApi();
    await atQuoteLines();
    await fill(1, { soin: 'Implant', prix: '1200' });
    await continuer();
    await step(3);
    expect(screen.queryByText(/Les documents sont facultatifs/)).not.toBeInTheDocument();

    await continuer();

    expect(screen.getByRole('alert')).toHaveTextContent('Joignez le devis : la mutuelle y répond par écrit.');
    expect(await step(3)).toBeVisible();
    await pick(aFile('devis.pdf', 'application/pdf'));
    await screen.findByText('Envoyé');
    await continuer();
    expect(await step(4)).toBeVisible();
  });

  it('shows the member API’s refusal as it words it, and keeps everything', async () => {
    const received = memberApi();
    server.use(
      http.post('/api/document/creationDevis', () =>
        errorBody(422, 'non-traitable', 'Ligne 1 : un implant ne fait pas partie du panier 100 % Santé.'),
      ),
    );
    await atQuoteLines();
    await fill(1, { soin: 'Implant', prix: '1200' });
    await toSummary();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(
      await screen.findByText('Ligne 1 : un implant ne fait pas partie du panier 100 % Santé.', { selector: 'p.notice-error' }),
    ).toBeVisible();
    expect(await step(4)).toBeVisible();
    expect(screen.getByText('Implant : 1 200,00 €')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    expect(received.devis).toEqual([]);
  });

  it('keeps its lines in the draft, through a reload', async () => {
    memberApi();
    const first = await renderAppLoaded('/mutuelle/demandes/creation?type=ENVOI_DE_DEVIS');
    await continuer();
    await fill(1, { soin: 'Couronne', panier: 'Oui', prix: '500', code: 'HBLD634' });
    await ajouter();
    await fill(2, { soin: 'Aide auditive', panier: 'Non', prix: '1400', oreilles: 'Une oreille' });
    expect(readDraft()?.values.lignes).toEqual([
      { soin: 'DENTAIRE_COURONNE', centPourCentSante: 'oui', prix: '500', quantite: '', code: 'HBLD634' },
      { soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: 'non', prix: '1400', quantite: '1', code: '' },
    ]);
    first.unmount();

    await renderAppLoaded('/mutuelle/demandes/creation');

    expect(await screen.findByRole('group', { name: 'Ligne 2' })).toBeVisible();
    expect(soinOf(1)).toHaveDisplayValue('Couronne');
    expect(within(line(1)).getByRole('radio', { name: 'Oui' })).toBeChecked();
    expect(within(line(1)).getByLabelText(/^Code de l’acte/)).toHaveValue('HBLD634');
    expect(soinOf(2)).toHaveDisplayValue('Aide auditive');
    expect(within(line(2)).getByRole('radio', { name: 'Une oreille' })).toBeChecked();
    expect(within(line(2)).getByLabelText('Prix, en euros')).toHaveValue('1400');
  });
});

describe('a request being written', () => {
  it('keeps what was typed through a reload, for the session', async () => {
    memberApi();
    const first = await renderAppLoaded('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89');
    await continuer();
    await userEvent.type(await screen.findByLabelText('Votre question'), 'Et l’orthodontie ?');
    first.unmount();

    await renderAppLoaded('/mutuelle/demandes/creation');

    expect(await screen.findByLabelText('Votre question')).toHaveValue('Et l’orthodontie ?');
  });

  it('asks before leaving, and stays when asked to', async () => {
    memberApi();
    const { router } = await renderAppLoaded('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89');
    await continuer();
    await userEvent.type(await screen.findByLabelText('Votre question'), 'Et l’orthodontie ?');

    await userEvent.click(accueil());
    const dialog = await screen.findByRole('dialog', { name: 'Quitter votre demande ?' });
    expect(dialog).toHaveTextContent('Si vous quittez cette page, les fichiers joints ne seront pas conservés.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));

    expect(router.state.location.pathname).toBe('/mutuelle/demandes/creation');
    expect(screen.getByLabelText('Votre question')).toHaveValue('Et l’orthodontie ?');
  });

  it('is forgotten when the session ends on the server: a 401 clears the draft and leads to the root', async () => {
    memberApi();
    server.use(
      http.post('/api/document/documentGedCegedim', () =>
        errorBody(401, 'unauthorized', 'Votre session a expiré. Veuillez vous reconnecter.'),
      ),
    );
    const { router } = await renderAppLoaded('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89');
    await continuer();
    await userEvent.type(await screen.findByLabelText('Votre question'), 'Mon traitement contre le diabète est-il remboursé ?');
    await continuer();
    await continuer();
    expect(readDraft()?.values.commentaire).toBe('Mon traitement contre le diabète est-il remboursé ?');

    // Sent after the session was closed elsewhere: the server answers 401.
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(readDraft()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    // Nothing held the member back on a page that can no longer send.
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Quitter votre demande ?' })).not.toBeInTheDocument();
  });

  it('lets an untouched request go without asking', async () => {
    memberApi();
    const { router } = await renderAppLoaded('/mutuelle/demandes/creation');
    await screen.findByRole('radio', { name: 'Soins dentaires' });

    await userEvent.click(accueil());

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/home');
    });
  });
});

describe('the anti-robot check of a request', () => {
  const verification = 'Vérification anti-robot en cours…';

  /** A health question typed, up to the documents (step 3), under `brand`. */
  async function questionAtDocuments(brand: Brand) {
    await renderAppLoaded('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89', { brand });
    await continuer();
    await userEvent.type(await screen.findByLabelText('Votre question'), 'Les semelles sont-elles remboursées ?');
    await continuer();
    await step(3);
  }

  async function summary() {
    await continuer();
    await step(4);
  }

  async function envoyer() {
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
  }

  async function sent() {
    expect(await screen.findByText(/a bien été envoyée/)).toBeVisible();
  }

  it('solves ALTCHA’s challenge once the summary is shown, and sends its payload with the request', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    await questionAtDocuments(altchaBrand);
    expect(portal.issued).toHaveLength(0);

    await summary();
    await waitFor(() => {
      expect(portal.issued).toHaveLength(1);
    });
    await envoyer();

    await sent();
    expect(received.captcha).toHaveLength(1);
    const header = received.captcha[0] ?? null;
    expect(await portal.solved(header)).toBe(portal.issued[0]);
    expect(Object.keys(JSON.parse(atob(header ?? '')) as object)).toEqual([
      'algorithm',
      'challenge',
      'number',
      'salt',
      'signature',
    ]);
  });

  it('sends ALTCHA’s payload with a prior agreement for a hospital stay', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    await renderAppLoaded('/mutuelle/demandes/creation?type=PRISE_EN_CHARGE_HOSPITALIERE', { brand: altchaBrand });
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Emma DUPONT');
    await userEvent.type(screen.getByRole('combobox', { name: 'Établissement' }), 'parc');
    await userEvent.click(await screen.findByRole('option', { name: /^Clinique du Parc,/ }));
    await userEvent.type(screen.getByLabelText('Date d’entrée'), enDixJours);
    await userEvent.selectOptions(screen.getByLabelText('Type de séjour'), 'Chirurgie');
    await continuer();
    await step(3);
    await summary();
    await envoyer();

    await sent();
    expect(received.hospitalisation).toHaveLength(1);
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('sends ALTCHA’s payload with a quote', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    await renderAppLoaded('/mutuelle/demandes/creation?type=ENVOI_DE_DEVIS', { brand: altchaBrand });
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Personne concernée'), 'Emma DUPONT');
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Implant');
    await userEvent.type(screen.getByLabelText('Prix, en euros'), '1200');
    await continuer();
    await step(3);
    await pick(aFile('devis.pdf', 'application/pdf'));
    await screen.findByText('Envoyé');
    await summary();
    await envoyer();

    await sent();
    expect(received.devis).toHaveLength(1);
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('shows the portal’s refusal of a proof, and sends again with a new challenge’s', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    const refused: (string | null)[] = [];
    server.use(
      http.post('/api/document/documentGedCegedim', ({ request }) => {
        // The first request only; the next ones go on to the member API.
        if (refused.length > 0) return undefined;
        refused.push(request.headers.get('X-Captcha'));
        return errorBody(422, 'captcha_replayed', 'Cette vérification anti-robot a déjà servi. Veuillez réessayer.');
      }),
    );
    await questionAtDocuments(altchaBrand);
    await summary();
    await envoyer();

    expect(
      await screen.findByText('Cette vérification anti-robot a déjà servi. Veuillez réessayer.', { selector: 'p.notice-error' }),
    ).toBeVisible();
    await waitFor(() => {
      expect(portal.issued).toHaveLength(2);
    });
    await envoyer();

    await sent();
    expect(await portal.solved(refused[0] ?? null)).toBe(portal.issued[0]);
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[1]);
  });

  it('says the send waits for the check when the member sends before it is done', async () => {
    const received = memberApi();
    const portal = altchaPortal({ held: true });
    await questionAtDocuments(altchaBrand);
    await summary();
    await envoyer();

    expect(await screen.findByText(verification)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Envoi en cours…' })).toBeDisabled();
    expect(received.captcha).toEqual([]);
    portal.release();

    await sent();
    expect(screen.queryByText(verification)).not.toBeInTheDocument();
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('sends at once, saying nothing, when the check was done while the member read the summary', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    const digest = vi.spyOn(crypto.subtle, 'digest');
    onTestFinished(() => {
      digest.mockRestore();
    });
    await questionAtDocuments(altchaBrand);
    await summary();
    // Solved in the background: the challenge's digest was computed twice, by the portal that
    // made it and by the search that found its number.
    await waitFor(async () => {
      const digests = await Promise.all(digest.mock.results.map((result) => result.value as Promise<ArrayBuffer>));
      const hex = digests.map((bytes) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join(''));
      expect(hex.filter((value) => value === portal.issued[0]?.challenge)).toHaveLength(2);
    });
    const status = screen.getByText('', { selector: 'form [role="status"]' });
    const announced: string[] = [];
    const observer = new MutationObserver(() => {
      announced.push(status.textContent);
    });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    onTestFinished(() => {
      observer.disconnect();
    });
    await envoyer();

    await sent();
    expect(announced.filter((text) => text !== '')).toEqual([]);
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('says the check could not be done, sends nothing, and sends when tried again', async () => {
    const received = memberApi();
    altchaPortal({ failing: true });
    await questionAtDocuments(altchaBrand);
    await summary();
    await envoyer();

    expect(
      await screen.findByText('La vérification anti-robot n’a pas pu aboutir. Veuillez réessayer.', { selector: 'p.notice-error' }),
    ).toBeVisible();
    expect(received.ged).toEqual([]);
    const portal = altchaPortal();
    await envoyer();

    await sent();
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('sends no header and fetches nothing when the portal asks for no captcha', async () => {
    const received = memberApi();
    let asked = 0;
    server.use(
      http.get('/api/captcha', () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    await questionAtDocuments(defaultBrand);
    await summary();
    await envoyer();

    await sent();
    expect(received.captcha).toEqual([null]);
    expect(asked).toBe(0);
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
  });
});
