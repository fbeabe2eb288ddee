import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Session } from '@/api/get-session';
import type { Remboursement } from '@/features/home/api/get-home';
import { aHome, anActingSession, aSession, errorBody, noRemboursements, shellContent, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

/** A payment on the home page, told apart by its one line of care. */
function payment(soin: string): Remboursement {
  return {
    paymentId: soin,
    paymentDate: '2026-11-02',
    beneficiaryFirstName: 'Jean',
    beneficiaryLastName: 'MARTIN',
    detailRemboursement: [{ labelExternalCode: soin, startDate: '2026-10-28', expenseAmount: 30, refundableAmount: 9 }],
  };
}

/**
 * The portal of someone acting for Jean MARTIN who has a space of their own (Marie DUPONT's):
 * the session and the home page follow whose space the server shows.
 */
function portal(acting: Session = anActingSession()) {
  const state = { session: acting, homes: 0, xsrf: [] as (string | null)[] };
  const own = aSession();
  server.use(...shellContent());
  // A second `use`: these take precedence over the shell's usual answers.
  server.use(
    http.get('/api/session', () => HttpResponse.json(state.session)),
    http.get('/api/home', () => {
      state.homes += 1;
      const soin = state.session.delegation ? 'Kinésithérapie de Jean' : 'Pharmacie de Marie';
      return HttpResponse.json(aHome({ remboursements: { data: [payment(soin)] } }));
    }),
    http.delete('/api/session/agir-pour', ({ request }) => {
      state.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      state.session = own;
      return HttpResponse.json(own);
    }),
  );
  return state;
}

function banner() {
  return screen.findByRole('region', { name: 'Vous agissez pour M. Jean MARTIN' });
}

describe('the banner of someone acting for a member', () => {
  it('names the member, the delegation’s last day and the ways out', async () => {
    portal();
    renderApp('/home');

    const region = await banner();
    expect(region).toHaveTextContent('Délégation jusqu’au 30/06/2027.');
    expect(within(region).getByRole('button', { name: 'Revenir à mon espace' })).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Changer de personne' })).toHaveAttribute('href', '/agir-pour');
    // Above the page, not in it: the page's title keeps the focus on arrival.
    expect(screen.getByRole('main')).not.toContainElement(region);
  });

  it('says a guardianship is the mutual’s, and offers no way back without a space of one’s own', async () => {
    portal(anActingSession({ nature: 'TUTELLE', retour: false }));
    renderApp('/home');

    const region = await banner();
    expect(region).toHaveTextContent('Tutelle enregistrée par votre mutuelle.');
    expect(region).not.toHaveTextContent('jusqu’au');
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Changer de personne' })).toBeVisible();
  });

  it('tells a beneficiary the space is his own, on whose contract', async () => {
    const thomas = aSession(
      { Civilite: '', Prenom: 'Thomas', Nom: 'DUPONT', numeroPersonne: '100001' },
      {
        delegation: {
          titulaire: 'Mme Marie DUPONT',
          nature: 'BENEFICIAIRE',
          droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'],
          fin: '2031-12-06',
          retour: false,
        },
      },
    );
    portal(thomas);
    renderApp('/home');

    const region = await screen.findByRole('region', { name: 'Votre espace personnel' });
    expect(region).toHaveTextContent('Sur le contrat de Mme Marie DUPONT : vos remboursements, votre carte et vos demandes.');
    expect(region).not.toHaveTextContent('Vous agissez pour');
  });

  it('is not there in one’s own space', async () => {
    server.use(...signedIn());
    renderApp('/home');
    await pageReady('Accueil');

    expect(screen.queryByRole('region', { name: /Vous agissez pour/ })).not.toBeInTheDocument();
  });

  it('goes back to one’s own space through the server, keeping nothing of the member acted for', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const state = portal();
    const { router } = renderApp('/home');
    const region = await banner();
    expect(await screen.findByText('Kinésithérapie de Jean')).toBeVisible();
    sessionStorage.setItem('espace-assure.demande-en-cours', '{"type":"DEVIS"}');

    await userEvent.click(within(region).getByRole('button', { name: 'Revenir à mon espace' }));

    expect(await screen.findByText('Pharmacie de Marie')).toBeVisible();
    expect(screen.queryByText('Kinésithérapie de Jean')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Vous agissez pour/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mme Marie DUPONT' })).toBeVisible();
    expect(state.xsrf).toEqual(['jeton']);
    // The home page asked again for its answer, now Marie's, rather than showing Jean's.
    expect(state.homes).toBe(2);
    expect(sessionStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows why the server refused the way back', async () => {
    portal();
    server.use(
      http.delete('/api/session/agir-pour', () =>
        errorBody(409, 'sans_espace', 'Vous n’avez pas d’espace adhérent à vous.'),
      ),
    );
    renderApp('/home');
    const region = await banner();

    await userEvent.click(within(region).getByRole('button', { name: 'Revenir à mon espace' }));

    expect(await within(region).findByRole('alert')).toHaveTextContent('Vous n’avez pas d’espace adhérent à vous.');
  });
});

describe('a refusal of the member API to someone acting for a member', () => {
  it('shows the server’s message when a right is missing', async () => {
    portal();
    server.use(...noRemboursements());
    server.use(
      http.get('/api/assure/prestations', () =>
        errorBody(403, 'droit_non_accorde', 'Vous n’avez pas le droit de voir les remboursements de cette personne.'),
      ),
    );
    renderApp('/mutuelle/remboursements');

    expect(
      await screen.findByText('Vous n’avez pas le droit de voir les remboursements de cette personne.'),
    ).toBeVisible();
    expect(await banner()).toBeVisible();
  });

  it('takes the person back to the space the server now shows when the delegation was withdrawn', async () => {
    const state = portal();
    server.use(...noRemboursements());
    server.use(
      http.get('/api/assure/prestations', () => {
        // The server has switched the session back as it refused.
        state.session = aSession();
        return errorBody(403, 'delegation_retiree', 'Marie DUPONT a retiré votre délégation.');
      }),
    );
    const { router } = renderApp('/mutuelle/remboursements');

    expect(await screen.findByText('Pharmacie de Marie')).toBeVisible();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('region', { name: /Vous agissez pour/ })).not.toBeInTheDocument();
    expect(screen.getByText('Marie DUPONT a retiré votre délégation.')).toBeVisible();
  });
});
