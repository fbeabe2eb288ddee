import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiPost } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { errorBody, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const title = 'Confirmez votre identité';

/** A signed-in page whose next write of `url` the portal refuses until the member signs in again. */
async function onAPageWhereThePortalRefuses(url: string) {
  server.use(
    ...signedIn(),
    http.post(url, () =>
      errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
    ),
  );
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  onTestFinished(() => {
    assign.mockRestore();
  });
  renderApp('/home?vue=tuiles#acces');
  await pageReady('Accueil');
  return assign;
}

describe('« Confirmez votre identité »', () => {
  it.each([
    {
      url: '/api/assure/beneficiaire/banque',
      why: 'Pour votre sécurité, confirmez votre identité avant de modifier vos coordonnées bancaires.',
    },
    {
      url: '/api/document/creationResiliation',
      why: 'Pour votre sécurité, confirmez votre identité avant de résilier votre contrat.',
    },
    {
      url: '/api/document/ajoutBeneficiaire',
      why: 'Pour votre sécurité, confirmez votre identité avant d’ajouter un bénéficiaire.',
    },
    {
      url: '/api/assure/paiements',
      why: 'Pour votre sécurité, confirmez votre identité avant de payer vos cotisations en ligne.',
    },
    {
      url: '/api/assure/mandats',
      why: 'Pour votre sécurité, confirmez votre identité avant de changer le compte de prélèvement de vos cotisations.',
    },
    {
      url: '/api/assure/mandats/100001-20261123-01/signature',
      why: 'Pour votre sécurité, confirmez votre identité avant de signer votre mandat de prélèvement.',
    },
  ])('says why, from the write refused ($url), and what it protects', async ({ url, why }) => {
    const assign = await onAPageWhereThePortalRefuses(url);

    void apiPost(url, {});

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText(why)).toBeVisible();
    expect(
      within(dialog).getByText(
        'Nous vérifions ainsi que c’est bien vous qui faites ce changement, et non une personne qui utiliserait votre appareil resté connecté.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'Ce que vous avez saisi est conservé : vous le retrouverez à votre retour, pour le vérifier et le valider.',
      ),
    ).toBeVisible();
    // Nothing leaves before the member chooses to.
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the page through the provider, back to the same address, with « Me reconnecter »', async () => {
    const assign = await onAPageWhereThePortalRefuses('/api/assure/beneficiaire/banque');
    void apiPost('/api/assure/beneficiaire/banque', {});
    const dialog = await screen.findByRole('dialog', { name: title });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));

    expect(assign).toHaveBeenCalledWith('/auth/login?reauth=1&returnTo=/home%3Fvue%3Dtuiles%23acces');
  });

  it('leaves the member on the page with « Annuler », the write failing with the portal’s refusal, unannounced', async () => {
    const assign = await onAPageWhereThePortalRefuses('/api/assure/beneficiaire/banque');
    const outcome = apiPost('/api/assure/beneficiaire/banque', {}).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: title });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    expect(await outcome).toMatchObject({ status: 403, code: 'reconnexion_requise' });
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
    expect(screen.queryByText(/reconnectez-vous/)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('is closed by Escape as by « Annuler »', async () => {
    await onAPageWhereThePortalRefuses('/api/document/creationResiliation');
    const outcome = apiPost('/api/document/creationResiliation', {}).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: title });

    // What the browser does on Escape: the dialog closes.
    (dialog as HTMLDialogElement).close();

    expect(await outcome).toMatchObject({ code: 'reconnexion_requise' });
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
  });
});
