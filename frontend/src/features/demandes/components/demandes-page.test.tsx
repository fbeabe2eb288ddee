import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type Demande = MemberApi<'Demande'>;

function aDemande(id: number, overrides: Partial<Demande> = {}): Demande {
  return {
    id,
    DateCreation: `2026-${String(((id - 1) % 12) + 1).padStart(2, '0')}-10`,
    TypeCode: 'OPT',
    Etat: 'A_TRAITER',
    type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE',
    objet: 'Demande de remboursement optique',
    commentaire: null,
    dateMiseAJour: '2026-11-01',
    beneficiaire: null,
    documents: [],
    messages: [],
    ...overrides,
  };
}

function demandesAre(demandes: Demande[]) {
  server.use(...signedIn(), http.get('/api/demandes', () => HttpResponse.json(demandes)));
}

function rows() {
  return screen.getAllByRole('row').slice(1);
}

function row(index: number): HTMLElement {
  const found = rows()[index];
  if (!found) throw new Error(`no row ${String(index)}`);
  return found;
}

describe('Mes demandes', () => {
  it('lists the requests newest first: day, type, state with its icon, number', async () => {
    demandesAre([
      aDemande(1, { DateCreation: '2026-03-06', TypeCode: 'RIB', Etat: 'Traité' }),
      aDemande(2, { DateCreation: '2026-11-20', TypeCode: 'DEV', Etat: 'A_TRAITER' }),
      aDemande(3, { DateCreation: '2026-09-09', TypeCode: 'JSCO', Etat: 'TERMINE' }),
    ]);
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    await screen.findByText('Envoi de devis');
    expect(rows().map((row) => row.textContent)).toEqual([
      '20/11/2026Envoi de devisÀ traiter2',
      '09/09/2026Justificatif de scolaritéTerminée3',
      '06/03/2026Coordonnées bancairesTraitée1',
    ]);
    expect(within(row(0)).getByRole('img', { name: 'Demande en attente de traitement' })).toBeVisible();
    expect(within(row(1)).getByRole('img', { name: 'Demande traitée' })).toBeVisible();
    expect(within(row(2)).getByRole('img', { name: 'Demande traitée' })).toBeVisible();
    expect(within(row(0)).getByRole('link', { name: 'Envoi de devis' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/2',
    );
    expect(screen.queryByText('Toutes vos demandes ont été traitées.')).not.toBeInTheDocument();
  });

  it('says when every request has been dealt with', async () => {
    demandesAre([aDemande(1, { Etat: 'TERMINE' }), aDemande(2, { Etat: 'Traité' })]);
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByText('Toutes vos demandes ont été traitées.')).toBeVisible();
  });

  it('says when there is none yet', async () => {
    demandesAre([]);
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByText('Vous n’avez encore envoyé aucune demande.')).toBeVisible();
  });

  it('pages by 10, the page in the address', async () => {
    demandesAre(Array.from({ length: 23 }, (_, index) => aDemande(index + 1, { DateCreation: '2026-01-01' })));
    const { router } = await renderAppLoaded('/mutuelle/demandes?page=3');

    expect(await screen.findByText('23 demandes')).toBeVisible();
    expect(rows()).toHaveLength(3);
    await userEvent.click(screen.getByRole('link', { name: 'Page 1' }));
    await waitFor(() => {
      expect(rows()).toHaveLength(10);
    });
    expect(router.state.location.search).toBe('');
  });

  it('keeps the pending or the done ones, the filter in the address', async () => {
    demandesAre([aDemande(1, { Etat: 'TERMINE' }), aDemande(2, { Etat: 'EN_COURS' }), aDemande(3, { Etat: 'EN_ATTENTE_DE_PIECES' })]);
    const { router } = await renderAppLoaded('/mutuelle/demandes');
    await screen.findByText('3 demandes');

    await userEvent.click(screen.getByRole('radio', { name: 'En cours' }));
    expect(await screen.findByText('2 demandes')).toBeVisible();
    expect(router.state.location.search).toBe('?etat=en-cours');
    await userEvent.click(screen.getByRole('radio', { name: 'Traitées' }));
    expect(await screen.findByText('1 demande')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Traitées' })).toBeChecked();
  });

  it('lists a request sent as « Une facture de soins » under the name the member chose', async () => {
    demandesAre([aDemande(1, { TypeCode: 'AUT', type: 'DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF', objet: 'Demande de remboursement' })]);
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByRole('link', { name: 'Facture de soins' })).toHaveAttribute('href', '/mutuelle/demandes/1');
  });

  it('never counts nor shows as « en cours » a request the mutual has answered for good', async () => {
    const reclamation: MemberApi<'Reclamation'> = {
      motif: 'REMBOURSEMENT',
      numeroContrat: null,
      paymentId: null,
      recueLe: '2026-11-02T10:15:00+01:00',
      accuseReceptionAvant: '2026-11-16',
      reponseAvant: '2027-01-02',
      issue: 'REFUSEE',
      reponduLe: '2026-11-20',
    };
    demandesAre([
      // The back office left their states open, but gave its final answer.
      aDemande(1, { TypeCode: 'REC', type: 'RECLAMATION', Etat: 'EN_COURS', reclamation }),
      aDemande(2, {
        TypeCode: 'ABE',
        type: 'AJOUT_BENEFICIAIRE',
        Etat: 'A_TRAITER',
        ajoutBeneficiaire: {
          lien: 'ENFANT',
          prenom: 'Léo',
          nom: 'DUPONT',
          dateNaissance: '2020-05-02',
          dateEffetPrevue: '2026-03-01',
          decision: { accepte: false, dateEffet: null, motif: 'Pièce illisible.' },
        },
      }),
      aDemande(3, { Etat: 'EN_COURS' }),
    ]);
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByText('3 demandes')).toBeVisible();
    expect(within(row(1)).getByText('Terminée')).toBeVisible();
    expect(within(row(1)).getByRole('img', { name: 'Demande traitée' })).toBeVisible();
    expect(within(row(2)).getByText('Terminée')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'En cours' }));
    expect(await screen.findByText('1 demande')).toBeVisible();
    expect(rows().map((line) => within(line).getByRole('cell', { name: /^\d+$/ }).textContent)).toEqual(['3']);
    await userEvent.click(screen.getByRole('radio', { name: 'Traitées' }));
    expect(await screen.findByText('2 demandes')).toBeVisible();
  });

  it('says "Toutes vos demandes ont été traitées." on the pending filter when none is', async () => {
    demandesAre([aDemande(1, { Etat: 'TERMINE' })]);
    await renderAppLoaded('/mutuelle/demandes?etat=en-cours');

    expect(await screen.findByText('Toutes vos demandes ont été traitées.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let calls = 0;
    server.use(
      ...signedIn(),
      http.get('/api/demandes', () => {
        calls += 1;
        return calls === 1
          ? errorBody(502, 'upstream-error', 'Le service des adhérents ne répond pas.')
          : HttpResponse.json([aDemande(1)]);
      }),
    );
    await renderAppLoaded('/mutuelle/demandes');

    expect(await screen.findByText('Vos demandes n’ont pas pu être chargées.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('1 demande')).toBeVisible();
  });

  it('is where /demandes leads', async () => {
    demandesAre([aDemande(1)]);
    const { router } = await renderAppLoaded('/demandes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/mutuelle/demandes');
  });
});
