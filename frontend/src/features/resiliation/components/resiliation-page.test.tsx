import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '@/api/get-session';
import { defaultBrand } from '@/config/brand';
import { browserLocation } from '@/lib/browser-location';
import { hcaptchaScript } from '@/components/captcha/hcaptcha-proofs';
import { altchaBrand, altchaPortal } from '@/test/altcha';
import { aContrat, errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type Contrat = MemberApi<'Contrat'>;
type CreationResiliation = MemberApi<'CreationResiliation'>;
type Resiliation = MemberApi<'Resiliation'>;

interface Setup {
  contrats?: Contrat[];
  user?: Partial<User>;
  /** What the mutual decides on receipt, whatever the browser previewed. */
  decision?: Partial<Resiliation>;
}

/**
 * The member API as the termination uses it: it names the member from the token, computes
 * the end date, and answers with the request holding its acknowledgement. Returns the bodies
 * it received.
 */
function memberApi({ contrats = [aContrat({ dateDebut: '2020-03-01' })], user = {}, decision = {} }: Setup = {}) {
  const sent: CreationResiliation[] = [];
  server.use(
    ...signedIn(user),
    http.get('/api/assure/contrats', () => HttpResponse.json(contrats)),
    http.post('/api/document/creationResiliation', async ({ request }) => {
      const body = (await request.json()) as CreationResiliation;
      sent.push(body);
      const demande: MemberApi<'Demande'> = {
        id: 57,
        DateCreation: '2026-11-23',
        TypeCode: 'RAD',
        Etat: 'A_TRAITER',
        type: 'DEMANDE_DE_RESILIATION',
        objet: 'Demande de résiliation',
        commentaire: body.commentaire ?? null,
        dateMiseAJour: '2026-11-23',
        beneficiaire: null,
        messages: [],
        // A file the member joined first: the acknowledgement is found by its nature.
        documents: [
          aDocument({ id: 89, nomFichier: 'attestation-employeur.pdf', nature: 'PIECE_JOINTE' }),
          aDocument({ id: 90, nomFichier: 'accuse-reception-resiliation-57.pdf', nature: 'ACCUSE_RECEPTION_RESILIATION' }),
        ],
        resiliation: {
          numeroContrat: body.numeroContrat,
          libelleProduit: 'Santé Famille Confort',
          dateEffet: '2026-12-23',
          motif: body.motif,
          ...(body.dateEvenement ? { dateEvenement: body.dateEvenement } : {}),
          notifieeLe: '2026-11-23T10:30:00+01:00',
          adherent: 'Mme Marie DUPONT',
          numeroAdherent: '100001',
          email: body.email ?? 'marie.dupont@example.org',
          emailDossier: 'marie.dupont@example.org',
          ...decision,
        },
      };
      return HttpResponse.json(demande, { status: 201 });
    }),
  );
  return sent;
}

function aDocument(overrides: Partial<MemberApi<'DocumentInfo'>>): MemberApi<'DocumentInfo'> {
  return {
    id: 1,
    nomFichier: 'document.pdf',
    typeMime: 'application/pdf',
    taille: 9000,
    dateDepot: '2026-11-23',
    nature: 'PIECE_JOINTE',
    idDemande: 57,
    ...overrides,
  };
}

/** The downloads the page starts: the names the browser saves under. */
function followDownloads(): string[] {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 30));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The terms and values of the `<dl>`s within `container`, in order. */
function entries(container: HTMLElement): [string, string][] {
  return Array.from(container.querySelectorAll('dt')).map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent ?? '',
  ]);
}

async function verifier() {
  await userEvent.click(await screen.findByRole('button', { name: 'Vérifier ma demande' }));
}

