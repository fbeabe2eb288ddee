import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { altchaBrand, altchaPortal } from '@/test/altcha';
import { aContrat, aPaiement, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type Demande = MemberApi<'Demande'>;

const reclamation: Demande = {
  id: 43,
  DateCreation: '2026-11-24',
  TypeCode: 'REC',
  Etat: 'A_TRAITER',
  type: 'RECLAMATION',
  objet: 'Lunettes remboursées à moitié',
  commentaire: 'Le remboursement ne suit pas mes garanties.',
  dateMiseAJour: '2026-11-24',
  beneficiaire: null,
  documents: [],
  messages: [],
  reclamation: {
    motif: 'REMBOURSEMENT',
    numeroContrat: null,
    paymentId: 'P2',
    recueLe: '2026-11-24T10:15:00+01:00',
    accuseReceptionAvant: '2026-12-05',
    reponseAvant: '2027-01-24',
    issue: null,
    reponduLe: null,
  },
};

/** The member API as a complaint uses it; the bodies it received and the lists asked for. */
function memberApi() {
  const received = { reclamations: [] as unknown[], prestations: [] as string[], captcha: [] as (string | null)[] };
  const demandes: Demande[] = [];
  server.use(
    ...signedIn(),
    http.get('/api/demandes', () => HttpResponse.json(demandes)),
    http.get('/api/assure/contrats', () =>
      HttpResponse.json([
        aContrat(),
        aContrat({ numeroContrat: 'COL-000981', libelleProduit: 'Santé Entreprise', typeContrat: 'COLLECTIF' }),
      ]),
    ),
    http.get('/api/assure/prestations', ({ request }) => {
      received.prestations.push(new URL(request.url).search);
      return HttpResponse.json([
        aPaiement({ paymentId: 'P2', paymentDate: '2026-11-17', beneficiaryFirstName: 'Emma', montantRembourse: 120 }),
        aPaiement({ paymentId: 'P1', paymentDate: '2026-10-03', montantRembourse: 9 }),
      ]);
    }),
    http.post('/api/document/creationReclamation', async ({ request }) => {
      received.reclamations.push(await request.json());
      received.captcha.push(request.headers.get('X-Captcha'));
      demandes.unshift(reclamation);
      return HttpResponse.json(reclamation, { status: 201 });
    }),
  );
  return received;
}

async function continuer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Continuer' }));
}

async function step(number: number) {
  return screen.findByRole('heading', { level: 2, name: new RegExp(`^Étape ${String(number)} sur 4`) });
}

afterEach(() => {
  sessionStorage.clear();
});

