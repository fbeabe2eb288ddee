import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCarteTp, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { defaultBrand } from '@/config/brand';
import { eraseSavedCard } from '@/entities/carte-tp/saved-card';
import { browserLocation } from '@/lib/browser-location';
import type { MemberApi } from '@/types/member-api';

afterEach(async () => {
  cleanup();
  await eraseSavedCard();
});

const bothWallets = { brand: { ...defaultBrand, wallets: { apple: true, google: true } } };

function cardsAre(cards: MemberApi<'CarteTp'>[]) {
  server.use(
    ...signedIn(),
    http.get('/api/assure/carte-tp', () => HttpResponse.json(cards)),
  );
}

describe('Ajouter la carte au téléphone', () => {
  it('offers both wallets under the card in force only, when the partner set them up', async () => {
    cardsAre([aCarteTp(), aCarteTp({ id: 12, periode: 'SUIVANTE' })]);
    renderApp('/mutuelle/smart-carte', bothWallets);

    const apple = await screen.findByRole('link', { name: 'Ajouter à Apple Wallet' });
    expect(apple).toHaveAttribute('href', '/api/carte-tp/wallet/apple');
    expect(screen.getAllByRole('link', { name: 'Ajouter à Apple Wallet' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Ajouter à Google Wallet' })).toHaveLength(1);
    const [inForce, next] = screen.getAllByRole('region', { name: /^Ma carte de Tiers Payant/ });
    if (inForce === undefined || next === undefined) throw new Error('two cards expected');
    expect(within(inForce).getByRole('link', { name: 'Ajouter à Apple Wallet' })).toBeVisible();
    expect(within(next).queryByRole('button', { name: 'Ajouter à Google Wallet' })).toBeNull();
  });

  it('offers no wallet the partner did not set up', async () => {
    cardsAre([aCarteTp()]);
    renderApp('/mutuelle/smart-carte', { brand: { ...defaultBrand, wallets: { apple: false, google: true } } });

    expect(await screen.findByRole('button', { name: 'Ajouter à Google Wallet' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ajouter à Apple Wallet' })).toBeNull();
  });

  it('offers none by default', async () => {
    cardsAre([aCarteTp()]);
    renderApp('/mutuelle/smart-carte');

    expect(await screen.findByRole('button', { name: 'Télécharger' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ajouter à Apple Wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter à Google Wallet' })).toBeNull();
  });

  it('goes to the link the server signed for Google Wallet', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    cardsAre([aCarteTp()]);
    server.use(
      http.get('/api/carte-tp/wallet/google', () =>
        HttpResponse.json({ url: 'https://pay.google.com/gp/v/save/eyJ.signed.jwt' }),
      ),
    );
    renderApp('/mutuelle/smart-carte', bothWallets);

    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter à Google Wallet' }));

    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://pay.google.com/gp/v/save/eyJ.signed.jwt');
    });
    assign.mockRestore();
  });

  it('goes nowhere else, and says why the link could not be had', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    cardsAre([aCarteTp()]);
    server.use(
      http.get('/api/carte-tp/wallet/google', () => HttpResponse.json({ url: 'https://evil.example/' }), {
        once: true,
      }),
      http.get('/api/carte-tp/wallet/google', () =>
        errorBody(404, 'aucune_carte_en_cours', 'Vous n’avez pas de carte de tiers payant en cours de validité.'),
      ),
    );
    renderApp('/mutuelle/smart-carte', bothWallets);
    const google = await screen.findByRole('button', { name: 'Ajouter à Google Wallet' });

    await userEvent.click(google);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre carte n’a pas pu être préparée pour Google Wallet.',
    );
    await userEvent.click(google);
    await vi.waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Vous n’avez pas de carte de tiers payant en cours de validité.',
      );
    });
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });
});
