import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { server } from '@/test/server';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiGetOrNull,
  apiPost,
  type HttpErrorDetail,
  onHttpError,
  onSessionEnded,
  onSignInAgainAsked,
  type SignInAgainRequest,
} from './api-client';
import { browserLocation } from './browser-location';

/** The failures broadcast during each test of the enclosing block. */
function recordBroadcasts(): HttpErrorDetail[] {
  const received: HttpErrorDetail[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    received.length = 0;
    stop = onHttpError((detail) => received.push(detail));
  });
  afterEach(() => {
    stop();
  });
  return received;
}

/** The `X-XSRF-TOKEN` header `apiPost('/auth/logout')` sends. */
async function headerSentOnLogout(): Promise<string | null> {
  let header: string | null = null;
  server.use(
    http.post('/auth/logout', ({ request }) => {
      header = request.headers.get('X-XSRF-TOKEN');
      return HttpResponse.json({ redirectTo: 'https://idp.example/logout' });
    }),
  );
  await apiPost('/auth/logout');
  return header;
}

describe('the XSRF header', () => {
  it('is sent on a POST to our own server with the value of the XSRF-TOKEN cookie', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';

    expect(await headerSentOnLogout()).toBe('abc+123');
  });

  it('carries the __Host- prefixed cookie, the name the portal gives it over https', async () => {
    const cookies = vi
      .spyOn(document, 'cookie', 'get')
      .mockReturnValue('XSRF-TOKEN=left-over; __Host-XSRF-TOKEN=from-https');
    onTestFinished(() => {
      cookies.mockRestore();
    });

    expect(await headerSentOnLogout()).toBe('from-https');
  });

  it('is not sent on a GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    let header: string | null = 'unset';
    server.use(
      http.get('/api/session', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({});
      }),
    );

    await apiGet('/api/session');

    expect(header).toBeNull();
  });

  it('is never sent to another site', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    let header: string | null = 'unset';
    server.use(
      http.post('https://elsewhere.example/collect', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({});
      }),
    );

    await apiPost('https://elsewhere.example/collect', { a: 1 });

    expect(header).toBeNull();
  });
});

describe('answers', () => {
  it('are parsed as JSON', async () => {
    server.use(http.get('/api/strapi/menus', () => HttpResponse.json([{ Id: 1 }])));

    await expect(apiGet('/api/strapi/menus')).resolves.toEqual([{ Id: 1 }]);
  });

  it('send a JSON body with its content type', async () => {
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      http.post('/api/demandes', async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        received = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );

    await apiPost('/api/demandes', { TypeCode: 'QUE' });

    expect(contentType).toBe('application/json');
    expect(received).toEqual({ TypeCode: 'QUE' });
  });

  it('send the headers a call adds, beside the usual ones', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    let headers = new Headers();
    server.use(
      http.post('/api/document/creationResiliation', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ id: 57 }, { status: 201 });
      }),
    );

    await apiPost('/api/document/creationResiliation', { motif: 'ECHEANCE' }, { 'X-Captcha': 'eyJudW1iZXIiOjF9' });

    expect(headers.get('X-Captcha')).toBe('eyJudW1iZXIiOjF9');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('become an ApiError carrying the server error body', async () => {
    server.use(
      http.get('/api/strapi/menus/9', () =>
        HttpResponse.json(
          { status: 403, code: 'forbidden', message: 'Accès refusé.' },
          { status: 403 },
        ),
      ),
    );

    const error: unknown = await apiGet('/api/strapi/menus/9').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Accès refusé.',
      url: '/api/strapi/menus/9',
    });
  });

  it('that are not JSON errors keep their status with an empty message', async () => {
    server.use(
      http.get(
        '/api/strapi/menus',
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );

    await expect(apiGet('/api/strapi/menus')).rejects.toMatchObject({ status: 502, message: '' });
  });

  it('that never come make a status 0 error with a French message', async () => {
    server.use(http.get('/api/strapi/menus', () => HttpResponse.error()));

    await expect(apiGet('/api/strapi/menus')).rejects.toMatchObject({
      status: 0,
      message: 'Le service est momentanément injoignable. Vérifiez votre connexion puis réessayez.',
    });
  });

  it('204 of a DELETE resolves without a body, the XSRF header sent', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const sent: (string | null)[] = [];
    server.use(
      http.delete('/api/connexions/:id', ({ request }) => {
        sent.push(request.headers.get('X-XSRF-TOKEN'));
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(apiDelete('/api/connexions/s2')).resolves.toBeUndefined();
    expect(sent).toEqual(['abc']);
  });

  it('404 resolves to null where nothing configured is an expected answer', async () => {
    const broadcasts: HttpErrorDetail[] = [];
    const stop = onHttpError((detail) => broadcasts.push(detail));
    server.use(
      http.get('/api/strapi/bloc-gauche/home', () =>
        HttpResponse.json(
          { status: 404, code: 'not_found', message: 'Introuvable.' },
          { status: 404 },
        ),
      ),
    );

    await expect(apiGetOrNull('/api/strapi/bloc-gauche/home')).resolves.toBeNull();
    expect(broadcasts).toEqual([]);
    stop();
  });

  it('a 200 that is not JSON after a redirect is followed with a full page load', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    server.use(
      http.get('/api/assure/infos', () =>
        Response.redirect('http://localhost:3000/sso/login', 302),
      ),
      http.get('http://localhost:3000/sso/login', () => new HttpResponse('<html>login</html>')),
    );

    await expect(apiGet('/api/assure/infos')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/sso/login');
  });
});

describe('the httpError broadcast', () => {
  const broadcasts = recordBroadcasts();

  it('carries every failed answer', async () => {
    server.use(
      http.get('/api/assure/contrats', () =>
        HttpResponse.json(
          { status: 502, code: 'upstream', message: 'Service indisponible.' },
          { status: 502 },
        ),
      ),
    );

    await apiGet('/api/assure/contrats').catch(() => undefined);

    expect(broadcasts).toEqual([
      {
        status: 502,
        code: 'upstream',
        message: 'Service indisponible.',
        url: '/api/assure/contrats',
      },
    ]);
  });

  it('carries a 401 that has a message', async () => {
    server.use(
      http.get('/api/session', () =>
        HttpResponse.json(
          { status: 401, code: 'unauthorized', message: 'Votre session a expiré.' },
          { status: 401 },
        ),
      ),
    );

    await apiGet('/api/session').catch(() => undefined);

    expect(broadcasts.map((detail) => detail.status)).toEqual([401]);
  });

  it('leaves out a 401 with an empty message', async () => {
    server.use(http.get('/api/session', () => new HttpResponse(null, { status: 401 })));

    await apiGet('/api/session').catch(() => undefined);

    expect(broadcasts).toEqual([]);
  });

  it('leaves out answers from a URL containing api/account', async () => {
    server.use(
      http.get('/api/account/profile', () =>
        HttpResponse.json({ status: 500, code: 'internal', message: 'Erreur.' }, { status: 500 }),
      ),
    );

    await apiGet('/api/account/profile').catch(() => undefined);

    expect(broadcasts).toEqual([]);
  });

  it('is silent for successful answers', async () => {
    server.use(http.get('/api/strapi/menus', () => HttpResponse.json([])));

    await apiGet('/api/strapi/menus');

    expect(broadcasts).toEqual([]);
  });
});

describe('a 401', () => {
  it('tells the app once that the session has ended', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    server.use(http.get('/api/assure/infos', () => new HttpResponse(null, { status: 401 })));

    await expect(apiGet('/api/assure/infos')).rejects.toMatchObject({ status: 401 });

    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is the only status that ends the session', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    server.use(http.get('/api/assure/infos', () => new HttpResponse(null, { status: 403 })));

    await apiGet('/api/assure/infos').catch(() => undefined);

    expect(ended).not.toHaveBeenCalled();
    stop();
  });
});

