import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, signedIn } from '@/test/fixtures';
import { pageReady, renderApp, renderAppPastDataWait } from '@/test/render-app';
import { server } from '@/test/server';

const legalTexts = {
  mentionsLegales: {
    Titre: 'Mentions légales',
    Contenu: '<p>Éditeur : <strong>Mutuelle Cogévie</strong></p>',
  },
  cgu: {
    Titre: "Conditions générales d'utilisation",
    Contenu: '<p>Article 1 : <em>objet</em></p>',
  },
};

describe('the article page', () => {
  it('shows the menu entry’s title and its rich text', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/3', () =>
        HttpResponse.json({
          Id: 3,
          Titre: 'Prévention santé',
          courtierChesneau: false,
          Contenu:
            '<h2>Vaccins</h2><p>Pensez au <a href="/mutuelle/remboursements">rappel</a>.</p>',
        }),
      ),
    );

    const { router } = renderApp('/home/article/3');

    const article = await screen.findByRole('article');
    expect(
      within(article).getByRole('heading', { level: 1, name: 'Prévention santé' }),
    ).toBeVisible();
    expect(within(article).getByRole('heading', { level: 2, name: 'Vaccins' })).toBeVisible();
    await pageReady('Prévention santé');

    // The page linked to asks for its own data once there.
    server.use(http.get('/api/assure/*', () => HttpResponse.json([])));
    await userEvent.click(within(article).getByRole('link', { name: 'rappel' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/remboursements');
    });
  });

  it('leaves links to what the server answers itself to the browser', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/3', () =>
        HttpResponse.json({
          Id: 3,
          Titre: 'Votre livret',
          courtierChesneau: false,
          Contenu: '<p><a href="/api/assure/livret">Télécharger le livret</a></p>',
        }),
      ),
    );
    renderApp('/home/article/3');
    const link = await screen.findByRole('link', { name: 'Télécharger le livret' });
    // Seen on window, after the app's own handler: was the click taken over? (Then cancelled
    // here, because jsdom cannot load another page.)
    let takenOver: boolean | undefined;
    const observe = (event: Event) => {
      takenOver = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', observe);

    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    window.removeEventListener('click', observe);

    expect(takenOver).toBe(false);
  });

  it('shows a skeleton while loading', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/3', () => new Promise<Response>(() => undefined)),
    );

    await renderAppPastDataWait('/home/article/3', '/api/strapi/menus/3');

    expect(await screen.findByText('Chargement du contenu…')).toBeInTheDocument();
  });

  it.each([
    [404, 'Ce contenu n’existe pas ou n’est plus disponible.'],
    [403, 'Ce contenu n’est pas accessible depuis votre espace.'],
    [502, 'Le contenu n’a pas pu être chargé. Veuillez réessayer dans quelques instants.'],
  ])('explains a %i in French', async (status, text) => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/3', () => errorBody(status, 'error', 'Message du serveur.')),
    );

    renderApp('/home/article/3');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contenu indisponible' }),
    ).toBeVisible();
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute(
      'href',
      '/home',
    );
  });

  it('offers to try again after a failure that may pass', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/menus/3', () => errorBody(502, 'cms_unavailable', 'Indisponible.'), {
        once: true,
      }),
      http.get('/api/strapi/menus/3', () =>
        HttpResponse.json({
          Id: 3,
          Titre: 'Prévention santé',
          courtierChesneau: false,
          Contenu: '<p>Ok</p>',
        }),
      ),
    );
    renderApp('/home/article/3');

    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prévention santé' }),
    ).toBeVisible();
  });
});

describe('the legal pages', () => {
  it.each([
    ['/home/mentions-legales', 'Mentions légales', 'Mutuelle Cogévie'],
    ['/home/cgu', "Conditions générales d'utilisation", 'objet'],
  ])('%s shows its own part of the legal texts', async (path, title, emphasised) => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/mention-legale', () => HttpResponse.json(legalTexts)),
    );

    renderApp(path);

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(within(article).getByText(emphasised).tagName).toMatch(/^(STRONG|EM)$/);
  });
});

describe('the news page', () => {
  it('shows the news page the banner links to', async () => {
    server.use(
      ...signedIn(),
      http.get('/api/strapi/page-nouveautes/2', () =>
        HttpResponse.json({
          Id: 2,
          Titre: 'Votre attestation en ligne',
          Contenu: '<p>Depuis ce mois-ci…</p>',
        }),
      ),
    );

    renderApp('/home/nouveautes/2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Votre attestation en ligne' }),
    ).toBeVisible();
    expect(screen.getByText('Depuis ce mois-ci…')).toBeVisible();
  });
});
