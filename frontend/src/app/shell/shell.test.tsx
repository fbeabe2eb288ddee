import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { aSession, sessionIs, shellContent, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the shell', () => {
  it('has the landmarks and a skip link to the main content', async () => {
    server.use(...signedIn());

    renderApp('/home');

    const skip = await screen.findByRole('link', { name: 'Aller au contenu principal' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  });

  it.each(['/nimporte-quoi', '/mutuelle/inconnu', '/home/article', '/compte/a/b'])(
    'sends the unknown path %s to the home page',
    async (path) => {
      server.use(...signedIn());

      const { router } = renderApp(path);

      await screen.findByRole('heading', { level: 1, name: 'Accueil' });
      expect(router.state.location.pathname).toBe('/home');
    },
  );

  it('shows the news banner at the top of the home page', async () => {
    server.use(
      ...signedIn(
        {},
        {
          banner: { Libelle: 'Nouveau', Texte: 'Votre carte en ligne.', URL: null, Visible: true },
        },
      ),
    );

    renderApp('/home');

    expect(await screen.findByRole('region', { name: 'Nouveautés' })).toHaveTextContent(
      'Votre carte en ligne.',
    );
  });
});

describe('inactivity in the shell', () => {
  it('signs the member out after the idle time-out the session names', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    let loggedOut = false;
    server.use(
      // A short time-out keeps this test on the real clock; the 30 minutes themselves are
      // checked with fake timers in use-member-activity.test.ts.
      sessionIs(aSession({}, { idleTimeoutMs: 300 })),
      ...shellContent(),
      http.post('/auth/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ redirectTo: 'https://idp.example/end' });
      }),
    );

    renderApp('/home');
    await screen.findByText('Bienvenue sur votre espace assuré');

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://idp.example/end');
    });
    expect(loggedOut).toBe(true);
  });

  it('keeps the server session alive while the member is active', async () => {
    let sessionCalls = 0;
    server.use(
      http.get('/api/session', () => {
        sessionCalls += 1;
        return HttpResponse.json(aSession());
      }),
      ...shellContent(),
    );
    renderApp('/home');
    await pageReady('Accueil');
    const before = sessionCalls;
    expect(before).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(Date.now() + 5 * 60_000);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    vi.useRealTimers();

    await waitFor(() => {
      expect(sessionCalls).toBeGreaterThan(before);
    });
  });
});
