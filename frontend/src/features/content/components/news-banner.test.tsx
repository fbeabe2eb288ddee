import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { BandeauNouveautes } from '@/types/bandeau-nouveautes';
import { bannerHref } from './news-banner';

function aBanner(overrides: Partial<BandeauNouveautes> = {}): BandeauNouveautes {
  return {
    Libelle: 'Nouveau',
    Texte: 'Votre attestation de tiers payant est disponible en ligne.',
    URL: '/home/nouveautes/2',
    Visible: true,
    ...overrides,
  };
}

async function renderHomeWith(banner: BandeauNouveautes | null) {
  server.use(...signedIn({}, { banner }));
  const view = renderApp('/home');
  await screen.findByRole('heading', { level: 1, name: 'Accueil' });
  return view;
}

function queryBanner() {
  return screen.queryByRole('region', { name: 'Nouveautés' });
}

describe('the news banner', () => {
  it('shows when the server says it is visible', async () => {
    await renderHomeWith(aBanner());

    const banner = await screen.findByRole('region', { name: 'Nouveautés' });
    expect(banner).toHaveTextContent('Nouveau');
    expect(banner).toHaveTextContent('Votre attestation de tiers payant est disponible en ligne.');
  });

  it('stays hidden when the server says it is not visible', async () => {
    await renderHomeWith(aBanner({ Visible: false }));

    await waitFor(() => {
      expect(queryBanner()).not.toBeInTheDocument();
    });
  });

  it('is absent when there is no banner', async () => {
    await renderHomeWith(null);

    expect(queryBanner()).not.toBeInTheDocument();
  });

  it('stays hidden when the browser stored "visible" false, whatever the server says', async () => {
    localStorage.setItem('visible', 'false');

    await renderHomeWith(aBanner({ Visible: true }));

    await waitFor(() => {
      expect(queryBanner()).not.toBeInTheDocument();
    });
  });

  it('shows when the browser stored "visible" true, whatever the server says', async () => {
    localStorage.setItem('visible', 'true');

    await renderHomeWith(aBanner({ Visible: false }));

    expect(await screen.findByRole('region', { name: 'Nouveautés' })).toBeVisible();
  });

  it('closes with its cross and stores false', async () => {
    await renderHomeWith(aBanner());
    const banner = await screen.findByRole('region', { name: 'Nouveautés' });

    await userEvent.click(
      within(banner).getByRole('button', { name: 'Fermer le bandeau des nouveautés' }),
    );

    expect(queryBanner()).not.toBeInTheDocument();
    expect(localStorage.getItem('visible')).toBe('false');
  });

  it('navigates inside the app for a link not starting with http, and closes', async () => {
    server.use(
      http.get('/api/strapi/page-nouveautes/2', () =>
        HttpResponse.json({ Id: 2, Titre: 'Attestation en ligne', Contenu: '<p>…</p>' }),
      ),
    );
    const { router } = await renderHomeWith(aBanner({ URL: '/home/nouveautes/2' }));
    const link = within(await screen.findByRole('region', { name: 'Nouveautés' })).getByRole(
      'link',
      {
        name: 'En savoir plus',
      },
    );
    expect(link).not.toHaveAttribute('target');

    await userEvent.click(link);

    // The page's code loads on navigation: the location changes once it has arrived.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/home/nouveautes/2');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Attestation en ligne' }),
    ).toBeVisible();
    expect(localStorage.getItem('visible')).toBe('false');
  });

  it('opens a link starting with http in a new tab without opener or referrer, and closes', async () => {
    await renderHomeWith(aBanner({ URL: 'http://prevention.example/campagne' }));
    const link = within(await screen.findByRole('region', { name: 'Nouveautés' })).getByRole(
      'link',
      {
        name: /^En savoir plus/,
      },
    );

    expect(link).toHaveAttribute('href', 'http://prevention.example/campagne');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    link.addEventListener('click', (event) => {
      event.preventDefault();
    });
    await userEvent.click(link);

    expect(queryBanner()).not.toBeInTheDocument();
    expect(localStorage.getItem('visible')).toBe('false');
  });

  it('adds https:// to a link starting with www. and opens it in a new tab', async () => {
    await renderHomeWith(aBanner({ URL: 'www.prevention.example/campagne' }));
    const link = within(await screen.findByRole('region', { name: 'Nouveautés' })).getByRole(
      'link',
      {
        name: /^En savoir plus/,
      },
    );

    expect(link).toHaveAttribute('href', 'https://www.prevention.example/campagne');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('has no link when the banner has no URL', async () => {
    await renderHomeWith(aBanner({ URL: null }));

    const banner = await screen.findByRole('region', { name: 'Nouveautés' });
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('bannerHref', () => {
  it.each([
    ['www.example.org', 'https://www.example.org'],
    ['https://www.example.org', 'https://www.example.org'],
    ['/home/nouveautes/1', '/home/nouveautes/1'],
  ])('turns %s into %s', (url, href) => {
    expect(bannerHref(url)).toBe(href);
  });
});
