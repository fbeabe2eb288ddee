import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { aContrat, aHome, errorBody, homeIs, signedIn } from '@/test/fixtures';
import { navigatePastDataWait, pageReady, renderApp, renderAppPastDataWait } from '@/test/render-app';
import { server } from '@/test/server';
import type { PaiementEnLigne } from '../api/get-paiement';

const adresse = '/mutuelle/cotisations/paiement/CMD0001';
const title = 'Paiement de vos cotisations';
const attente = 'Nous attendons la confirmation de votre banque…';
const rienPreleve = 'Rien n’a été prélevé : votre cotisation reste à régler.';

/**
 * The real clock's `setTimeout`, kept before a test fakes it: the test waits on it for the page
 * to show what it read, while the page's own clock moves only when the test says.
 */
const realSetTimeout = globalThis.setTimeout;

/** Waits, on the real clock, until `check` passes (for a second at most). */
async function until(check: () => void) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= 100) throw error;
    }
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}

/**
 * Moves the page's clock on, half a second at a time, each answer let in between, until `check`
 * passes (ten minutes of that clock at most). The readings' rhythm has its own tests
 * (`use-polling.test.ts`); here, what the page makes of them.
 */
async function onTheClockUntil(check: () => void) {
  for (let elapsed = 0; ; elapsed += 500) {
    try {
      check();
      return;
    } catch (error) {
      if (elapsed >= 600_000) throw error;
    }
    await vi.advanceTimersByTimeAsync(500);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
  }
}

function aPaiement(overrides: Partial<PaiementEnLigne> = {}): PaiementEnLigne {
  return {
    commande: 'CMD0001',
    numeroContrat: 'IND-004512',
    montant: 38.5,
    centimes: 3850,
    devise: 'EUR',
    statut: 'EN_ATTENTE',
    creeLe: '2026-11-23T14:01:00Z',
    expireLe: '2026-11-23T14:31:00Z',
    regleLe: null,
    carte: null,
    transaction: null,
    motifRefus: null,
    ...overrides,
  };
}

const enAttente = aPaiement();
const accepte = aPaiement({
  statut: 'ACCEPTE',
  // 15:05 in Paris, in winter.
  regleLe: '2026-11-23T14:05:00Z',
  carte: 'VISA •••• 0003',
  transaction: '6f1c2a9e4b7d4e0f',
});

/** The order's answers, one per reading, the last one repeated; how many times it was read. */
function paiementLu(...reponses: PaiementEnLigne[]) {
  const lu = { fois: 0 };
  server.use(
    ...signedIn(),
    http.get('/api/assure/paiements/CMD0001', () => {
      lu.fois += 1;
      return HttpResponse.json(reponses[Math.min(lu.fois, reponses.length) - 1]);
    }),
  );
  return lu;
}

/** The page's clock, frozen until the test moves it (`setTimeout` only, as in route-data.test.tsx). */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** The receipt's terms and their values, in order, spaces as the eye reads them. */
function entries(section: HTMLElement) {
  const text = (element: Element | null | undefined) => element?.textContent.replace(/\s+/g, ' ');
  return within(section)
    .getAllByRole('term')
    .map((term) => [text(term), text(term.nextElementSibling)]);
}

/** `text`, in a region that announces it as it changes (`role="status"`). */
function announced(text: string) {
  const region = screen.getByText(text).closest('[role="status"]');
  expect(region).not.toBeNull();
  return region;
}

function outcome(name: string) {
  return screen.getByRole('region', { name });
}

