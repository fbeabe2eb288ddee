import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  aDelegation,
  anActingSession,
  aProcuration,
  errorBody,
  procurationsAre,
  sessionIs,
  shellContent,
  signedIn,
} from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';
import { bornesFin } from '../delegation-schema';

type Delegation = MemberApi<'Delegation'>;

const claire = aDelegation();
const paul = aDelegation({
  id: 8,
  courriel: 'paul.durand@example.org',
  nom: null,
  droits: ['DEMANDES'],
  debut: '2026-11-20',
  fin: '2027-02-20',
  etat: 'EN_ATTENTE',
  premierUsage: null,
  actions: [],
});
const tutelle = aDelegation({
  id: 3,
  courriel: 'tutelles@udaf21.example.org',
  nom: 'UDAF de Côte-d’Or',
  nature: 'TUTELLE',
  droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'],
  debut: '2025-03-01',
  fin: '2030-02-28',
  actions: [
    { date: '2026-11-21T16:05:00+01:00', libelle: 'A envoyé une demande en votre nom' },
    { date: '2026-11-20T08:40:00+01:00', libelle: 'A téléchargé votre attestation de droits' },
  ],
});
const retiree = aDelegation({
  id: 2,
  courriel: 'luc.petit@example.org',
  nom: 'Luc PETIT',
  etat: 'RETIREE',
  retireeLe: '2026-10-12T14:30:00+02:00',
});
const terminee = aDelegation({ id: 1, courriel: 'anne.roux@example.org', nom: 'Anne ROUX', etat: 'TERMINEE' });

