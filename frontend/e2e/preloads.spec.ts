import { expect, type Page, test } from '@playwright/test';
import { blocGaucheKey } from '../src/lib/bloc-gauche-key';
import { openHome, signedInAs } from './support/sign-in';

/** The paths the page asked the server for while `load` ran. */
async function requestedWhile(page: Page, load: () => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  const record = (request: { url: () => string }) => {
    paths.push(new URL(request.url()).pathname);
  };
  page.on('request', record);
  try {
    await load();
  } finally {
    page.off('request', record);
  }
  return paths;
}

// The server names a signed-in page's first needs in its `Link` header (src/pages.rs), a
// section's page with its own scripts and styles (from the build's route-manifest.json); the
// browser only reuses a preload whose URL, type and mode match the SPA's own request, or it
// asks twice.
test.describe('what a signed-in page preloads', () => {
  // A first visit, as the preloads are for: no service worker installing beside the page, whose
  // precache and fetch handler would add requests of their own to the page's.
  test.use({ storageState: signedInAs('Marie DUPONT'), serviceWorkers: 'block' });

  for (const { path, title, own = [] } of [
    { path: '/home', title: 'Accueil' },
    // An answer named by the address's number, filled in by the server.
    { path: '/mutuelle/demandes/1', title: /^Demande n° /, own: ['/api/demande/1'] },
    { path: '/mutuelle/remboursements', title: 'Mes remboursements' },
    // A page with styles and scripts of its own, beside the sections' routes.
    { path: '/mutuelle/demandes/creation', title: 'Effectuer une demande' },
    // The year's page, not the payment day's `:date` that its address also matches.
    { path: '/mutuelle/remboursements/annee-sante', title: 'Mon année santé' },
  ]) {
    test(`${path} asks only once for the session check, the sidebar’s answers and each script`, async ({
      page,
    }) => {
      // Once on screen and the browser idle, the home page fetches the sections' routes and
      // the kept card's code: not this load's requests. Waited for by name: on a busy machine
      // the browser turns idle well after the network has gone quiet.
      const idleTimeScripts = Promise.all(
        ['section-routes-', 'saved-card-'].map((script) =>
          page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(`/assets/${script}`)),
        ),
      );
      await openHome(page);
      await idleTimeScripts;
      await page.waitForLoadState('networkidle');
      const asked = await requestedWhile(page, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      });

      // The sidebar's menus and left block are preloaded too (by the server, which derives the
      // block's key from the address as the SPA does): asked once, so the preload was reused.
      for (const answer of ['/api/session', '/api/strapi/menus', `/api/strapi/bloc-gauche/${blocGaucheKey(path)}`, ...own]) {
        expect(asked.filter((asked) => asked === answer), answer).toHaveLength(1);
      }
      const assets = asked.filter((asked) => asked.startsWith('/assets/'));
      expect(assets.some((asset) => asset.startsWith('/assets/member-routes-'))).toBe(true);
      expect(assets.filter((asset, index) => assets.indexOf(asset) !== index)).toEqual([]);
    });
  }
});
