import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInAs, signOut } from './support/sign-in';

// These journeys sign in on their own (signInAs): they sign out, close sessions or go
// offline, which would spoil the sessions the other journeys share.

/**
 * Waits until the service worker controls the page. The worker registered at the first page
 * load installs in the background (precaching the app), and on a loaded machine its first
 * install can miss the page it should claim: a reload is then a later visit, which the active
 * worker serves, as a member's next visit would be.
 */
async function controlledByTheWorker(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (controlled) return;
    await page.reload();
  }
  throw new Error('the service worker never controlled the page');
}

const firefoxOnAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

test.describe('Ma carte, même hors connexion', () => {
  test('Marie DUPONT shows her card without network, and no longer once signed out', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'Marie DUPONT');
    await page.goto('/mutuelle/smart-carte');
    const garder = page.getByRole('switch', { name: /Garder ma carte sur cet appareil/ });
    await expect(garder).toBeEnabled();
    // Off until the member turns it on.
    await expect(garder).not.toBeChecked();
    await garder.click();
    await expect(garder).toBeChecked();
    // The worker installed by this visit controls the page before the signal goes; the next
    // visit, online, finds the choice kept and the card saved, whatever the worker's install
    // and the first save were still doing when the switch was turned on.
    await controlledByTheWorker(page);
    await page.reload();
    await controlledByTheWorker(page);
    await expect(garder).toBeChecked();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/^Hors connexion : carte enregistrée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Code à scanner par votre professionnel de santé' }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    await context.setOffline(false);
    await page.goto('/home');
    await signOut(page);
    await context.setOffline(true);
    await page.goto('/mutuelle/smart-carte').catch(() => undefined);
    await expect(page.getByText(/^Hors connexion : carte enregistrée/)).toHaveCount(0);
    await context.close();
  });
});

test.describe('Mes connexions', () => {
  test('Marie DUPONT closes the session of her other browser, which returns to the root', async ({ browser }) => {
    const phone = await browser.newContext({ userAgent: firefoxOnAndroid });
    const phonePage = await phone.newPage();
    await signInAs(phonePage, 'Marie DUPONT');
    const desktop = await browser.newContext();
    const page = await desktop.newPage();
    await signInAs(page, 'Marie DUPONT');

    await page.goto('/compte/informations-personnelles');
    const section = page.getByRole('region', { name: 'Mes connexions' });
    await expect(section.getByText('Cet appareil')).toBeVisible();
    await expect(section.getByText('Firefox 133 sur Android')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await section.getByRole('button', { name: 'Fermer cette session : Firefox 133 sur Android' }).click();
    await expect(section.getByText('Session fermée.')).toBeVisible();
    await expect(section.getByText('Firefox 133 sur Android')).toHaveCount(0);

    // The phone's next call is refused: its page returns to the root.
    await phonePage.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
      name: 'Mes remboursements',
    }).click();
    await phonePage.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Bienvenue sur votre espace assuré')).toBeVisible();
    await phone.close();
    await desktop.close();
  });
});
