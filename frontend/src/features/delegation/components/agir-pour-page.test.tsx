import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Session } from '@/api/get-session';
import {
  anActingSession,
  aProcuration,
  aSession,
  errorBody,
  procurationsAre,
  shellContent,
} from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const jean = aProcuration();
const lucie = aProcuration({
  numero: '100003',
  Civilite: 'Mme',
  Prenom: 'lucie',
  Nom: 'Bernard',
  nature: 'TUTELLE',
  droits: ['GESTION', 'REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'],
  fin: '2031-01-15',
});

/**
 * The portal of a person signed in as `session`, who may act for `procurations`; acting for
 * someone, or back, the session is the server's answer.
 */
function portal(session: Session, procurations: MemberApi<'Procuration'>[]) {
  const received = { put: [] as unknown[], deleted: 0, xsrf: [] as (string | null)[] };
  let current = session;
  server.use(...shellContent(), procurationsAre(procurations));
  server.use(
    http.get('/api/session', () => HttpResponse.json(current)),
    http.put('/api/session/agir-pour', async ({ request }) => {
      received.put.push(await request.json());
      received.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      current = anActingSession({ droits: ['DEMANDES', 'REMBOURSEMENTS'], fin: '2027-03-31' });
      return HttpResponse.json(current);
    }),
    http.delete('/api/session/agir-pour', () => {
      received.deleted += 1;
      current = aSession();
      return HttpResponse.json(current);
    }),
  );
  return received;
}

async function openPage() {
  const view = renderApp('/agir-pour');
  await pageReady('Pour qui agissez-vous ?');
  return view;
}

describe('Pour qui agissez-vous ?', () => {
  it('lists the members one may act for, each with their rights in words and the last day', async () => {
    portal(aSession(), [jean, lucie]);
    await openPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Pour qui agissez-vous ?' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Agir pour M. Jean MARTIN' })).toBeVisible();
    const droits = (nom: string) =>
      within(screen.getByRole('list', { name: `Vos droits pour ${nom}` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(droits('M. Jean MARTIN')).toEqual(['Remboursements et documents', 'Demandes et messages']);
    expect(screen.getByText('Jusqu’au 31/03/2027')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agir pour Mme Lucie BERNARD' })).toBeVisible();
    expect(droits('Mme Lucie BERNARD')).toEqual([
      'Remboursements et documents',
      'Attestations et carte de tiers payant',
      'Demandes et messages',
      'Gestion du contrat : coordonnées, coordonnées bancaires, bénéficiaires, résiliation',
    ]);
    expect(screen.getByText('Jusqu’au 15/01/2031')).toBeVisible();
  });

  it('offers a member their own space first, where they already are', async () => {
    portal(aSession(), [jean]);
    await openPage();

    const own = screen.getByRole('link', { name: 'Mon propre espace' });
    expect(own).toHaveAttribute('href', '/home');
    expect(own.compareDocumentPosition(await screen.findByRole('button', { name: /^Agir pour/ }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('acts for the member chosen, through the server, then shows their space from its home', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const received = portal(aSession(), [jean, lucie]);
    const { router } = await openPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Agir pour M. Jean MARTIN' }));

    expect(await screen.findByRole('region', { name: 'Vous agissez pour M. Jean MARTIN' })).toBeVisible();
    expect(received.put).toEqual([{ numero: '100002' }]);
    expect(received.xsrf).toEqual(['jeton']);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/home');
    });
  });

  it('goes back to one’s own space through the server while acting for someone', async () => {
    const received = portal(anActingSession(), [jean]);
    const { router } = await openPage();

    await userEvent.click(screen.getByRole('button', { name: 'Mon propre espace' }));

    await waitFor(() => {
      expect(screen.queryByRole('region', { name: /Vous agissez pour/ })).not.toBeInTheDocument();
    });
    expect(received.deleted).toBe(1);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('offers no space of one’s own to someone who has none', async () => {
    portal(anActingSession({ retour: false }), [jean]);
    await openPage();

    expect(await screen.findByRole('button', { name: 'Agir pour M. Jean MARTIN' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mon propre espace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mon propre espace' })).not.toBeInTheDocument();
  });

  it('says when nobody gave a delegation in force', async () => {
    portal(aSession(), []);
    await openPage();

    expect(await screen.findByText('Personne ne vous a donné de délégation en cours.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Agir pour/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, staying on the page', async () => {
    portal(aSession(), [jean]);
    server.use(
      http.put('/api/session/agir-pour', () =>
        errorBody(403, 'delegation_inconnue', 'Cette personne ne vous a pas donné de délégation.'),
      ),
    );
    const { router } = await openPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Agir pour M. Jean MARTIN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Cette personne ne vous a pas donné de délégation.');
    expect(router.state.location.pathname).toBe('/agir-pour');
  });
});
