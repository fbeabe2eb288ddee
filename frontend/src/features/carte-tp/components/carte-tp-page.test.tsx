import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aCarteTp, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { User } from '@/api/get-session';
import { eraseSavedCard, readSavedCard, recordSignIn, setKeepCard } from '@/entities/carte-tp/saved-card';
import { defaultBrand } from '@/config/brand';
import type { MemberApi } from '@/types/member-api';

const year = new Date().getFullYear();

// A card kept on the (fake) device, and the choice to keep it, are never handed to the next
// test: erasing the copy forgets the choice too.
afterEach(async () => {
  await eraseSavedCard();
});

function cardsAre(cards: MemberApi<'CarteTp'>[], user: Partial<User> = {}) {
  server.use(
    ...signedIn(user),
    http.get('/api/assure/carte-tp', () => HttpResponse.json(cards)),
  );
}

describe('Ma carte de Tiers Payant', () => {
  it('shows the card in force and next period’s, each labelled with the years it is valid', async () => {
    cardsAre([
      aCarteTp({
        id: 12,
        periode: 'SUIVANTE',
        dateDebutValidite: `${String(year + 1)}-01-01`,
        dateFinValidite: `${String(year + 1)}-12-31`,
      }),
      aCarteTp({ dateDebutValidite: `${String(year)}-01-01`, dateFinValidite: `${String(year)}-12-31` }),
    ]);
    renderApp('/mutuelle/smart-carte');
    const sections = await screen.findAllByRole('region', { name: /^Ma carte de Tiers Payant/ });
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      `Ma carte de Tiers Payant ${String(year)}`,
      `Ma carte de Tiers Payant ${String(year + 1)}`,
    ]);
  });

  it('names both years of a card valid across two', async () => {
    cardsAre([aCarteTp({ dateDebutValidite: `${String(year)}-07-01`, dateFinValidite: `${String(year + 1)}-06-30` })]);
    renderApp('/mutuelle/smart-carte');

    expect(
      await screen.findByRole('heading', { level: 2, name: `Ma carte de Tiers Payant ${String(year)}-${String(year + 1)}` }),
    ).toBeVisible();
  });

  it('labels the five standard fields, the people covered and the domains', async () => {
    cardsAre([aCarteTp({ critereAiguillage: '' })]);
    renderApp('/mutuelle/smart-carte');
    const card = await screen.findByRole('article', { name: 'Carte de tiers payant' });
    expect(within(card).getByText('Du 01/01/2026 au 31/12/2026', { selector: 'p' })).toBeVisible();
    for (const [label, value] of [
      ['Numéro AMC', '75500017'],
      ['Type de convention', 'SP'],
      ['Numéro d’adhérent', '100001'],
      ['Période de validité', 'Du 01/01/2026 au 31/12/2026'],
    ]) {
      expect(within(card).getByText(label ?? '').nextSibling).toHaveTextContent(value ?? '');
    }
    // Labelled even when the API leaves it empty.
    expect(within(card).getByText('Critère secondaire de routage')).toBeVisible();
    expect(within(card).getByRole('row', { name: 'Lucas DUPONT 02/06/2015' })).toBeVisible();
    expect(within(card).getByRole('list', { name: 'Tiers payant par domaine' })).toHaveTextContent(
      'PHAR 100 %HOSP PEC',
    );
    expect(
      within(card).getByRole('img', { name: 'Code à scanner par votre professionnel de santé' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  });

  it('explains, without a broken page, that a member without a card has none', async () => {
    cardsAre([], { CarteTp: false, CarteTpSuivante: false });
    renderApp('/mutuelle/smart-carte');
    expect(
      await screen.findByText(/Vous n’avez pas de carte de tiers payant en cours de validité/),
    ).toBeVisible();
  });

  it('tells a struck-off member why there is no card', async () => {
    cardsAre([], { Radie: true, CarteTp: false });
    renderApp('/mutuelle/smart-carte');
    expect(await screen.findByText(/Votre adhésion a pris fin/)).toBeVisible();
  });

  it('says the card could not be loaded, with a retry', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/assure/carte-tp', () => errorBody(502, 'bad_gateway', 'Indisponible.')),
    );
    renderApp('/mutuelle/smart-carte');
    expect(
      await screen.findByText('Votre carte de tiers payant n’a pas pu être chargée.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

describe('« Garder ma carte sur cet appareil »', () => {
  // Valid whenever the test runs: a copy past its validity is not kept.
  const thisYear = aCarteTp({
    dateDebutValidite: `${String(year)}-01-01`,
    dateFinValidite: `${String(year)}-12-31`,
  });
  const switchName = 'Garder ma carte sur cet appareil, pour la présenter sans connexion';

  // The member space records the sign-in once idle: recorded already, so that a check of the
  // kept card made before that does not find it too old, and erase it.
  beforeEach(async () => {
    await recordSignIn('100001');
  });

  async function keepSwitch() {
    const keep = await screen.findByRole('switch', { name: switchName });
    await waitFor(() => {
      expect(keep).toBeEnabled();
    });
    return keep;
  }

  it('is off until the member turns it on, says what it keeps and how long, and keeps nothing before', async () => {
    cardsAre([thisYear]);
    renderApp('/mutuelle/smart-carte');

    const keep = await keepSwitch();
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'Votre carte est alors gardée sur cet appareil, avec les noms, dates de naissance et numéros qu’elle porte. Elle en est effacée à la déconnexion, après 7 jours sans vous y connecter, et au plus tard à la fin de sa validité.',
    );
    expect(await screen.findByRole('article', { name: 'Carte de tiers payant' })).toBeVisible();
    expect(await get('carte', createStore('espace-assure', 'carte-tp'))).toBeUndefined();
  });

  it('keeps the card once turned on', async () => {
    cardsAre([thisYear]);
    renderApp('/mutuelle/smart-carte');
    const keep = await keepSwitch();

    await userEvent.click(keep);

    expect(keep).toBeChecked();
    await waitFor(async () => {
      expect(await readSavedCard(7)).toMatchObject({
        owner: '100001',
        cartes: [{ id: 11, numeroAmc: '75500017' }],
      });
    });
  });

  it('says after how many days without a sign-in the card is erased, as the partner set it', async () => {
    cardsAre([thisYear]);
    renderApp('/mutuelle/smart-carte', { brand: { ...defaultBrand, keptCardDays: 2 } });

    expect(await keepSwitch()).toHaveAccessibleDescription(
      'Votre carte est alors gardée sur cet appareil, avec les noms, dates de naissance et numéros qu’elle porte. Elle en est effacée à la déconnexion, après 2 jours sans vous y connecter, et au plus tard à la fin de sa validité.',
    );
  });

  it('says « 1 jour » for a single day', async () => {
    cardsAre([thisYear]);
    renderApp('/mutuelle/smart-carte', { brand: { ...defaultBrand, keptCardDays: 1 } });

    expect(await keepSwitch()).toHaveAccessibleDescription(
      'Votre carte est alors gardée sur cet appareil, avec les noms, dates de naissance et numéros qu’elle porte. Elle en est effacée à la déconnexion, après 1 jour sans vous y connecter, et au plus tard à la fin de sa validité.',
    );
  });

  it('erases the kept card at once when turned off, and keeps nothing afterwards', async () => {
    await setKeepCard(true);
    cardsAre([thisYear]);
    renderApp('/mutuelle/smart-carte');
    const keep = await keepSwitch();
    expect(keep).toBeChecked();
    await waitFor(async () => {
      expect(await readSavedCard(7)).not.toBeNull();
    });

    await userEvent.click(keep);

    expect(keep).not.toBeChecked();
    await waitFor(async () => {
      expect(await readSavedCard(7)).toBeNull();
    });

    // The next visit remembers the choice and keeps nothing.
    cleanup();
    renderApp('/mutuelle/smart-carte');
    expect(await keepSwitch()).not.toBeChecked();
    expect(await screen.findByRole('article', { name: 'Carte de tiers payant' })).toBeVisible();
    expect(await readSavedCard(7)).toBeNull();
  });
});
