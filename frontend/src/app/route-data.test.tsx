import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { aSession, errorBody, shellContent } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

/** The paths asked for, in order. */
function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  return paths;
}

/** `GET /api/session` held back until `release` is called. */
function heldSession() {
  let release: () => void = () => undefined;
  const handler = http.get(
    '/api/session',
    () =>
      new Promise<Response>((resolve) => {
        release = () => {
          resolve(HttpResponse.json(aSession()));
        };
      }),
  );
  return { handler, release: () => { release(); } };
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe("a page's first requests", () => {
  it('leave before the session check has answered, and only once', async () => {
    const asked = recordRequests();
    const session = heldSession();
    server.use(
      session.handler,
      ...shellContent(),
      http.get('/api/demandes', () => HttpResponse.json([])),
    );

    renderApp('/mutuelle/demandes');

    await waitFor(() => {
      expect(asked).toEqual(expect.arrayContaining(['/api/demandes', '/api/session']));
    });
    expect(asked.indexOf('/api/demandes')).toBeLessThan(asked.indexOf('/api/session'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Mes demandes' })).not.toBeInTheDocument();

    session.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    expect(asked.filter((path) => path === '/api/demandes')).toHaveLength(1);
  });

  it('send a visitor without a session to the root as soon as one answers 401', async () => {
    const session = heldSession();
    server.use(
      session.handler,
      http.get('/api/demandes', () =>
        errorBody(401, 'unauthorized', 'Votre session a expiré. Veuillez vous reconnecter.'),
      ),
    );

    const { router } = renderApp('/mutuelle/demandes');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/mutuelle/demandes',
    );
    session.release();
  });
});
