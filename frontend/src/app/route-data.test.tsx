import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demandesPages } from '@/features/demandes/routes';
import { aSession, errorBody, shellContent, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { dataWaitMs } from './route-data';

/** The paths asked for, in order. */
function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  return paths;
}

/** Resolves once `path` has been answered (or, with `on: 'request:start'`, asked for). */
function seen(path: string, on: 'request:start' | 'response:mocked' = 'response:mocked') {
  return new Promise<void>((resolve) => {
    server.events.on(on, ({ request }) => {
      if (new URL(request.url).pathname === path) resolve();
    });
  });
}

/**
 * Fakes the timer the loader races its requests against, and only it (`setTimeout`): time
 * then stands still for it unless a test moves it on, whatever the machine's speed.
 */
function freezeLoaderWait() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

/** An answer held back until `release` is called. */
function held(path: string, answer: () => Response) {
  let release: () => void = () => undefined;
  const handler = http.get(
    path,
    () =>
      new Promise<Response>((resolve) => {
        release = () => {
          resolve(answer());
        };
      }),
  );
  return {
    handler,
    release: () => {
      release();
    },
  };
}

describe("a page's first requests", () => {
  it('leave with the session check, and each only once', async () => {
    const asked = recordRequests();
    const session = held('/api/session', () => HttpResponse.json(aSession()));
    server.use(session.handler, ...shellContent(), http.get('/api/demandes', () => HttpResponse.json([])));

    renderApp('/mutuelle/demandes');

    await waitFor(() => {
      expect(asked).toEqual(expect.arrayContaining(['/api/demandes', '/api/session']));
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Mes demandes' })).not.toBeInTheDocument();

    session.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    expect(asked.filter((path) => path === '/api/demandes')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/session')).toHaveLength(1);
  });

  it('are waited for: the page appears once they have answered', async () => {
    const demandes = held('/api/demandes', () => HttpResponse.json([]));
    server.use(...signedIn(), demandes.handler);

    // The page's code and the session are in before the page's own answer: the page could
    // show, but waits for that answer.
    await demandesPages.demandes.lazy();
    const sessionAnswered = seen('/api/session');
    freezeLoaderWait();
    const { router } = renderApp('/mutuelle/demandes');
    await sessionAnswered;
    await vi.dynamicImportSettled();
    expect(router.state.initialized).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de votre espace assuré…');
    vi.useRealTimers();
    demandes.release();

    expect(await screen.findByText('Vous n’avez encore envoyé aucune demande.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
  });

  it("include the sidebar's menus and left block: the first page shows with them", async () => {
    const menus = held('/api/strapi/menus', () => HttpResponse.json([{ Id: 7, Titre: 'Bien vivre', courtierChesneau: false }]));
    const bloc = { Titre: 'Votre téléconsultation', Lien: null, LienTitre: null, Image: null };
    server.use(
      menus.handler,
      ...signedIn({}, { blocs: { mutuelle_demandes: bloc } }),
      http.get('/api/demandes', () => HttpResponse.json([])),
    );

    const asked = seen('/api/strapi/menus', 'request:start');
    freezeLoaderWait();
    const { router } = renderApp('/mutuelle/demandes');
    await asked;
    await vi.dynamicImportSettled();
    expect(router.state.initialized).toBe(false);
    vi.useRealTimers();
    menus.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bien vivre' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Votre téléconsultation' })).toBeVisible();
  });

  it(`are waited for ${String(dataWaitMs)} ms at most, then the page shows its placeholders`, async () => {
    const demandes = held('/api/demandes', () => HttpResponse.json([]));
    server.use(...signedIn(), demandes.handler);

    const asked = seen('/api/demandes', 'request:start');
    freezeLoaderWait();
    renderApp('/mutuelle/demandes');
    // Asked for: the loader has started, and with it the wait it races the answer against.
    await asked;
    await vi.advanceTimersByTimeAsync(dataWaitMs);
    vi.useRealTimers();

    expect(await screen.findByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    expect(screen.getByText('Chargement de vos demandes…')).toBeInTheDocument();
    demandes.release();
    expect(await screen.findByText('Vous n’avez encore envoyé aucune demande.')).toBeVisible();
  });

  it('send a visitor without a session to the root as soon as one answers 401', async () => {
    const session = held('/api/session', () => HttpResponse.json(aSession()));
    server.use(
      session.handler,
      ...shellContent(),
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
