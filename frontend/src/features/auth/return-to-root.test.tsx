import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { consentStorageKey } from '@/entities/consentement/cookie-consent';
import { errorBody, noSession, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const consent = '{"choice":"refused","expiresAt":"2099-01-01"}';

/** What a member's visit leaves in the browser: an entry of the session, the banner closed. */
function keptByTheBrowser() {
  sessionStorage.setItem('espace-assure.demande-en-cours', '{"type":"UNE_QUESTION_SANTÉ"}');
  localStorage.setItem('visible', 'false');
  localStorage.setItem(consentStorageKey, consent);
}

describe('a session that ends on the server', () => {
  it('clears session and local storage, as signing out does, and leads to the root', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/demandes', () => errorBody(401, 'unauthorized', 'Votre session a expiré. Veuillez vous reconnecter.')),
    );
    keptByTheBrowser();

    const { router } = renderApp('/mutuelle/demandes');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('visible')).toBeNull();
    // The cookie choice is the browser's, not the session's (see clear-browser-storage.ts).
    expect(localStorage.getItem(consentStorageKey)).toBe(consent);
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/mutuelle/demandes',
    );
  });

  it('clears them too when the member comes back to a session that has ended', async () => {
    server.use(noSession());
    keptByTheBrowser();

    const { router } = renderApp('/home');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('visible')).toBeNull();
  });
});
