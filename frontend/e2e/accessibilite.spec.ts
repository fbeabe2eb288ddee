import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInAs } from './support/sign-in';

/** Kept out of git (.gitignore): looked at by a person, not compared by the tests. */
const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

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
    await page.screenshot({ path: `${screenshots}accessibilite-1280.png`, fullPage: true });
    await expectNoAccessibilityViolations(page);
  });

  test('is linked from the footer of the signed-in pages', async ({ page }) => {
    await signInAs(page, 'Marie DUPONT');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Accessibilité : non conforme' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }),
    ).toBeVisible();
  });
});
