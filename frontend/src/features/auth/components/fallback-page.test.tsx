import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from '@/config/brand';
import { switchCookiesOff } from '@/test/cookies';
import { renderApp } from '@/test/render-app';

const brand = { ...defaultBrand, name: 'Mutuelle Azur', publicSiteUrl: 'https://azur.example/' };

describe('the fallback page', () => {
  it('says the page does not exist when cookies work and there is no reason', async () => {
    renderApp('/fallback', { brand });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Page introuvable$/,
    );
    expect(
      screen.getByText(
        "Désolé, la page que vous recherchez n'existe pas ou n'est plus accessible. Veuillez vérifier l'adresse et réessayer.",
      ),
    ).toBeVisible();
  });

  it('asks for cookies when the reason is cookies-disabled', async () => {
    renderApp('/fallback?reason=cookies-disabled', { brand });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Espace assuré$/);
    expect(
      screen.getByText(
        "Désolé, le site ne peut fonctionner sans cookies tiers. Veuillez activer les cookies tiers depuis votre navigateur pour l'espace assuré.",
      ),
    ).toBeVisible();
  });

  it('asks for cookies when the browser refuses them, whatever the reason', async () => {
    switchCookiesOff();

    renderApp('/fallback', { brand });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Espace assuré$/);
  });

  it('treats an unknown reason as a missing page', async () => {
    renderApp('/fallback?reason=other', { brand });

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Page introuvable$/,
    );
  });

  it.each(['/fallback', '/fallback?reason=cookies-disabled'])(
    'links back to the insurer’s public site (%s)',
    async (path) => {
      renderApp(path, { brand });

      expect(
        await screen.findByRole('link', { name: 'Retour au site de Mutuelle Azur' }),
      ).toHaveAttribute('href', 'https://azur.example/');
    },
  );

  it('names the page in the browser tab', async () => {
    renderApp('/fallback', { brand });

    await screen.findByRole('heading', { level: 1 });
    // Set by an effect, which may run after the heading is on screen.
    await waitFor(() => {
      expect(document.title).toBe('Page introuvable – Espace assuré');
    });
  });
});