describe('making a complaint', () => {
  it('is offered at step 1, with the answer’s deadline', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation');

    const group = await screen.findByRole('group', { name: 'Une réclamation' });
    const choice = within(group).getByRole('radio', { name: /^Faire une réclamation/ });
    expect(choice).toHaveAccessibleDescription(
      'Vous êtes mécontent d’un remboursement, d’une cotisation ou de notre service : nous vous répondons sous deux mois au plus.',
    );
  });

  it('sends the complaint about a payment, documents optional, after a summary of everything', async () => {
    const received = memberApi();
    const { router } = await renderAppLoaded('/mutuelle/demandes/creation');

    await userEvent.click(await screen.findByRole('radio', { name: /^Faire une réclamation/ }));
    await continuer();
    expect(await step(2)).toHaveFocus();
    const motif = await screen.findByLabelText('Votre réclamation concerne');
    expect(screen.queryByLabelText('Personne concernée')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Le paiement concerné (facultatif)')).not.toBeInTheDocument();
    await userEvent.selectOptions(motif, 'Un remboursement');
    await userEvent.type(screen.getByLabelText('Objet'), ' Lunettes remboursées à moitié ');
    const paiement = await screen.findByLabelText('Le paiement concerné (facultatif)');
    expect(paiement).toHaveAccessibleDescription('Vos paiements des 12 derniers mois.');
    const option = await within(paiement).findByRole('option', {
      name: 'Paiement du 17/11/2026 — Emma DUPONT — 120,00\u00a0€',
    });
    expect(within(paiement).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Aucun en particulier',
      'Paiement du 17/11/2026 — Emma DUPONT — 120,00\u00a0€',
      'Paiement du 03/10/2026 — Marie DUPONT — 9,00\u00a0€',
    ]);
    await userEvent.selectOptions(paiement, option);
    expect(screen.queryByLabelText('Le contrat concerné (facultatif)')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Votre réclamation'), 'Le remboursement ne suit pas mes garanties.');
    await continuer();

    expect(await step(3)).toHaveFocus();
    expect(screen.getByText(/Les documents sont facultatifs pour cette demande\./)).toBeVisible();
    await continuer();

    expect(await step(4)).toHaveFocus();
    const informations = screen.getByRole('region', { name: 'Vos informations' });
    const entries = within(informations)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(entries).toEqual([
      ['Votre réclamation concerne', 'Un remboursement'],
      ['Objet', 'Lunettes remboursées à moitié'],
      ['Paiement concerné', 'Paiement du 17/11/2026 — Emma DUPONT — 120,00\u00a0€'],
      ['Votre réclamation', 'Le remboursement ne suit pas mes garanties.'],
    ]);
    expect(screen.getByRole('region', { name: 'Votre demande' })).toHaveTextContent(
      'Une réclamation : faire une réclamation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/demandes');
    });
    expect(
      await screen.findByText('Votre demande n° 43 a bien été envoyée. Nous vous répondrons dans votre espace.'),
    ).toBeVisible();
    expect(within(screen.getAllByRole('row')[1] ?? document.body).getByRole('link')).toHaveTextContent('Réclamation');
    expect(received.reclamations).toEqual([
      {
        motif: 'REMBOURSEMENT',
        objet: 'Lunettes remboursées à moitié',
        commentaire: 'Le remboursement ne suit pas mes garanties.',
        paymentId: 'P2',
        idDocuments: [],
      },
    ]);
    // The last 12 months' payments, one list for the form and its summary.
    expect(new Set(received.prestations).size).toBe(1);
    expect(received.prestations[0]).toMatch(/^\?dateDebut=\d{4}-\d{2}-\d{2}$/);
  });

  it('names the contract for contributions, and drops a payment chosen for another motif', async () => {
    const received = memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=RECLAMATION');
    await continuer();

    await userEvent.selectOptions(await screen.findByLabelText('Votre réclamation concerne'), 'Un remboursement');
    const paiement = await screen.findByLabelText('Le paiement concerné (facultatif)');
    await userEvent.selectOptions(paiement, await within(paiement).findByRole('option', { name: /03\/10\/2026/ }));
    expect(paiement).toHaveValue('P1');
    await userEvent.selectOptions(screen.getByLabelText('Votre réclamation concerne'), 'Mes cotisations');
    expect(screen.queryByLabelText('Le paiement concerné (facultatif)')).not.toBeInTheDocument();
    const contrat = await screen.findByLabelText('Le contrat concerné (facultatif)');
    await userEvent.selectOptions(
      contrat,
      await within(contrat).findByRole('option', { name: 'IND-004512 — Santé Famille Confort' }),
    );
    await userEvent.type(screen.getByLabelText('Objet'), 'Prélèvement en double');
    await userEvent.type(screen.getByLabelText('Votre réclamation'), 'J’ai été prélevé deux fois en novembre.');
    await continuer();
    await continuer();
    expect(await screen.findByText('IND-004512 — Santé Famille Confort')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText(/a bien été envoyée/)).toBeVisible();
    expect(received.reclamations).toEqual([
      {
        motif: 'COTISATION',
        objet: 'Prélèvement en double',
        commentaire: 'J’ai été prélevé deux fois en novembre.',
        numeroContrat: 'IND-004512',
        idDocuments: [],
      },
    ]);
  });

  it('is sent with ALTCHA’s payload, solved while the member read the summary', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    await renderAppLoaded('/mutuelle/demandes/creation?type=RECLAMATION', { brand: altchaBrand });
    await continuer();
    await userEvent.selectOptions(await screen.findByLabelText('Votre réclamation concerne'), 'La qualité de notre service');
    await userEvent.type(screen.getByLabelText('Objet'), 'Attente au téléphone');
    await userEvent.type(screen.getByLabelText('Votre réclamation'), 'Quarante minutes d’attente.');
    await continuer();
    await continuer();
    await step(4);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText(/a bien été envoyée/)).toBeVisible();
    expect(received.reclamations).toHaveLength(1);
    expect(await portal.solved(received.captcha[0] ?? null)).toBe(portal.issued[0]);
  });

  it('says what is missing next to each field, tied to it', async () => {
    const received = memberApi();
    await renderAppLoaded('/mutuelle/demandes/creation?type=RECLAMATION');
    await continuer();
    await step(2);
    await continuer();

    for (const [label, message] of [
      ['Votre réclamation concerne', 'Choisissez ce que concerne votre réclamation.'],
      ['Objet', 'Indiquez l’objet de votre réclamation.'],
      ['Votre réclamation', 'Écrivez votre réclamation.'],
    ] as const) {
      const field = screen.getByLabelText(label);
      const error = await screen.findByText(message);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field.getAttribute('aria-describedby')).toContain(error.id);
    }
    expect(screen.getByLabelText('Objet')).toHaveAttribute('maxlength', '120');
    expect(screen.getByLabelText('Votre réclamation')).toHaveAttribute('maxlength', '4000');
    expect(screen.getByLabelText('Votre réclamation')).toHaveAccessibleDescription(
      expect.stringContaining('4\u202f000 caractères au plus.') as string,
    );
    expect(await step(2)).toBeVisible();
    expect(received.reclamations).toHaveLength(0);
  });

  it('still offers to write the complaint when the payments cannot be listed', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/prestations', () =>
        HttpResponse.json({ status: 502, code: 'bad_gateway', message: 'Indisponible.' }, { status: 502 }),
      ),
    );
    await renderAppLoaded('/mutuelle/demandes/creation?type=RECLAMATION');
    await continuer();

    await userEvent.selectOptions(await screen.findByLabelText('Votre réclamation concerne'), 'Un remboursement');
    const paiement = screen.getByLabelText('Le paiement concerné (facultatif)');
    await waitFor(() => {
      expect(paiement).toHaveAccessibleDescription(
        'La liste n’a pas pu être chargée : précisez-le dans votre réclamation si besoin.',
      );
    });
    expect(within(paiement).getAllByRole('option')).toHaveLength(1);
  });
});