describe('« Paiement de vos cotisations »', () => {
  it('shows the receipt of an accepted payment, its heading focused, to print', async () => {
    paiementLu(accepte);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    onTestFinished(() => {
      print.mockRestore();
    });

    renderApp(adresse);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Paiement accepté' });
    await pageReady(title);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(heading).toHaveFocus();
    const recu = outcome('Paiement accepté');
    expect(within(recu).getByText('Merci : votre paiement de 38,50 € est enregistré.')).toBeVisible();
    expect(entries(recu)).toEqual([
      ['Référence', 'CMD0001'],
      ['Contrat', 'IND-004512'],
      ['Montant', '38,50 €'],
      ['Payé le', '23/11/2026 à 15:05'],
      ['Carte', 'VISA •••• 0003'],
      ['Transaction', '6f1c2a9e4b7d4e0f'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Imprimer ce reçu' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Retour à mes cotisations' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties#cotisations',
    );
  });

  it.each([
    {
      statut: 'REFUSE' as const,
      motifRefus: 'Votre banque a refusé le paiement.',
      heading: 'Paiement refusé',
      text: `Votre banque a refusé le paiement. ${rienPreleve}`,
    },
    { statut: 'REFUSE' as const, motifRefus: null, heading: 'Paiement refusé', text: rienPreleve },
    { statut: 'ABANDONNE' as const, motifRefus: null, heading: 'Paiement abandonné', text: rienPreleve },
    {
      statut: 'A_REMBOURSER' as const,
      motifRefus: null,
      heading: 'Paiement reçu en double',
      text: 'Ce montant n’était plus dû : la mutuelle vous le rembourse sous 10 jours.',
    },
  ])('says what became of a payment $statut (reason: $motifRefus), its heading focused', async ({ statut, motifRefus, heading, text }) => {
    paiementLu(aPaiement({ statut, motifRefus }));

    renderApp(adresse);

    expect(await screen.findByRole('heading', { level: 2, name: heading })).toHaveFocus();
    const section = outcome(heading);
    expect(within(section).getByText(text, { exact: true })).toBeVisible();
    expect(within(section).queryByRole('term')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Imprimer ce reçu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à mes cotisations' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties#cotisations',
    );
  });

  it('reads the order again while the bank has not confirmed it, then stops at its outcome', async () => {
    const lu = paiementLu(enAttente, enAttente, accepte);
    freezeClock();

    renderApp(adresse);

    await until(() => {
      announced(attente);
    });
    await new Promise((resolve) => realSetTimeout(resolve, 50));
    const premieres = lu.fois;
    await vi.advanceTimersByTimeAsync(1499);
    expect(lu.fois).toBe(premieres);

    await onTheClockUntil(() => {
      expect(screen.getByRole('heading', { level: 2, name: 'Paiement accepté' })).toHaveFocus();
    });
    const jusqua = lu.fois;
    expect(screen.queryByText(attente)).toBeNull();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(lu.fois).toBe(jusqua);
  });

  it('reads it again 20 times at most, then says that the payment will show once the bank confirms it', async () => {
    const lu = paiementLu(enAttente);
    freezeClock();

    renderApp(adresse);

    await until(() => {
      announced(attente);
    });
    // The page's first reading (the route's and the hook's, which SWR may not merge when the
    // machine is slow): what follows is the waiting's alone.
    await new Promise((resolve) => realSetTimeout(resolve, 50));
    const premieres = lu.fois;
    await onTheClockUntil(() => {
      announced(
        'La confirmation de votre banque n’est pas encore arrivée. Votre paiement apparaîtra dans « Mes cotisations » dès qu’elle arrivera.',
      );
    });
    expect(screen.queryByText(attente)).toBeNull();
    expect(lu.fois - premieres).toBe(20);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(lu.fois - premieres).toBe(20);
  });

  it('says that an order the member API does not know of is not to be found', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/assure/paiements/CMD0001', () => errorBody(404, 'not_found', 'Introuvable.')),
    );

    renderApp(adresse);

    expect(await screen.findByText('Ce paiement est introuvable.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à mes cotisations' })).toBeVisible();
  });

  it('asks nothing for an address that names no order', async () => {
    // Any request for an order would be unhandled, and fail the test.
    server.use(...signedIn());

    renderApp('/mutuelle/cotisations/paiement/cmd-1');

    expect(await screen.findByText('Ce paiement est introuvable.')).toBeVisible();
  });

  it('says so while the order loads', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/assure/paiements/CMD0001', () => new Promise<never>(() => undefined)),
    );

    await renderAppPastDataWait(adresse, '/api/assure/paiements/CMD0001');

    await screen.findByText('Chargement de votre paiement…');
    announced('Chargement de votre paiement…');
  });

  it('says when the order could not be read, and reads it again on « Réessayer »', async () => {
    let answer = () => errorBody(502, 'bad_gateway', 'Le service est indisponible.');
    server.use(
      ...signedIn(),
      http.get('/api/assure/paiements/CMD0001', () => answer()),
    );

    renderApp(adresse);

    expect(await screen.findByText('Votre paiement n’a pas pu être chargé.')).toBeVisible();
    answer = () => HttpResponse.json(accepte);
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Paiement accepté' })).toBeVisible();
  });
});

