import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  aBeneficiaire,
  aLigne,
  aPaiement,
  errorBody,
  signedIn,
} from '@/test/fixtures';
import { renderApp, renderAppPastDataWait } from '@/test/render-app';
import { server } from '@/test/server';

const lucas = aBeneficiaire({ id: 3, prenom: 'Lucas', nom: 'DUPONT', lien: 'ENFANT' });

/** 23 payments, newest first, every one in November 2026. */
const payments = Array.from({ length: 23 }, (_, index) =>
  aPaiement({
    paymentId: `P${String(index + 1)}`,
    paymentDate: `2026-11-${String(25 - index).padStart(2, '0')}`,
    montantRembourse: 10,
    destinataire: index % 2 === 0 ? 'ASSURE' : 'PROFESSIONNEL_DE_SANTE',
    nomDestinataire: index % 2 === 0 ? 'Marie DUPONT' : 'Pharmacie du Centre',
    beneficiaryFirstName: index === 0 ? 'Lucas' : 'Marie',
  }),
);

/** What the member API was asked, in order. */
let asked: URL[] = [];

function memberApi(list = payments) {
  asked = [];
  server.use(
    ...signedIn(),
    http.get('/api/assure/beneficiaires', () =>
      HttpResponse.json([aBeneficiaire(), lucas]),
    ),
    http.get('/api/assure/prestations', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(list);
    }),
    http.get('/api/assure/prestations-pro', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(list.filter((p) => p.destinataire === 'PROFESSIONNEL_DE_SANTE'));
    }),
  );
}

async function openList(path = '/mutuelle/remboursements') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Mes remboursements' });
  return view;
}

function cards() {
  return screen.getAllByRole('link', { name: /^Paiement du/ });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Mes remboursements', () => {
  it('shows the payments newest first, ten a page, with the total paid', async () => {
    memberApi();
    await openList();
    await waitFor(() => {
      expect(cards()).toHaveLength(10);
    });
    expect(cards()[0]).toHaveTextContent('Paiement du 25/11/2026');
    expect(cards()[0]).toHaveAttribute('href', '/mutuelle/remboursements/2026-11-25');
    expect(screen.getByText('23 paiements.')).toBeVisible();
    expect(screen.getByText(/Total remb\. Cogévie : 230,00/)).toBeVisible();
  });

  it('keeps the page in the address when the member changes page', async () => {
    memberApi();
    const { router } = await openList();
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?page=2');
    });
    expect(cards()[0]).toHaveTextContent('Paiement du 15/11/2026');
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens on the page the address names', async () => {
    memberApi();
    await openList('/mutuelle/remboursements?page=3');
    await waitFor(() => {
      expect(cards()).toHaveLength(3);
    });
    expect(cards()[0]).toHaveTextContent('Paiement du 05/11/2026');
  });

  it('asks for one beneficiary, back on page 1, with the choice in the address', async () => {
    memberApi();
    const { router } = await openList('/mutuelle/remboursements?page=2');
    await userEvent.selectOptions(
      await screen.findByLabelText('Bénéficiaire'),
      await screen.findByRole('option', { name: 'Lucas DUPONT' }),
    );
    await waitFor(() => {
      expect(router.state.location.search).toBe('?beneficiaire=3');
    });
    await waitFor(() => {
      expect(asked.at(-1)?.searchParams.get('idBeneficiaire')).toBe('3');
    });
  });

  it('asks for the period of a preset, as of today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 23) });
    memberApi();
    const { router } = await openList();
    await userEvent.selectOptions(screen.getByLabelText('Période'), 'L’année dernière');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?periode=annee-derniere');
    });
    // Among the calls, not necessarily the last: the first page's own load may reach the
    // member API after the one the choice made.
    await waitFor(() => {
      expect(asked.map((url) => url.search)).toContain('?dateDebut=2025-01-01&dateFin=2025-12-31');
    });
  });

  it('asks for two chosen dates', async () => {
    memberApi();
    await openList('/mutuelle/remboursements?periode=dates&du=2026-01-01&au=2026-03-31');
    expect(screen.getByLabelText('Paiements du')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('au')).toHaveValue('2026-03-31');
    await waitFor(() => {
      expect(asked.at(-1)?.search).toBe('?dateDebut=2026-01-01&dateFin=2026-03-31');
    });
  });

  it('shows the tiers-payant payments from their own list, and the member’s own by filter', async () => {
    memberApi();
    await openList('/mutuelle/remboursements?versement=tiers-payant');
    await waitFor(() => {
      expect(asked.at(-1)?.pathname).toBe('/api/assure/prestations-pro');
    });
    expect(await screen.findByText('11 paiements.')).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Versés'), 'À vous');
    expect(await screen.findByText('12 paiements.')).toBeVisible();
    expect(asked.at(-1)?.pathname).toBe('/api/assure/prestations');
  });

  it('says when there is no payment at all', async () => {
    memberApi([]);
    await openList();
    expect(
      await screen.findByText('Vous n’avez pas de remboursement pour l’instant'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).not.toBeInTheDocument();
  });

  it('offers to clear filters that select nothing', async () => {
    memberApi([]);
    const { router } = await openList('/mutuelle/remboursements?beneficiaire=3&periode=3-mois');
    expect(
      await screen.findByText('Aucun remboursement ne correspond à ces critères.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
  });

  it('shows skeletons while the list loads', async () => {
    memberApi();
    server.use(http.get('/api/assure/prestations', () => new Promise(() => undefined)));
    await renderAppPastDataWait('/mutuelle/remboursements', '/api/assure/prestations');
    await screen.findByRole('heading', { level: 1, name: 'Mes remboursements' });
    expect(screen.getByText('Chargement de vos remboursements…').closest('[role="status"]')).not.toBeNull();
  });

  it('says the list failed, and a retry brings it', async () => {
    memberApi();
    let calls = 0;
    server.use(
      http.get('/api/assure/prestations', () => {
        calls += 1;
        return calls === 1
          ? errorBody(502, 'bad_gateway', 'Le service est momentanément indisponible.')
          : HttpResponse.json([aPaiement()]);
      }),
    );
    await openList();
    expect(await screen.findByText('Vos remboursements n’ont pas pu être chargés.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('1 paiement.')).toBeVisible();
  });

  it('exports what the filters select as a CSV file', async () => {
    memberApi([aPaiement({ detailRemboursement: [aLigne(), aLigne({ labelExternalCode: 'Radio' })] })]);
    const saved: Blob[] = [];
    // Spied on rather than assigned: URL's own functions are back for the tests after this one.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    onTestFinished(() => {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
    });
    await openList();
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter (CSV)' }));
    expect(saved).toHaveLength(1);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]?.arrayBuffer());
    expect(text.startsWith('\uFEFFDate de paiement;')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
  });
});

