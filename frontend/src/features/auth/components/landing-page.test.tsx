import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noSession } from '@/test/fixtures';
import { renderApp, renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';

// Texts are spelled out rather than read from the catalogue, so that a changed wording
// (they come from the specification) makes a test fail.
describe('LandingPage', () => {
  it('welcomes the member with the exact heading', async () => {
    renderApp('/');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Bienvenue sur votre espace assuré',
    );
  });

  it('links "Se connecter" to the server login, returning to the home page', async () => {
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/home',
    );
  });

  it('brings the member back to the page they asked for after sign-in', async () => {
    server.use(noSession());

    await renderAppLoaded('/mutuelle/remboursements/2024-03-15');

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/mutuelle/remboursements/2024-03-15',
    );
  });

  it('encodes what would end the returnTo parameter', async () => {
    server.use(noSession());

    await renderAppLoaded('/mutuelle/contrats-garanties?a=1&b=2#cotisations');

    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/mutuelle/contrats-garanties%3Fa%3D1%26b%3D2%23cotisations',
    );
  });

  it('has a banner and a main landmark', async () => {
    renderApp('/');

    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