describe('a request to sign in again before a sensitive write', () => {
  const broadcasts = recordBroadcasts();
  const reconnexion = {
    status: 403,
    code: 'reconnexion_requise',
    message: 'Pour votre sécurité, reconnectez-vous avant ce changement.',
  };

  /** Whether `call` has settled a moment after its answer came. */
  async function settled(call: Promise<unknown>): Promise<boolean> {
    const later = new Promise<false>((resolve) => setTimeout(() => { resolve(false); }, 50));
    return Promise.race([call.then(() => true, () => true), later]);
  }

  it('tells the app to sign in again, broadcasts nothing and leaves the call waiting', async () => {
    const asked = vi.fn();
    const stop = onSignInAgainAsked(asked);
    onTestFinished(stop);
    server.use(
      http.post('/api/assure/beneficiaire/banque', () => HttpResponse.json(reconnexion, { status: 403 })),
    );

    const call = apiPost('/api/assure/beneficiaire/banque', { iban: 'FR76…' });

    expect(await settled(call)).toBe(false);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(broadcasts).toEqual([]);
  });

  it('fails the call with the refusal, still unbroadcast, once the member chooses to stay', async () => {
    const asked: SignInAgainRequest[] = [];
    const stop = onSignInAgainAsked((request) => asked.push(request));
    onTestFinished(stop);
    server.use(
      http.post('/api/document/ajoutBeneficiaire', () => HttpResponse.json(reconnexion, { status: 403 })),
    );

    const call = apiPost('/api/document/ajoutBeneficiaire', {}).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(asked.map((request) => request.url)).toEqual(['/api/document/ajoutBeneficiaire']);
    });
    asked[0]?.stay();

    expect(await call).toMatchObject(reconnexion);
    expect(broadcasts).toEqual([]);
  });

  it('is only that code: another 403 fails and is broadcast as usual', async () => {
    const asked = vi.fn();
    const stop = onSignInAgainAsked(asked);
    onTestFinished(stop);
    server.use(
      http.post('/api/document/signalementSoin', () =>
        HttpResponse.json({ status: 403, code: 'forbidden', message: 'Ce paiement ne vous concerne pas.' }, { status: 403 }),
      ),
    );

    await expect(apiPost('/api/document/signalementSoin', {})).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(asked).not.toHaveBeenCalled();
    expect(broadcasts.map((detail) => detail.code)).toEqual(['forbidden']);
  });
});