describe('Résilier votre contrat', () => {
  it('reminds the conditions of termination, as the law requires', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Résilier votre contrat' })).toBeVisible();
    const conditions = screen.getByRole('region', { name: 'Les conditions de résiliation' });
    expect(conditions).toHaveTextContent('loi n° 2019-733 du 14 juillet 2019');
    expect(conditions).toHaveTextContent('un mois après la réception de votre demande par la mutuelle');
    expect(conditions).toHaveTextContent('à son échéance annuelle');
    expect(conditions).toHaveTextContent('article L221-17 du Code de la mutualité');
    expect(conditions).toHaveTextContent('votre carte de tiers payant ne peut plus être utilisée');
    expect(conditions).toHaveTextContent('remboursée dans un délai de 30 jours');
  });

  it('shows who gives notice from the session, not to be typed, and offers the email on file, editable', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    const vous = await screen.findByRole('group', { name: 'Vous' });
    expect(entries(vous)).toEqual([
      ['Civilité, prénom et nom', 'Mme Marie DUPONT'],
      ['Numéro d’adhérent', '100001'],
    ]);
    expect(within(vous).getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByLabelText('Nom')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Adresse électronique pour l’accusé de réception')).toHaveValue('marie.dupont@example.org');
    expect(screen.getByLabelText('Adresse électronique pour l’accusé de réception')).toBeEnabled();
    expect(screen.getByLabelText('Date de l’événement à l’origine de la résiliation')).toHaveValue('2026-11-23');
  });

  it('offers only the individual contracts in force', async () => {
    memberApi({
      contrats: [
        aContrat(),
        aContrat({ numeroContrat: 'COL-000871', typeContrat: 'COLLECTIF', libelleProduit: 'Collectif Entreprise' }),
        aContrat({ numeroContrat: 'IND-000001', statut: 'RESILIE', libelleProduit: 'Ancien' }),
      ],
    });
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    const contrat = await screen.findByLabelText('Contrat et risque couvert');
    expect(within(contrat).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'IND-004512 — Santé Famille Confort (frais de santé)',
    ]);
  });

  it('offers leaving at any time only after a year of membership', async () => {
    memberApi({ contrats: [aContrat({ dateDebut: '2026-02-01' })] });
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    const motif = await screen.findByLabelText('Motif de la résiliation');
    expect(within(motif).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choisissez un motif',
      'Résiliation à échéance',
      'Adhésion à un contrat collectif obligatoire',
      'Départ à l’étranger',
      'Autres (à renseigner par l’intéressé)',
    ]);
  });

  it('checks each field with a French message', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.clear(await screen.findByLabelText('Adresse électronique pour l’accusé de réception'));
    await userEvent.type(screen.getByLabelText('Adresse électronique pour l’accusé de réception'), 'marie.dupont');
    await userEvent.clear(screen.getByLabelText('Date de l’événement à l’origine de la résiliation'));

    await verifier();

    expect(await screen.findByText('Indiquez une adresse électronique valide, par exemple nom@exemple.fr.')).toBeVisible();
    expect(screen.getByText('Choisissez le motif de la résiliation.')).toBeVisible();
    expect(screen.getByText('Indiquez la date de l’événement.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Autres (à renseigner par l’intéressé)');
    await verifier();
    expect(await screen.findByText('Précisez le motif de votre résiliation.')).toBeVisible();
  });

  it('previews the end date, goes back to correct, then sends only the member’s choices', async () => {
    const sent = memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    await verifier();

    const recap = await screen.findByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' });
    expect(recap).toHaveFocus();
    // The summary's code arrives with the step.
    await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' });
    // The yearly renewal (1 March), at least two months away: a preview, which the mutual confirms.
    expect(entries(document.body)).toContainEqual([
      'Date de fin prévue',
      '01/03/2027 (confirmée par la mutuelle à réception de votre demande)',
    ]);
    expect(entries(document.body)).toContainEqual(['Civilité, prénom et nom', 'Mme Marie DUPONT']);
    await userEvent.click(screen.getByRole('button', { name: 'Modifier ma demande' }));

    expect(await screen.findByLabelText('Motif de la résiliation')).toHaveValue('ECHEANCE');
    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Autres (à renseigner par l’intéressé)');
    await userEvent.type(screen.getByLabelText('Précisez le motif'), 'Je pars vivre chez mes enfants.');
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 3 sur 3 : accusé de réception' })).toHaveFocus();
    expect(sent).toEqual([
      {
        numeroContrat: 'IND-004512',
        motif: 'AUTRE',
        dateEvenement: '2026-11-23',
        email: 'marie.dupont@example.org',
        commentaire: 'Je pars vivre chez mes enfants.',
      },
    ]);
    for (const removed of ['dateEffet', 'nom', 'prenom', 'numeroAdherent']) {
      expect(sent[0]).not.toHaveProperty(removed);
    }
  });

  it('acknowledges with what the mutual recorded: its end date, the time of notice in Paris, the member as it names them', async () => {
    // Received after midnight in Paris, for instance: the mutual's date is not the preview's.
    memberApi({ decision: { dateEffet: '2026-12-24', notifieeLe: '2026-11-24T00:05:00+01:00' } });
    const saved = followDownloads();
    const asked: string[] = [];
    server.use(
      http.get('/api/document/pdf/:id', ({ params }) => {
        asked.push(String(params.id));
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }),
    );
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(
      await screen.findByLabelText('Motif de la résiliation'),
      'Résiliation à tout moment après un an d’adhésion',
    );
    await verifier();
    const confirmer = await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' });
    expect(entries(document.body)).toContainEqual([
      'Date de fin prévue',
      '23/12/2026 (confirmée par la mutuelle à réception de votre demande)',
    ]);
    await userEvent.click(confirmer);

    await screen.findByRole('heading', { level: 2, name: 'Étape 3 sur 3 : accusé de réception' });
    expect(screen.getByText('Mutuelle Cogévie a reçu votre demande de résiliation n° 57 le 24/11/2026 à 00:05.')).toBeVisible();
    expect(screen.getByText('Demande faite par Mme Marie DUPONT, adhérente n° 100001.')).toBeVisible();
    expect(screen.getByText('Votre contrat IND-004512 — Santé Famille Confort prendra fin le 24/12/2026.')).toBeVisible();
    expect(screen.queryByText(/23\/12\/2026/)).not.toBeInTheDocument();
    expect(screen.getByText(/Un accusé de réception est envoyé à marie\.dupont@example\.org\./)).toBeVisible();
    expect(screen.queryByText(/adresse électronique de votre dossier/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' }));
    await waitFor(() => {
      expect(saved).toEqual(['accuse-reception-resiliation-57.pdf']);
    });
    expect(asked).toEqual(['90']);
  });

  it('agrees « adhérent » with the member’s civility', async () => {
    memberApi({
      user: { Civilite: 'M.', Prenom: 'Jean', Nom: 'MARTIN' },
      decision: { adherent: 'M. Jean MARTIN' },
    });
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByText('Demande faite par M. Jean MARTIN, adhérent n° 100001.')).toBeVisible();
  });

  it('sends the acknowledgement where the member chose, and says the address on file is told too', async () => {
    const sent = memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    const email = await screen.findByLabelText('Adresse électronique pour l’accusé de réception');
    await userEvent.clear(email);
    await userEvent.type(email, '  marie.perso@example.net ');
    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    await verifier();
    expect(entries(document.body)).toContainEqual(['Adresse électronique pour l’accusé de réception', 'marie.perso@example.net']);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByText(/Un accusé de réception est envoyé à marie\.perso@example\.net\./)).toBeVisible();
    expect(
      screen.getByText('L’adresse électronique de votre dossier, marie.dupont@example.org, est aussi informée de votre demande.'),
    ).toBeVisible();
    expect(sent[0]?.email).toBe('marie.perso@example.net');
  });

  it('shows the member API’s refusal in the form, with everything typed kept', async () => {
    memberApi({ contrats: [aContrat({ dateDebut: '2020-03-01' })] });
    server.use(
      http.post('/api/document/creationResiliation', () =>
        errorBody(400, 'demande-incorrecte', 'Vous pourrez résilier à tout moment après un an d’adhésion, à partir du 15/03/2027.'),
      ),
    );
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    const email = await screen.findByLabelText('Adresse électronique pour l’accusé de réception');
    await userEvent.clear(email);
    await userEvent.type(email, 'marie.perso@example.net');
    await userEvent.selectOptions(
      screen.getByLabelText('Motif de la résiliation'),
      'Résiliation à tout moment après un an d’adhésion',
    );
    await userEvent.clear(screen.getByLabelText('Date de l’événement à l’origine de la résiliation'));
    await userEvent.type(screen.getByLabelText('Date de l’événement à l’origine de la résiliation'), '2026-11-20');
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 1 sur 3 : votre demande' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Vous pourrez résilier à tout moment après un an d’adhésion, à partir du 15/03/2027.',
    );
    expect(screen.getByLabelText('Adresse électronique pour l’accusé de réception')).toHaveValue('marie.perso@example.net');
    expect(screen.getByLabelText('Motif de la résiliation')).toHaveValue('RESILIATION_INFRA_ANNUELLE');
    expect(screen.getByLabelText('Date de l’événement à l’origine de la résiliation')).toHaveValue('2026-11-20');

    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    await verifier();
    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets the member try again when the member API cannot be reached', async () => {
    memberApi();
    server.use(
      http.post('/api/document/creationResiliation', () =>
        errorBody(502, 'upstream', 'Le service de la mutuelle ne répond pas. Réessayez dans quelques instants.'),
      ),
    );
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Départ à l’étranger');
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(
      await screen.findByText('Le service de la mutuelle ne répond pas. Réessayez dans quelques instants.', {
        selector: 'p.notice-error',
      }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmer ma demande de résiliation' })).toBeEnabled();
  });

  it.each([
    ['only a group contract', { contrats: [aContrat({ typeContrat: 'COLLECTIF' })] }],
    ['struck off', { user: { Radie: true } }],
  ])('explains, to a member with %s, that there is nothing to terminate online and whom to ask', async (_, setup) => {
    memberApi(setup);
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    expect(await screen.findByRole('heading', { level: 2, name: 'Aucun contrat à résilier en ligne' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'poser une question depuis « Mes demandes »' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/creation?type=UNE_QUESTION_AFFILIATION_COTISATION',
    );
    expect(screen.queryByRole('button', { name: 'Vérifier ma demande' })).not.toBeInTheDocument();
  });
});

describe('the anti-robot check of a termination', () => {
  /** The `X-Captcha` header of each notice sent, the member API answering as set up. */
  function captchaSent(): (string | null)[] {
    const headers: (string | null)[] = [];
    server.use(
      http.post('/api/document/creationResiliation', ({ request }) => {
        headers.push(request.headers.get('X-Captcha'));
        return undefined;
      }),
    );
    return headers;
  }

  async function confirmer() {
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));
  }

  function hcaptchaScriptTag(): HTMLScriptElement | undefined {
    return Array.from(document.scripts).find((script) => script.getAttribute('src') === hcaptchaScript);
  }

  async function accuse() {
    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 3 sur 3 : accusé de réception' })).toBeVisible();
  }

  it('solves ALTCHA’s challenge once the summary is shown, and sends its payload with the notice', async () => {
    memberApi();
    const headers = captchaSent();
    const portal = altchaPortal();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation', { brand: altchaBrand });
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    expect(portal.issued).toHaveLength(0);
    await verifier();
    await confirmer();

    await accuse();
    expect(await portal.solved(headers[0] ?? null)).toBe(portal.issued[0]);
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
  });

  it('shows the portal’s refusal of a proof on the summary, and confirms again with a new challenge’s', async () => {
    memberApi();
    // The first notice only; the header of each is recorded first.
    server.use(
      http.post('/api/document/creationResiliation', () =>
        headers.length > 1
          ? undefined
          : errorBody(422, 'captcha_invalid', 'La vérification anti-robot a échoué. Veuillez réessayer.'),
      ),
    );
    const headers = captchaSent();
    const portal = altchaPortal();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation', { brand: altchaBrand });
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Départ à l’étranger');
    await verifier();
    await confirmer();

    expect(
      await screen.findByText('La vérification anti-robot a échoué. Veuillez réessayer.', { selector: 'p.notice-error' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' })).toBeVisible();
    await waitFor(() => {
      expect(portal.issued).toHaveLength(2);
    });
    await confirmer();

    await accuse();
    expect(await portal.solved(headers[0] ?? null)).toBe(portal.issued[0]);
    expect(await portal.solved(headers[1] ?? null)).toBe(portal.issued[1]);
  });

  it('draws hCaptcha’s widget on the summary, sends its token, and starts it over after a refusal', async () => {
    memberApi();
    server.use(
      http.post('/api/document/creationResiliation', () =>
        headers.length > 1 ? undefined : errorBody(422, 'captcha_invalid', 'La vérification anti-robot a échoué.'),
      ),
    );
    const headers = captchaSent();
    let asked = 0;
    server.use(
      http.get('/api/captcha', () => {
        asked += 1;
        return HttpResponse.json({});
      }),
    );
    const drawn: { container: HTMLElement; parameters: unknown }[] = [];
    let tokens = 0;
    let resets = 0;
    const hcaptcha = {
      render: (container: HTMLElement, parameters: unknown) => {
        drawn.push({ container, parameters });
        return 'widget-1';
      },
      // Not ticked: the token comes from hCaptcha's challenge, at the send.
      getResponse: () => '',
      execute: () => {
        tokens += 1;
        return Promise.resolve({ response: `jeton-${String(tokens)}` });
      },
      reset: () => {
        resets += 1;
      },
      remove: () => undefined,
    };
    onTestFinished(() => {
      hcaptchaScriptTag()?.remove();
      delete window.hcaptcha;
      delete window.espaceAssureHcaptchaReady;
    });
    const brand = { ...defaultBrand, captcha: { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' } } as const;
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation', { brand });
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    expect(document.querySelector('script[src*="hcaptcha"]')).toBeNull();
    await verifier();

    await waitFor(() => {
      expect(hcaptchaScriptTag()).toBeDefined();
    });
    // hCaptcha's script, loaded, calls the page back with its API.
    window.hcaptcha = hcaptcha;
    window.espaceAssureHcaptchaReady?.();
    await waitFor(() => {
      expect(drawn).toHaveLength(1);
    });
    expect(drawn[0]?.parameters).toEqual({ sitekey: '10000000-ffff-ffff-ffff-000000000001', hl: 'fr' });
    expect(screen.getByRole('button', { name: 'Confirmer ma demande de résiliation' }).closest('div')?.previousElementSibling).toBe(
      drawn[0]?.container,
    );
    await confirmer();

    expect(await screen.findByText('La vérification anti-robot a échoué.', { selector: 'p.notice-error' })).toBeVisible();
    expect(resets).toBe(1);
    await confirmer();

    await accuse();
    expect(headers).toEqual(['jeton-1', 'jeton-2']);
    expect(asked).toBe(0);
  });
});

describe('a termination, when the portal asks to sign in again before it', () => {
  const kept = 'espace-assure.reconnexion.resiliation';
  const choisi = {
    email: 'marie.dupont@example.org',
    numeroContrat: 'IND-004512',
    motif: 'AUTRE',
    precision: 'Je pars vivre chez mes enfants.',
    dateEvenement: '2026-11-23',
  };

  it('keeps the choices, never the captcha’s proof, says nothing alarming, and goes through the provider', async () => {
    memberApi();
    const portal = altchaPortal();
    const proofs: (string | null)[] = [];
    server.use(
      http.post('/api/document/creationResiliation', ({ request }) => {
        proofs.push(request.headers.get('X-Captcha'));
        return errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.');
      }),
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation', { brand: altchaBrand });
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Autres (à renseigner par l’intéressé)');
    await userEvent.type(screen.getByLabelText('Précisez le motif'), choisi.precision);
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(
      within(dialog).getByText('Pour votre sécurité, confirmez votre identité avant de résilier votre contrat.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));
    expect(assign).toHaveBeenCalledWith('/auth/login?reauth=1&returnTo=/mutuelle/contrats-garanties/resiliation');
    expect(JSON.parse(sessionStorage.getItem(kept) ?? 'null')).toEqual(choisi);
    expect(Object.keys(sessionStorage)).toEqual([kept]);
    // A proof was spent on the call, and is not among what was kept.
    expect(await portal.solved(proofs[0] ?? null)).not.toBeNull();
    expect(screen.queryByText(/reconnectez-vous/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Étape 1 sur 3 : votre demande' })).not.toBeInTheDocument();
  });

  it('comes back to the confirmation with the choices, the notice focused, and confirms', async () => {
    const sent = memberApi();
    sessionStorage.setItem(kept, JSON.stringify(choisi));
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' })).toBeVisible();
    const notice = await screen.findByText('Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.');
    await waitFor(() => {
      expect(notice).toHaveFocus();
    });
    expect(entries(document.body)).toContainEqual(['Précisez le motif', choisi.precision]);
    expect(sessionStorage.getItem(kept)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 3 sur 3 : accusé de réception' })).toBeVisible();
    expect(sent).toEqual([
      {
        numeroContrat: 'IND-004512',
        motif: 'AUTRE',
        dateEvenement: '2026-11-23',
        email: 'marie.dupont@example.org',
        commentaire: choisi.precision,
      },
    ]);
  });

  it('starts afresh when the contract kept can no longer be terminated', async () => {
    memberApi();
    sessionStorage.setItem(kept, JSON.stringify({ ...choisi, numeroContrat: 'IND-999999' }));
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    expect(await screen.findByLabelText('Motif de la résiliation')).toHaveValue('');
    expect(screen.queryByText(/Vous vous êtes reconnecté/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(kept)).toBeNull();
  });
});
