import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BlocGauche } from '../api/get-bloc-gauche';
import { errorBody, noRemboursements, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const image = { content: 'data:image/png;base64,iVBORw0KGgo=' };

function aBloc(overrides: Partial<BlocGauche> = {}): BlocGauche {
  return {
    Titre: 'Téléconsultation 24 h/24',
    Lien: 'https://teleconsultation.example/',
    LienTitre: 'Consulter un médecin',
    Image: image,
    ...overrides,
  };
}

describe('the left block', () => {
  it('shows the block of the current page: image, title and link', async () => {
    server.use(
      ...signedIn({}, { blocs: { mutuelle_remboursements: aBloc() } }),
      // The page's own data.
      http.get('/api/assure/*', () => HttpResponse.json([])),
    );

    const { container } = renderApp('/mutuelle/remboursements');

    const block = await screen.findByRole('complementary', { name: 'Téléconsultation 24 h/24' });
    expect(block.querySelector('img')).toHaveAttribute('src', image.content);
    expect(container.querySelectorAll('aside')).toHaveLength(1);
  });

  it('opens a link containing http in a new tab, without opener or referrer', async () => {
    server.use(...signedIn({}, { blocs: { home: aBloc() } }));

    renderApp('/home');

    const link = await screen.findByRole('link', { name: /^Consulter un médecin/ });
    expect(link).toHaveAttribute('href', 'https://teleconsultation.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('follows any other link inside the app', async () => {
    server.use(
      ...signedIn(
        {},
        {
          blocs: {
            home: aBloc({ Lien: '/mutuelle/demandes/creation', LienTitre: 'Envoyer un devis' }),
          },
        },
      ),
    );
    const { router } = renderApp('/home');

    const link = await screen.findByRole('link', { name: 'Envoyer un devis' });
    expect(link).not.toHaveAttribute('target');
    await userEvent.click(link);

    // The page's code loads on navigation.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/demandes/creation');
    });
  });

  it('follows the block of the new page after a route change', async () => {
    server.use(
      ...signedIn(
        {},
        {
          blocs: {
            home: aBloc({
              Titre: 'Bloc accueil',
              Lien: 'mutuelle/remboursements',
              LienTitre: 'Voir',
            }),
            mutuelle_remboursements: aBloc({ Titre: 'Bloc remboursements' }),
          },
        },
      ),
      ...noRemboursements(),
    );
    renderApp('/home');

    await userEvent.click(await screen.findByRole('link', { name: 'Voir' }));

    expect(await screen.findByRole('complementary', { name: 'Bloc remboursements' })).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Bloc accueil' })).not.toBeInTheDocument();
  });

  it('is absent when the page has no block', async () => {
    server.use(...signedIn());

    renderApp('/home');

    await screen.findByText('Bienvenue sur votre espace assuré');
    await waitFor(() => {
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    });
  });

  it.each([
    ['null', () => HttpResponse.json(null)],
    ['an empty object', () => HttpResponse.json({})],
    ['a block without a title', () => HttpResponse.json({ ...aBloc(), Titre: '' })],
    ['no content', () => new HttpResponse(null, { status: 204 })],
  ])('is absent, and no failure is told, when the server answers %s for a page without one', async (_, answer) => {
    let asked = 0;
    server.use(
      http.get('/api/strapi/bloc-gauche/:key', () => {
        asked += 1;
        return answer();
      }),
      ...signedIn(),
    );

    renderApp('/home');

    await screen.findByText('Bienvenue sur votre espace assuré');
    await waitFor(() => {
      expect(asked).toBe(1);
    });
    // The answer read and rendered: the shell shows nothing for it.
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is emptied when it cannot be loaded', async () => {
    server.use(
      http.get('/api/strapi/bloc-gauche/:key', () =>
        errorBody(502, 'cms_unavailable', 'Indisponible.'),
      ),
      ...signedIn(),
    );

    renderApp('/home');

    await screen.findByText('Indisponible.');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
