import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('the error page', () => {
  it.each([
    [
      'keycloak-server-unreachable',
      'Le service de connexion est injoignable pour le moment. Veuillez réessayer dans quelques instants.',
    ],
    [
      'keycloak-authentication-failed',
      'Votre identification n’a pas abouti. Veuillez vous connecter à nouveau.',
    ],
    [
      'keycloak-server-error',
      'Le service de connexion rencontre un incident. Veuillez réessayer plus tard.',
    ],
    [
      'keycloak-init-failed',
      'La connexion à votre espace assuré n’a pas pu être établie. Veuillez réessayer.',
    ],
    [
      'something-else',
      'La connexion à votre espace assuré n’a pas pu être établie. Veuillez réessayer.',
    ],
  ])('explains the reason %s in French', async (reason, text) => {
    renderApp(`/error?reason=${reason}&status=503`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connexion impossible' }),
    ).toBeVisible();
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByText('Code d’erreur : 503')).toBeVisible();
  });

  it('never renders the message parameter, as HTML or as text', async () => {
    const message = '<img src="x" alt="injected"><b>Appelez le 0800 000 000</b>';

    const { container } = renderApp(
      `/error?reason=keycloak-server-error&status=500&message=${encodeURIComponent(message)}`,
    );

    await screen.findByRole('heading', { name: 'Connexion impossible' });
    expect(container.querySelector('img[alt="injected"], b')).toBeNull();
    expect(container.textContent).not.toContain('0800');
    expect(container.textContent).not.toContain('<img');
  });

  it('shows a status only when it is a number', async () => {
    renderApp('/error?reason=keycloak-init-failed&status=<b>x</b>');

    await screen.findByRole('heading', { name: 'Connexion impossible' });
    expect(screen.queryByText(/Code d’erreur/)).not.toBeInTheDocument();
  });

  it('offers to sign in again and to go back to the root', async () => {
    renderApp('/error?reason=keycloak-server-error');

    expect(await screen.findByRole('link', { name: 'Se connecter à nouveau' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/home',
    );
    expect(screen.getByRole('link', { name: 'Retour à la page d’accueil' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
