import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiPost } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { server } from '@/test/server';
import { signInAgainWhenAsked } from './sign-in-again';

/** The app's answer to `reconnexion_requise`, at `path`; where the page was sent. */
function at(path: string) {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] });
  onTestFinished(signInAgainWhenAsked(router));
  onTestFinished(() => {
    router.dispose();
  });
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  onTestFinished(() => {
    assign.mockRestore();
  });
  return assign;
}

function portalAsksToSignInAgain() {
  server.use(
    http.post('/api/document/creationResiliation', () =>
      HttpResponse.json(
        {
          status: 403,
          code: 'reconnexion_requise',
          message: 'Pour votre sécurité, reconnectez-vous avant ce changement.',
        },
        { status: 403 },
      ),
    ),
  );
}

describe('a request to sign in again', () => {
  it('sends the whole page through the provider, back to the same address, query and anchor', async () => {
    const assign = at('/mutuelle/contrats-garanties/resiliation?contrat=IND-1#confirmation');
    portalAsksToSignInAgain();

    void apiPost('/api/document/creationResiliation', {});

    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith(
        '/auth/login?reauth=1&returnTo=/mutuelle/contrats-garanties/resiliation%3Fcontrat%3DIND-1%23confirmation',
      );
    });
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
