import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, anActingSession, noRemboursements, sessionIs, shellContent, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

async function mainNavigation() {
  return screen.findByRole('navigation', { name: 'Menu principal' });
}

/** The entries of the menu (the brand's link to the home page aside). */
function linkNames(navigation: HTMLElement): string[] {
  return within(navigation)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link'))
    .map((link) => link.textContent);
}

describe('the sidebar links', () => {
  it.each([
    { Radie: false, CarteTp: true, CarteTpSuivante: false, shown: true },
    { Radie: false, CarteTp: false, CarteTpSuivante: false, shown: false },
    // Next year's card only, as the home tile shows it to a member whose contract starts then.
    { Radie: false, CarteTp: false, CarteTpSuivante: true, shown: true },
    { Radie: true, CarteTp: true, CarteTpSuivante: false, shown: false },
    { Radie: true, CarteTp: false, CarteTpSuivante: true, shown: false },
  ])(
    'show the tiers-payant card $shown when Radie is $Radie, CarteTp $CarteTp and CarteTpSuivante $CarteTpSuivante',
    async ({ Radie, CarteTp, CarteTpSuivante, shown }) => {
      server.use(
        ...signedIn({ Radie, CarteTp, CarteTpSuivante }),
        // The home page of a member without a contract in force says what became of it.
        http.get('/api/assure/contrats', () => HttpResponse.json([])),
      );

      renderApp('/home');

      const expected = [
        'Accueil',
        'Mes informations personnelles',
        ...(shown ? ['Ma carte de Tiers Payant'] : []),
        'Mes remboursements',
        'Mes garanties et mes services',
        'Mes demandes',
      ];
      expect(linkNames(await mainNavigation())).toEqual(expected);
    },
  );

  it('lead to the section paths', async () => {
    server.use(...signedIn());

    renderApp('/home');
    const navigation = await mainNavigation();

    const href = (name: string) =>
      within(navigation).getByRole('link', { name }).getAttribute('href');
    expect(href('Accueil')).toBe('/home');
    expect(href('Mes informations personnelles')).toBe('/compte/informations-personnelles');
    expect(href('Ma carte de Tiers Payant')).toBe('/mutuelle/smart-carte');
    expect(href('Mes remboursements')).toBe('/mutuelle/remboursements');
    expect(href('Mes garanties et mes services')).toBe('/mutuelle/contrats-garanties');
    expect(href('Mes demandes')).toBe('/mutuelle/demandes');
  });

  it('mark the current page, with Accueil current on /home only', async () => {
    server.use(...signedIn(), ...noRemboursements());

    renderApp('/mutuelle/remboursements/2024-03-15');
    const navigation = await mainNavigation();

    expect(within(navigation).getByRole('link', { name: 'Mes remboursements' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Accueil' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('end with one link per content menu entry, labelled with its Titre', async () => {
    server.use(
      ...signedIn(
        {},
        {
          menus: [
            { Id: 3, Titre: 'Prévention santé', courtierChesneau: false },
            { Id: 7, Titre: 'Vos avantages', courtierChesneau: false },
          ],
        },
      ),
    );

    renderApp('/home');
    const navigation = await mainNavigation();

    await waitFor(() => {
      expect(linkNames(navigation).slice(-2)).toEqual(['Prévention santé', 'Vos avantages']);
    });
    expect(within(navigation).getByRole('link', { name: 'Vos avantages' })).toHaveAttribute(
      'href',
      '/home/article/7',
    );
  });

  it('reload the content menus on each route change', async () => {
    let menuCalls = 0;
    server.use(
      http.get('/api/session', () => HttpResponse.json(aSession())),
      http.get('/api/strapi/menus', () => {
        menuCalls += 1;
        return HttpResponse.json([
          { Id: menuCalls, Titre: `Article ${String(menuCalls)}`, courtierChesneau: false },
        ]);
      }),
      ...shellContent(),
      ...noRemboursements(),
    );

    renderApp('/home');
    const navigation = await mainNavigation();
    await within(navigation).findByRole('link', { name: 'Article 1' });

    await userEvent.click(within(navigation).getByRole('link', { name: 'Mes remboursements' }));

    expect(await within(navigation).findByRole('link', { name: 'Article 2' })).toBeVisible();
  });
});

describe('the sidebar links of someone acting for a member', () => {
  it.each([
    { droits: [], shown: ['Accueil', 'Mes garanties et mes services'] },
    { droits: ['REMBOURSEMENTS'], shown: ['Accueil', 'Mes remboursements', 'Mes garanties et mes services'] },
    { droits: ['ATTESTATIONS'], shown: ['Accueil', 'Ma carte de Tiers Payant', 'Mes garanties et mes services'] },
    { droits: ['DEMANDES'], shown: ['Accueil', 'Mes garanties et mes services', 'Mes demandes'] },
    { droits: ['GESTION'], shown: ['Accueil', 'Mes informations personnelles', 'Mes garanties et mes services'] },
    {
      droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'],
      shown: [
        'Accueil',
        'Mes informations personnelles',
        'Ma carte de Tiers Payant',
        'Mes remboursements',
        'Mes garanties et mes services',
        'Mes demandes',
      ],
    },
  ] as const)('show what the rights $droits open, and the guarantees always', async ({ droits, shown }) => {
    server.use(sessionIs(anActingSession({ droits: [...droits] })), ...shellContent());

    renderApp('/home');

    expect(linkNames(await mainNavigation())).toEqual(shown);
  });

  it('ask for the count of unread messages only with the right to the member’s requests', async () => {
    const asked: string[] = [];
    server.use(sessionIs(anActingSession({ droits: ['REMBOURSEMENTS'] })), ...shellContent());
    server.use(
      http.get('/api/demandes/nonLus', () => {
        asked.push('nonLus');
        return HttpResponse.json({ total: 2, demandes: [] });
      }),
    );

    renderApp('/home');
    await pageReady('Accueil');

    expect(asked).toEqual([]);
  });
});

describe('the sidebar drawer of small screens', () => {
  it('opens with the menu button and closes with the cross', async () => {
    server.use(...signedIn());
    renderApp('/home');
    const menuButton = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);

    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const closeButton = screen.getByRole('button', { name: 'Fermer le menu' });
    expect(closeButton).toHaveFocus();
    // What the drawer covers can be neither focused nor clicked.
    expect(menuButton.closest('[inert]')).not.toBeNull();

    await userEvent.click(closeButton);

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(menuButton.closest('[inert]')).toBeNull();
  });

  it('closes with Escape', async () => {
    server.use(...signedIn());
    renderApp('/home');
    const menuButton = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    await userEvent.click(menuButton);

    await userEvent.keyboard('{Escape}');

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when one of its links is followed', async () => {
    server.use(...signedIn(), http.get('/api/demandes', () => HttpResponse.json([])));
    renderApp('/home');
    const menuButton = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    await userEvent.click(menuButton);

    await userEvent.click(screen.getByRole('link', { name: 'Mes demandes' }));

    // The page's code loads on navigation.
    // Focus goes to the new page's title.
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toHaveFocus();
    });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
