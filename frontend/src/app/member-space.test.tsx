import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eraseSavedCard,
  readSavedCard,
  recordSignIn,
  saveCard,
  setKeepCard,
} from '@/entities/carte-tp/saved-card';
import { browserLocation } from '@/lib/browser-location';
import { defaultBrand } from '@/config/brand';
import { formatDate } from '@/lib/format-date';
import { aCarteTp, errorBody, noSession, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const year = new Date().getFullYear();
// Valid whenever the test runs.
const carte = aCarteTp({
  dateDebutValidite: `${String(year)}-01-01`,
  dateFinValidite: `${String(year)}-12-31`,
});
const codeName = 'Code à scanner par votre professionnel de santé';

/** No answer at all: every call's fetch fails, as with the device offline. */
function networkDown() {
  return http.all('/api/*', () => HttpResponse.error());
}

/** `owner` signed in on the device at `savedOn`, turned keeping on and kept the card then. */
async function cardKeptFor(owner = '100001', savedOn = new Date()) {
  await recordSignIn(owner, savedOn);
  await setKeepCard(true);
  await saveCard(owner, [carte], savedOn);
}

function daysFromNow(count: number): Date {
  return new Date(Date.now() + count * 24 * 60 * 60 * 1000);
}

// Erasing the copy also forgets the choice to keep it: each test starts with keeping off.
afterEach(async () => {
  vi.restoreAllMocks();
  await eraseSavedCard();
});

describe('the card kept on the device, when the app starts offline', () => {
  it('shows on its own page, with the day it was saved, its fields and its code', async () => {
    await cardKeptFor();
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');

    expect(
      await screen.findByText(`Hors connexion : carte enregistrée le ${formatDate(new Date())}`),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ma carte de Tiers Payant' }),
    ).toBeVisible();
    const card = screen.getByRole('article', { name: 'Carte de tiers payant' });
    for (const [label, value] of [
      ['Numéro AMC', '75500017'],
      ['Type de convention', 'SP'],
      ['Critère secondaire de routage', 'IS'],
      ['Numéro d’adhérent', '100001'],
      ['Période de validité', `Du 01/01/${String(year)} au 31/12/${String(year)}`],
    ]) {
      expect(within(card).getByText(label ?? '').nextSibling).toHaveTextContent(value ?? '');
    }
    expect(within(card).getByRole('row', { name: 'Lucas DUPONT 02/06/2015' })).toBeVisible();
    expect(within(card).getByRole('img', { name: codeName })).toBeVisible();
    // Nothing that needs the server: no menu, no download, no print.
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Télécharger' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimer' })).not.toBeInTheDocument();
  });

  it('leads to it from any other address', async () => {
    await cardKeptFor();
    server.use(networkDown());

    const { router } = renderApp('/home');
    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    await userEvent.click(
      await screen.findByRole('link', { name: 'Afficher ma carte de tiers payant enregistrée' }),
    );

    expect(await screen.findByRole('img', { name: codeName })).toBeVisible();
    expect(router.state.location.pathname).toBe('/mutuelle/smart-carte');
  });

  it('gives way to the member’s space once the server answers again', async () => {
    await cardKeptFor();
    server.use(networkDown());
    renderApp('/mutuelle/smart-carte');
    const retry = await screen.findByRole('button', { name: 'Réessayer de me connecter' });

    server.resetHandlers(
      ...signedIn(),
      http.get('/api/assure/carte-tp', () => HttpResponse.json([carte])),
    );
    await userEvent.click(retry);

    expect(
      await screen.findByRole('navigation', { name: 'Menu principal' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Hors connexion/)).not.toBeInTheDocument();
  });

  it('is not there without a kept card: the usual failure, in French', async () => {
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
    );
    expect(screen.queryByRole('img', { name: codeName })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /carte de tiers payant enregistrée/ })).toBeNull();
  });

  it('is not shown, but erased, when the copy has expired', async () => {
    const expired = aCarteTp({ dateDebutValidite: '2020-01-01', dateFinValidite: '2020-12-31' });
    await setKeepCard(true);
    await saveCard('100001', [expired], new Date(2020, 5, 15));
    await recordSignIn('100001');
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    expect(screen.queryByRole('img', { name: codeName })).not.toBeInTheDocument();
    expect(await readSavedCard(7, new Date(2020, 5, 16))).toBeNull();
  });

  it('is still shown 6 days after the last sign-in on the device', async () => {
    await cardKeptFor('100001', daysFromNow(-6));
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByRole('img', { name: codeName })).toBeVisible();
  });

  it('is not shown, but erased, 8 days after the last sign-in on the device', async () => {
    await cardKeptFor('100001', daysFromNow(-8));
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    expect(screen.queryByRole('img', { name: codeName })).not.toBeInTheDocument();
    expect(await readSavedCard(7, daysFromNow(-8))).toBeNull();
  });

  it('is erased after the partner’s number of days without a sign-in', async () => {
    await cardKeptFor('100001', daysFromNow(-3));
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte', { brand: { ...defaultBrand, keptCardDays: 2 } });

    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    expect(screen.queryByRole('img', { name: codeName })).not.toBeInTheDocument();
    expect(await readSavedCard(7, daysFromNow(-3))).toBeNull();
  });

  it('does not count as a sign-in: the days still run from the last one', async () => {
    await cardKeptFor('100001', daysFromNow(-6));
    server.use(networkDown());

    renderApp('/mutuelle/smart-carte');
    expect(await screen.findByRole('img', { name: codeName })).toBeVisible();

    expect(await readSavedCard(7, daysFromNow(2))).toBeNull();
  });

  it('is not shown when the server answers, even with a failure', async () => {
    await cardKeptFor();
    server.use(
      http.get('/api/session', () => errorBody(503, 'unavailable', 'Service indisponible.')),
      http.get('/api/assure/carte-tp', () =>
        errorBody(503, 'unavailable', 'Service indisponible.'),
      ),
    );

    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByText('Votre espace n’a pas pu être chargé')).toBeVisible();
    expect(screen.queryByText(/Hors connexion/)).not.toBeInTheDocument();
    expect(await readSavedCard(7)).not.toBeNull();
  });
});