describe('« Je ne reconnais pas ce soin » on the list', () => {
  it('is offered on each line of a card, which still leads to its payment day', async () => {
    memberApi([
      aPaiement({
        paymentId: 'P7',
        paymentDate: '2026-11-17',
        detailRemboursement: [
          aLigne({ idLigne: 4 }),
          aLigne({ idLigne: 5, labelExternalCode: 'Radiographie', startDate: '2026-11-12' }),
        ],
      }),
    ]);
    const { router } = await openList();

    const [card] = await waitFor(() => {
      expect(cards()).toHaveLength(1);
      return cards();
    });
    expect(card).toHaveTextContent('Paiement du 17/11/2026Marie DUPONT');
    expect(card).toHaveAttribute('href', '/mutuelle/remboursements/2026-11-17');
    const links = screen.getAllByRole('link', { name: /^Je ne reconnais pas ce soin/ });
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [
        'Je ne reconnais pas ce soin : Consultation généraliste du 10/11/2026',
        '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=4',
      ],
      [
        'Je ne reconnais pas ce soin : Radiographie du 12/11/2026',
        '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=5',
      ],
    ]);
    // Each within its line, not inside the card's link.
    expect(card).not.toContainElement(links[0] ?? null);
    expect(links[1]?.closest('li')).toHaveTextContent('Radiographie');

    await userEvent.click(
      screen.getByRole('link', { name: 'Je ne reconnais pas ce soin : Radiographie du 12/11/2026' }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/remboursements/signalement');
    });
    expect(router.state.location.search).toBe('?jour=2026-11-17&paiement=P7&ligne=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Je ne reconnais pas ce soin' })).toBeVisible();
  });
});
