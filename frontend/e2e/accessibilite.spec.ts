import { expect, test } from '@playwright/test';
import { openHome, signedInAs } from './support/sign-in';

// Its axe scan, with and without a session, is every-route.spec.ts's.
test.describe('the accessibility statement', () => {
  test('is reached from the public root, without a session, with every part', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Accessibilité : non conforme' }).click();
    await expect(page).toHaveURL(/\/home\/accessibilite$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }),
    ).toBeVisible();
    for (const part of [
      'État de conformité',
      'Résultats des tests',
      'Contenus non accessibles',
      'Retour d’information et contact',
      'Voies de recours',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: part })).toBeVisible();
    }
    await expect(page.getByText(/^Mutuelle Cogévie s’engage/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'accessibilite@example.org' })).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('is linked from the footer of the signed-in pages', async ({ page }) => {
      await openHome(page);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Accessibilité : non conforme' })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }),
      ).toBeVisible();
    });
  });
});