describe('erasing the card kept on the device', () => {
  it('happens on a 401: the session has ended, no offline page', async () => {
    await cardKeptFor();
    server.use(noSession());

    const { router } = renderApp('/mutuelle/smart-carte');

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(/Hors connexion/)).not.toBeInTheDocument();
    await waitFor(async () => {
      expect(await readSavedCard(7)).toBeNull();
    });
  });

  it('happens at sign-out', async () => {
    await cardKeptFor();
    server.use(
      ...signedIn(),
      http.get('/api/assure/carte-tp', () => HttpResponse.json([carte])),
      http.post('/auth/logout', () => HttpResponse.json({ redirectTo: 'https://idp.example/end' })),
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    renderApp('/mutuelle/smart-carte');
    // The page has kept the card it loaded.
    await waitFor(() => {
      expect(screen.getByRole('switch')).toBeEnabled();
    });
    expect(await readSavedCard(7)).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://idp.example/end');
    });
    expect(await readSavedCard(7)).toBeNull();
  });

  it('happens when another member signs in on the device', async () => {
    await cardKeptFor('200002');
    server.use(...signedIn());

    renderApp('/home');

    expect(await screen.findByText('Bienvenue sur votre espace assuré')).toBeVisible();
    await waitFor(async () => {
      expect(await readSavedCard(7)).toBeNull();
    });
  });

  it('is held off by each sign-in: the server’s confirmation of the session is recorded', async () => {
    server.use(...signedIn());

    renderApp('/home');

    expect(await screen.findByText('Bienvenue sur votre espace assuré')).toBeVisible();
    // Saved again at each try: a read before the sign-in is recorded erases the copy, and
    // the choice to keep it.
    await waitFor(async () => {
      await setKeepCard(true);
      await saveCard('100001', [carte]);
      expect(await readSavedCard(7)).not.toBeNull();
    });
    expect(await readSavedCard(7, daysFromNow(8))).toBeNull();
  });

  it('does not happen when the same member signs in again', async () => {
    await cardKeptFor('100001');
    server.use(...signedIn());

    renderApp('/home');

    expect(await screen.findByText('Bienvenue sur votre espace assuré')).toBeVisible();
    expect(await readSavedCard(7)).toMatchObject({ owner: '100001' });
  });
});
