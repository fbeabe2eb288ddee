import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { consentStorageKey } from '@/entities/consentement/cookie-consent';
import { errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import { logout } from './logout';

const endSessionUrl = 'https://idp.example/logout?id_token_hint=x';

function followNavigations() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('logout', () => {
  it('ends the server session with the XSRF header, then goes to the provider', async () => {
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    let header: string | null = null;
    server.use(
      http.post('/auth/logout', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({ redirectTo: endSessionUrl });
      }),
    );
    const assign = followNavigations();

    await logout();

    expect(header).toBe('token-1');
    expect(assign).toHaveBeenCalledWith(endSessionUrl);
  });

  it('clears session and local storage but keeps the cookie-consent choice', async () => {
    server.use(http.post('/auth/logout', () => HttpResponse.json({ redirectTo: endSessionUrl })));
    followNavigations();
    sessionStorage.setItem('anything', '1');
    localStorage.setItem('visible', 'false');
    localStorage.setItem(consentStorageKey, '{"choice":"refused","expiresAt":"2099-01-01"}');

    await logout();

    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('visible')).toBeNull();
    expect(localStorage.getItem(consentStorageKey)).toBe(
      '{"choice":"refused","expiresAt":"2099-01-01"}',
    );
  });

  it('closes every open modal first', async () => {
    server.use(http.post('/auth/logout', () => HttpResponse.json({ redirectTo: endSessionUrl })));
    followNavigations();
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.showModal();

    await logout();

    expect(dialog.open).toBe(false);
  });

  it('still leaves the signed-in pages when the server cannot be told', async () => {
    server.use(http.post('/auth/logout', () => errorBody(503, 'unavailable', 'Indisponible.')));
    const assign = followNavigations();

    await logout();

    expect(assign).toHaveBeenCalledWith('/');
  });
});