/** The member API as the page uses it, over delegations the test can watch change. */
function memberApi({
  delegations = [claire, paul, tutelle, retiree, terminee],
  procurations = [],
}: { delegations?: Delegation[]; procurations?: MemberApi<'Procuration'>[] } = {}) {
  const state = {
    delegations,
    lists: 0,
    invitations: [] as unknown[],
    retraits: [] as string[],
    xsrf: [] as (string | null)[],
  };
  server.use(...signedIn());
  server.use(
    procurationsAre(procurations),
    http.get('/api/assure/delegations', () => {
      state.lists += 1;
      return HttpResponse.json({ delegations: state.delegations });
    }),
    http.post('/api/assure/delegations', async ({ request }) => {
      const body = (await request.json()) as MemberApi<'NouvelleDelegation'>;
      state.invitations.push(body);
      state.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      const created = aDelegation({
        id: 9,
        courriel: body.courriel ?? '',
        nom: null,
        droits: body.droits,
        fin: body.fin,
        etat: 'EN_ATTENTE',
        premierUsage: null,
        actions: [],
      });
      state.delegations = [created, ...state.delegations];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('/api/assure/delegations/:id/retrait', ({ params, request }) => {
      state.retraits.push(String(params.id));
      state.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      state.delegations = state.delegations.map((delegation) =>
        String(delegation.id) === params.id
          ? { ...delegation, etat: 'RETIREE', retireeLe: '2026-11-24T10:00:00+01:00' }
          : delegation,
      );
      return HttpResponse.json(state.delegations.find((delegation) => String(delegation.id) === params.id));
    }),
  );
  return state;
}

async function openPage() {
  const view = renderApp('/compte/proches');
  await pageReady('Agir pour un proche');
  return view;
}

function delegationsSection() {
  return screen.getByRole('region', { name: 'Les personnes qui agissent pour vous' });
}

/** The delegation whose title is `personne`, once the list is there. */
async function item(personne: string): Promise<HTMLElement> {
  const title = await within(delegationsSection()).findByRole('heading', { level: 3, name: personne });
  const found = title.closest('li');
  if (!found) throw new Error(`No delegation for ${personne}`);
  return found;
}

function form() {
  return screen.getByRole('region', { name: 'Inviter une personne' });
}

describe('Agir pour un proche', () => {
  it('explains what a person of trust may do and never do', async () => {
    memberApi();
    await openPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Agir pour un proche' })).toBeVisible();
    expect(
      screen.getByText(/^Une personne de confiance peut consulter votre espace et agir pour vous/),
    ).toHaveTextContent(
      'Elle ne pourra jamais modifier vos coordonnées, vos coordonnées bancaires, vos bénéficiaires ni résilier votre contrat.',
    );
  });

  it('lists each delegation with its nature, rights, dates, state and what was done under it', async () => {
    memberApi();
    await openPage();

    const active = await item('Claire DUPONT');
    expect(active).toHaveTextContent('Délégation');
    expect(active).toHaveTextContent('Active');
    expect(
      within(within(active).getByRole('list', { name: 'Droits de Claire DUPONT' }))
        .getAllByRole('listitem')
        .map((droit) => droit.textContent),
    ).toEqual(['Remboursements et documents', 'Attestations et carte de tiers payant']);
    expect(active).toHaveTextContent('Depuis le 02/11/2026');
    expect(active).toHaveTextContent('Jusqu’au 30/06/2027');
    expect(within(active).getByRole('heading', { level: 4, name: 'Ce qu’elle a fait pour vous' })).toBeVisible();
    expect(within(active).getByRole('list', { name: 'Ce qu’elle a fait pour vous' })).toHaveTextContent(
      '03/11/2026 à 09:15 A consulté vos remboursements',
    );
    expect(within(active).getByRole('button', { name: 'Retirer la délégation : Claire DUPONT' })).toBeVisible();

    // Not used yet: named by the address invited.
    const enAttente = await item('paul.durand@example.org');
    expect(enAttente).toHaveTextContent('En attente de première utilisation');
    expect(enAttente).toHaveTextContent('Aucune action pour l’instant.');
    expect(within(enAttente).getByRole('button', { name: /^Retirer la délégation/ })).toBeVisible();

    // The mutual's to end, not the member's.
    const guardian = await item('UDAF de Côte-d’Or');
    expect(guardian).toHaveTextContent('Tutelle');
    expect(guardian).toHaveTextContent('Gestion du contrat : coordonnées, coordonnées bancaires, bénéficiaires, résiliation');
    expect(
      within(within(guardian).getByRole('list', { name: 'Ce qu’elle a fait pour vous' }))
        .getAllByRole('listitem')
        .map((action) => action.textContent),
    ).toEqual([
      '21/11/2026 à 16:05 A envoyé une demande en votre nom',
      '20/11/2026 à 08:40 A téléchargé votre attestation de droits',
    ]);
    expect(within(guardian).queryByRole('button')).not.toBeInTheDocument();

    expect(await item('Luc PETIT')).toHaveTextContent('Retirée le 12/10/2026');
    expect(within(await item('Luc PETIT')).queryByRole('button')).not.toBeInTheDocument();
    expect(await item('Anne ROUX')).toHaveTextContent('Terminée');
    expect(within(await item('Anne ROUX')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the member gave no delegation', async () => {
    memberApi({ delegations: [] });
    await openPage();

    expect(await within(delegationsSection()).findByText('Vous n’avez donné aucune délégation.')).toBeVisible();
  });

  it('withdraws a delegation only once the member has confirmed, then shows it withdrawn', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const state = memberApi();
    await openPage();
    const active = await item('Claire DUPONT');

    await userEvent.click(within(active).getByRole('button', { name: 'Retirer la délégation : Claire DUPONT' }));

    expect(
      within(active).getByText('Retirer la délégation de Claire DUPONT ? Elle ne pourra plus agir pour vous.'),
    ).toBeVisible();
    const confirmer = within(active).getByRole('button', { name: 'Confirmer le retrait' });
    expect(confirmer).toHaveFocus();
    expect(confirmer).toHaveAccessibleDescription(
      'Retirer la délégation de Claire DUPONT ? Elle ne pourra plus agir pour vous.',
    );
    expect(state.retraits).toEqual([]);

    await userEvent.click(confirmer);

    expect(await within(delegationsSection()).findByRole('status')).toHaveTextContent(
      'La délégation de Claire DUPONT est retirée.',
    );
    await waitFor(async () => {
      expect(await item('Claire DUPONT')).toHaveTextContent('Retirée le 24/11/2026');
    });
    expect(within(await item('Claire DUPONT')).queryByRole('button')).not.toBeInTheDocument();
    expect(state.retraits).toEqual(['7']);
    expect(state.xsrf).toEqual(['jeton']);
    expect(state.lists).toBe(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Les personnes qui agissent pour vous' })).toHaveFocus();
  });

  it('keeps the delegation when the member cancels', async () => {
    const state = memberApi();
    await openPage();
    const active = await item('Claire DUPONT');
    await userEvent.click(within(active).getByRole('button', { name: 'Retirer la délégation : Claire DUPONT' }));

    await userEvent.click(within(active).getByRole('button', { name: 'Annuler' }));

    expect(within(active).queryByRole('button', { name: 'Confirmer le retrait' })).not.toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Retirer la délégation : Claire DUPONT' })).toHaveFocus();
    expect(state.retraits).toEqual([]);
  });
});

describe('inviting a person', () => {
  it('sends the address, the rights chosen and the last day, says so and lists the invitation', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const state = memberApi({ delegations: [] });
    await openPage();
    const { min, max, parDefaut } = bornesFin(new Date());
    const fin = within(form()).getByLabelText('Jusqu’au');
    expect(fin).toHaveValue(parDefaut);
    expect(fin).toHaveAttribute('min', min);
    expect(fin).toHaveAttribute('max', max);

    await userEvent.type(within(form()).getByLabelText('Adresse électronique de la personne'), 'jeanne.dupont@example.org');
    await userEvent.click(within(form()).getByRole('checkbox', { name: 'Voir vos remboursements et vos documents' }));
    await userEvent.click(
      within(form()).getByRole('checkbox', { name: 'Envoyer des demandes et des messages en votre nom' }),
    );
    await userEvent.click(within(form()).getByRole('button', { name: 'Envoyer l’invitation' }));

    expect(await within(form()).findByRole('status')).toHaveTextContent(
      'Invitation enregistrée : jeanne.dupont@example.org pourra agir pour vous dès sa connexion.',
    );
    expect(state.invitations).toEqual([
      { courriel: 'jeanne.dupont@example.org', droits: ['REMBOURSEMENTS', 'DEMANDES'], fin: parDefaut },
    ]);
    expect(state.xsrf).toEqual(['jeton']);
    expect(await item('jeanne.dupont@example.org')).toHaveTextContent('En attente de première utilisation');
    // A new form for the next one.
    expect(within(form()).getByLabelText('Adresse électronique de la personne')).toHaveValue('');
  });

  it('shows the server’s refusal as it says it, what was typed kept', async () => {
    const state = memberApi({ delegations: [] });
    server.use(
      http.post('/api/assure/delegations', () =>
        errorBody(422, 'unprocessable_entity', 'Vous ne pouvez pas vous donner une délégation à vous-même.'),
      ),
    );
    await openPage();

    await userEvent.type(within(form()).getByLabelText('Adresse électronique de la personne'), 'marie.dupont@example.org');
    await userEvent.click(
      within(form()).getByRole('checkbox', { name: 'Télécharger vos attestations et votre carte de tiers payant' }),
    );
    await userEvent.click(within(form()).getByRole('button', { name: 'Envoyer l’invitation' }));

    const refus = await within(form()).findByRole('alert');
    expect(refus).toHaveTextContent('Vous ne pouvez pas vous donner une délégation à vous-même.');
    expect(refus).toHaveFocus();
    expect(within(form()).getByLabelText('Adresse électronique de la personne')).toHaveValue('marie.dupont@example.org');
    expect(state.invitations).toEqual([]);
  });

  it('asks for at least one right before sending anything', async () => {
    const state = memberApi({ delegations: [] });
    await openPage();

    await userEvent.type(within(form()).getByLabelText('Adresse électronique de la personne'), 'jeanne.dupont@example.org');
    await userEvent.click(within(form()).getByRole('button', { name: 'Envoyer l’invitation' }));

    const droits = within(form()).getByRole('group', { name: 'Ce qu’elle pourra faire pour vous' });
    expect(await within(droits).findByRole('alert')).toHaveTextContent('Choisissez au moins un droit.');
    expect(droits).toHaveAccessibleDescription('Choisissez au moins un droit.');
    expect(within(droits).getByRole('checkbox', { name: 'Voir vos remboursements et vos documents' })).toHaveFocus();
    expect(state.invitations).toEqual([]);
  });

  it('says why the portal asks to sign in again first', async () => {
    memberApi({ delegations: [] });
    server.use(
      http.post('/api/assure/delegations', () =>
        errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
      ),
    );
    await openPage();

    await userEvent.type(within(form()).getByLabelText('Adresse électronique de la personne'), 'jeanne.dupont@example.org');
    await userEvent.click(within(form()).getByRole('checkbox', { name: 'Voir vos remboursements et vos documents' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Envoyer l’invitation' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(
      within(dialog).getByText('Pour votre sécurité, confirmez votre identité avant de donner une délégation.'),
    ).toBeVisible();
  });
});

describe('the members one may act for', () => {
  it('are listed to act for, when there are some', async () => {
    memberApi({ procurations: [aProcuration()] });
    await openPage();

    const section = await screen.findByRole('region', { name: 'Les personnes pour qui vous pouvez agir' });
    expect(within(section).getByRole('button', { name: 'Agir pour M. Jean MARTIN' })).toBeVisible();
    expect(section).toHaveTextContent('Jusqu’au 31/03/2027');
  });

  it('are not mentioned when there are none', async () => {
    memberApi();
    await openPage();
    await item('Claire DUPONT');

    expect(screen.queryByRole('region', { name: 'Les personnes pour qui vous pouvez agir' })).not.toBeInTheDocument();
  });
});

describe('the page of someone acting for the member', () => {
  it('says only the member manages delegations, and shows neither the list nor the form', async () => {
    const asked: string[] = [];
    server.use(sessionIs(anActingSession({ droits: ['GESTION'] })), ...shellContent());
    server.use(
      procurationsAre([]),
      // The page's answers may be asked with its code; the member API refuses them.
      http.get('/api/assure/delegations', () => {
        asked.push('delegations');
        return errorBody(403, 'forbidden', 'Seul l’adhérent peut gérer ses délégations.');
      }),
    );
    await openPage();

    expect(screen.getByText('Seul l’adhérent peut gérer les délégations.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Les personnes qui agissent pour vous' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Inviter une personne' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Une personne de confiance/)).not.toBeInTheDocument();
    // By the route's loader alone, which asks before the session is known; never by the page.
    expect(asked).toEqual(['delegations']);
  });
});