/**
 * From `page`, once `shown`, to the receipt of an accepted payment, then back to `page`, whose next answer from
 * `held` does not come: the page shows what it has once its loader has waited.
 */
async function backAfterPayment(page: string, held: string, shown: () => Promise<HTMLElement>) {
  const { router } = renderApp(page);
  expect(await shown()).toBeVisible();

  await router.navigate(adresse);
  expect(await screen.findByRole('heading', { level: 2, name: 'Paiement accepté' })).toBeVisible();

  server.use(http.get(held, () => new Promise<never>(() => undefined)));
  await navigatePastDataWait(router, page, held);
  await waitFor(() => {
    expect(screen.queryByRole('heading', { level: 2, name: 'Paiement accepté' })).toBeNull();
  });
}

describe('after an accepted payment', () => {
  it('leaves the home no notice of the amount as still owed while its new answer comes', async () => {
    const impaye = { montant: 38.5, dateEcheance: '2026-10-05', motifRejet: 'provision insuffisante' };
    paiementLu(accepte);
    server.use(
      homeIs(
        aHome({
          echeanceProchaine: {
            data: { numeroContrat: 'IND-004512', dateEcheance: '2026-12-05', montant: 38.5, modePaiement: 'PRELEVEMENT', impaye },
          },
        }),
      ),
    );

    await backAfterPayment('/home', '/api/home', () =>
      screen.findByRole('region', { name: 'Une cotisation reste à régler' }),
    );

    await pageReady('Accueil');
    expect(screen.queryByRole('region', { name: 'Une cotisation reste à régler' })).toBeNull();
  });

  it('leaves « Mes cotisations » no amount as still owed while the contracts’ new answer comes', async () => {
    paiementLu(accepte);
    server.use(
      http.get('/api/assure/contrats', () => HttpResponse.json([aContrat({ montantImpaye: 38.5 })])),
      http.get('/api/assure/droitsCompletAdherent', () => HttpResponse.json({ numeroPersonne: '100001', contrats: [] })),
      http.get('/api/assure/droitsAdherent', () =>
        HttpResponse.json({ numeroPersonne: '100001', couvert: true, beneficiaires: [] }),
      ),
      http.get('/api/assure/beneficiaires', () => HttpResponse.json([])),
      http.get('/api/assure/echeance-prochaine', () => HttpResponse.json(null)),
      http.get('/api/assure/plafonds', () => HttpResponse.json([])),
      http.get('/api/assure/mandats', () => HttpResponse.json({ mandats: [] })),
    );

    await backAfterPayment('/mutuelle/contrats-garanties', '/api/assure/contrats', () =>
      screen.findByText('Montant restant dû : 38,50 €.'),
    );

    expect(await screen.findByRole('region', { name: 'Mes cotisations' })).toBeVisible();
    expect(screen.queryByText('Montant restant dû : 38,50 €.')).toBeNull();
  });
});
