import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { contentMenus, mainNavigation } from './support/shell';
import { openHome, signedInAs } from './support/sign-in';

// The pages' axe scans are every-route.spec.ts's; the cookie panel's dialog is scanned here.
test.describe('routes of the signed-in member', () => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test.beforeEach(async ({ page }) => {
    await openHome(page);
  });

  test('an unknown path leads to the home page', async ({ page }) => {
    await page.goto('/cette-page-n-existe-pas');

    await page.waitForURL((url) => url.pathname === '/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
  });

  test('the section address /mutuelle lists its pages inside the shell', async ({ page }) => {
    await page.goto('/mutuelle');
    await expect(page.getByRole('heading', { level: 1, name: 'Ma mutuelle' })).toBeVisible();
    await expect(mainNavigation(page)).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Mes garanties et mes services' }).click();
    await page.waitForURL((url) => url.pathname === '/mutuelle/contrats-garanties');
  });

  test('a content menu entry of the sidebar opens its article', async ({ page }) => {
    const [first] = await contentMenus(page);
    if (!first) throw new Error('the demo content service has menu entries');
    const link = mainNavigation(page).getByRole('link', { name: first.Titre, exact: true });

    await link.click();

    await page.waitForURL((url) => url.pathname === `/home/article/${String(first.Id)}`);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(
      first.Titre,
    );
    await expect(link).toHaveAttribute('aria-current', 'page');
  });

  test('the footer opens the legal notice and the terms of use', async ({ page }) => {
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('link', { name: 'Mentions légales' }).click();
    await page.waitForURL((url) => url.pathname === '/home/mentions-legales');
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();

    await footer.getByRole('link', { name: 'Conditions générales d’utilisation' }).click();
    await page.waitForURL((url) => url.pathname === '/home/cgu');
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the cookie panel lists the portal’s cookies and keeps the choice', async ({ page }) => {
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Gestion des cookies' })
      .click();
    const panel = page.getByRole('dialog', { name: 'Gestion des cookies' });
    await expect(
      panel.getByRole('rowheader', { name: '__Host-espace-assure-session' }),
    ).toBeVisible();
    await expect(panel.getByRole('rowheader', { name: '__Host-XSRF-TOKEN' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await panel.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(panel).toBeHidden();
    await page.reload();
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Gestion des cookies' })
      .click();

    await expect(panel).toContainText('Votre choix : tout refuser');
  });
});

test('an unknown path without a session ends at the root', async ({ page }) => {
  await page.goto('/nulle-part');

  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre espace assuré' }),
  ).toBeVisible();
});
