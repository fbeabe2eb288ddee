import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  aSession,
  errorBody,
  noRemboursements,
  noSession,
  shellContent,
  signedIn,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

describe('the session guard', () => {
  it('lets a member with a live session into the guarded sections', async () => {
    server.use(...signedIn(), ...noRemboursements());

    const { router } = renderApp('/mutuelle/remboursements');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes remboursements' }),
    ).toBeVisible();
    expect(screen.getByText('Bienvenue sur votre espace assuré')).toBeVisible();
    expect(router.state.location.pathname).toBe('/mutuelle/remboursements');
  });

  it('sends a visitor without a session to the root', async () => {
    server.use(noSession());

    const { router } = renderApp('/home');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur votre espace assuré' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
  });

  it('shows a spinner until the session is known', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(
        '/api/session',
        () =>
          new Promise<Response>((resolve) => {
            answer = () => {
              resolve(HttpResponse.json(aSession()));
            };
          }),
      ),
      ...shellContent(),
    );

    renderApp('/home');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Chargement de votre espace assuré…',
    );
    expect(screen.queryByText('Bienvenue sur votre espace assuré')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(answer).toBeDefined();
    });
    answer?.();
    expect(await screen.findByText('Bienvenue sur votre espace assuré')).toBeVisible();
  });

  it('offers to try again when the session cannot be checked', async () => {
    server.use(
      http.get('/api/session', () => errorBody(503, 'unavailable', 'Service indisponible.'), {
        once: true,
      }),
      ...signedIn(),
    );

    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByText('Bienvenue sur votre espace assuré')).toBeVisible();
  });

  it('sends the member to the root when any later call finds the session ended', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/:id', () =>
        errorBody(401, 'unauthorized', 'Votre session a expiré.'),
      ),
    );

    const { router } = renderApp('/home/article/3');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/home/article/3',
    );
  });
});
