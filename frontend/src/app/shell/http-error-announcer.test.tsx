import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { broadcastHttpError } from '@/lib/api-client';
import { errorBody, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

async function liveRegion() {
  server.use(...signedIn());
  renderApp('/home');
  await pageReady('Accueil');
  const region = document.querySelector('[aria-live="polite"]');
  if (!(region instanceof HTMLElement)) throw new Error('no polite live region');
  return region;
}

describe('the HTTP error announcer', () => {
  it('shows the server message of a failed call in a polite live region', async () => {
    const region = await liveRegion();

    act(() => {
      broadcastHttpError({
        status: 502,
        code: 'upstream',
        message: 'Service indisponible.',
        url: '/api/x',
      });
    });

    expect(region).toHaveTextContent('Service indisponible.');
    expect(region).toHaveAttribute('role', 'status');
  });

  it('falls back to a French text with the status when the answer had no message', async () => {
    const region = await liveRegion();

    act(() => {
      broadcastHttpError({ status: 500, code: 'http-error', message: '', url: '/api/x' });
    });

    expect(region).toHaveTextContent('Une erreur est survenue (code 500). Veuillez réessayer.');
  });

  it('stays until the member dismisses it', async () => {
    const region = await liveRegion();
    act(() => {
      broadcastHttpError({
        status: 502,
        code: 'upstream',
        message: 'Service indisponible.',
        url: '/api/x',
      });
    });

    await userEvent.click(within(region).getByRole('button', { name: 'Fermer le message' }));

    expect(region).toBeEmptyDOMElement();
  });

  it('announces what a page fails to load', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/mention-legale', () =>
        errorBody(502, 'cms_unavailable', 'Le contenu est momentanément indisponible.'),
      ),
    );

    renderApp('/home/mentions-legales');

    expect(await screen.findByText('Le contenu est momentanément indisponible.')).toBeVisible();
  });
});
