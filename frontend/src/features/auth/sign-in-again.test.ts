import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiPost } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { server } from '@/test/server';
import { signInAgainAsked, signInAgainNow, signInAgainWhenAsked, stayOnThePage } from './sign-in-again';

const refusal = {
  status: 403,
  code: 'reconnexion_requise',
  message: 'Pour votre sécurité, reconnectez-vous avant ce changement.',
};

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

function portalAsksToSignInAgain(url: string) {
  server.use(http.post(url, () => HttpResponse.json(refusal, { status: 403 })));
}

describe('a request to sign in again', () => {
  it('is asked about first, naming the refused write, without leaving the page', async () => {
    const assign = at('/mutuelle/contrats-garanties/resiliation');
    portalAsksToSignInAgain('/api/document/creationResiliation');

    void apiPost('/api/document/creationResiliation', {});

    await vi.waitFor(() => {
      expect(signInAgainAsked()).toMatchObject({
        url: '/api/document/creationResiliation',
        returnTo: '/mutuelle/contrats-garanties/resiliation',
      });
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('once the member goes, sends the whole page through the provider, back to the same address, query and anchor', async () => {
    const assign = at('/mutuelle/contrats-garanties/resiliation?contrat=IND-1#confirmation');
    portalAsksToSignInAgain('/api/document/creationResiliation');
    void apiPost('/api/document/creationResiliation', {});
    await vi.waitFor(() => {
      expect(signInAgainAsked()).not.toBeNull();
    });

    signInAgainNow();

    expect(assign).toHaveBeenCalledWith(
      '/auth/login?reauth=1&returnTo=/mutuelle/contrats-garanties/resiliation%3Fcontrat%3DIND-1%23confirmation',
    );
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('once the member stays, fails every write it held with the portal’s refusal, and asks no more', async () => {
    const assign = at('/compte/informations-personnelles');
    portalAsksToSignInAgain('/api/assure/beneficiaire/banque');
    portalAsksToSignInAgain('/api/document/ajoutBeneficiaire');
    const banque = apiPost('/api/assure/beneficiaire/banque', {}).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(signInAgainAsked()?.url).toBe('/api/assure/beneficiaire/banque');
    });
    // A second refusal while the first is asked about: one question, the latest write's.
    const ajout = apiPost('/api/document/ajoutBeneficiaire', {}).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(signInAgainAsked()?.url).toBe('/api/document/ajoutBeneficiaire');
    });

    stayOnThePage();

    expect(await banque).toMatchObject(refusal);
    expect(await ajout).toMatchObject(refusal);
    expect(signInAgainAsked()).toBeNull();
    signInAgainNow();
    expect(assign).not.toHaveBeenCalled();
  });
});
