import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dropCookieWrites, switchCookiesOff } from '@/test/cookies';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const cookiesText =
  "Désolé, le site ne peut fonctionner sans cookies tiers. Veuillez activer les cookies tiers depuis votre navigateur pour l'espace assuré.";

/** Every request the app makes; none has a handler, so any would also fail the test. */
function recordRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(request.url);
  });
  return urls;
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe('the start-up cookie check', () => {
  it('sends a browser with cookies switched off to the fallback page and starts nothing', async () => {
    switchCookiesOff();
    const requests = recordRequests();

    const { router } = renderApp('/home');

    expect(await screen.findByText(cookiesText)).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/fallback?reason=cookies-disabled',
    );
    expect(requests).toEqual([]);
  });

  it('also catches a browser that claims cookies but drops them', async () => {
    dropCookieWrites();
    const requests = recordRequests();

    const { router } = renderApp('/');

    expect(await screen.findByText(cookiesText)).toBeVisible();
    expect(router.state.location.search).toBe('?reason=cookies-disabled');
    expect(requests).toEqual([]);
  });

  it('lets the app start when cookies work', async () => {
    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'Bienvenue sur votre espace assuré' }),
    ).toBeVisible();
  });
});
