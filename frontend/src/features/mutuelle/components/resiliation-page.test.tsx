import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/features/auth/api/get-session';
import { aContrat, errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type Contrat = MemberApi<'Contrat'>;

function memberApi({ contrats = [aContrat({ dateDebut: '2020-03-01' })], user = {} }: { contrats?: Contrat[]; user?: Partial<User> } = {}) {
  const sent: unknown[] = [];
  server.use(
    ...signedIn(user),
    http.get('/api/assure/contrats', () => HttpResponse.json(contrats)),
    http.post('/api/document/creationResiliation', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(
        {
          id: 57,
          DateCreation: '2026-11-23',
          TypeCode: 'RAD',
          Etat: 'A_TRAITER',
          type: 'DEMANDE_DE_RESILIATION',
          objet: 'Demande de résiliation',
          commentaire: null,
          dateMiseAJour: '2026-11-23',
          beneficiaire: null,
          documents: [
            { id: 90, nomFichier: 'accuse-reception-resiliation-57.pdf', typeMime: 'application/pdf', taille: 9000, dateDepot: '2026-11-23', idDemande: 57 },
          ],
          resiliation: {
            numeroContrat: 'IND-004512',
            dateEffet: '2026-12-23',
            motif: 'RESILIATION_INFRA_ANNUELLE',
            notifieeLe: '2026-11-23T09:30:00+00:00',
          },
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10, 30));
});

afterEach(() => {
  vi.useRealTimers();
});

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

  it('fills in who the member is and where to acknowledge, all editable', async () => {
    memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');

    expect(await screen.findByLabelText('Nom')).toHaveValue('DUPONT');
    expect(screen.getByLabelText('Prénom')).toHaveValue('Marie');
    expect(screen.getByLabelText('Numéro d’adhérent')).toHaveValue('100001');
    expect(screen.getByLabelText('Adresse électronique pour l’accusé de réception')).toHaveValue('marie.dupont@example.org');
    expect(screen.getByLabelText('Date de l’événement à l’origine de la résiliation')).toHaveValue('2026-11-23');
    expect(screen.getByLabelText('Nom')).toBeEnabled();
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
    await userEvent.clear(await screen.findByLabelText('Nom'));
    await userEvent.clear(screen.getByLabelText('Adresse électronique pour l’accusé de réception'));
    await userEvent.type(screen.getByLabelText('Adresse électronique pour l’accusé de réception'), 'marie.dupont');
    await userEvent.clear(screen.getByLabelText('Date de l’événement à l’origine de la résiliation'));

    await verifier();

    expect(await screen.findByText('Indiquez votre nom.')).toBeVisible();
    expect(screen.getByText('Indiquez une adresse électronique valide, par exemple nom@exemple.fr.')).toBeVisible();
    expect(screen.getByText('Choisissez le motif de la résiliation.')).toBeVisible();
    expect(screen.getByText('Indiquez la date de l’événement.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Autres (à renseigner par l’intéressé)');
    await verifier();
    expect(await screen.findByText('Précisez le motif de votre résiliation.')).toBeVisible();
  });

  it('shows a summary with the end date, goes back to correct it, then sends the notice', async () => {
    const sent = memberApi();
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Résiliation à échéance');
    await verifier();

    const recap = await screen.findByRole('heading', { level: 2, name: 'Étape 2 sur 3 : vérifiez votre demande' });
    expect(recap).toHaveFocus();
    // The yearly renewal (1 March), at least two months away.
    expect(screen.getByText('Si votre demande est reçue aujourd’hui, votre contrat prendra fin le 01/03/2027.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Modifier ma demande' }));

    expect(await screen.findByLabelText('Motif de la résiliation')).toHaveValue('ECHEANCE');
    await userEvent.selectOptions(screen.getByLabelText('Motif de la résiliation'), 'Résiliation à tout moment après un an d’adhésion');
    await verifier();
    expect(await screen.findByText('Si votre demande est reçue aujourd’hui, votre contrat prendra fin le 23/12/2026.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Étape 3 sur 3 : accusé de réception' })).toHaveFocus();
    expect(screen.getByText('Mutuelle Cogévie a reçu votre demande de résiliation n° 57 le 23/11/2026 à 10:30.')).toBeVisible();
    expect(screen.getByText('Votre contrat IND-004512 prendra fin le 23/12/2026.')).toBeVisible();
    expect(screen.getByText(/Un accusé de réception est envoyé à marie\.dupont@example\.org\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' })).toBeVisible();
    expect(sent).toEqual([
      {
        numeroContrat: 'IND-004512',
        dateEffet: '2026-12-23',
        motif: 'RESILIATION_INFRA_ANNUELLE',
        dateEvenement: '2026-11-23',
        nom: 'DUPONT',
        prenom: 'Marie',
        numeroAdherent: '100001',
        email: 'marie.dupont@example.org',
      },
    ]);
  });

  it('shows the member API’s refusal and lets the member try again', async () => {
    memberApi();
    server.use(
      http.post('/api/document/creationResiliation', () =>
        errorBody(400, 'demande-incorrecte', 'Une demande de résiliation de ce contrat est déjà en cours.'),
      ),
    );
    await renderAppLoaded('/mutuelle/contrats-garanties/resiliation');
    await userEvent.selectOptions(await screen.findByLabelText('Motif de la résiliation'), 'Départ à l’étranger');
    await verifier();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer ma demande de résiliation' }));

    expect(
      await screen.findByText('Une demande de résiliation de ce contrat est déjà en cours.', { selector: 'p.notice-error' }),
    ).toBeVisible();
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
