import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { newsBanner } from './support/shell';
import { signInAs } from './support/sign-in';

test('a closed news banner stays closed after a reload', async ({ page }) => {
  await signInAs(page, 'Marie DUPONT');
  const banner = newsBanner(page);
  await expect(banner).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await banner.getByRole('button', { name: 'Fermer le bandeau des nouveautés' }).click();
  await expect(banner).toBeHidden();
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('visible'))).toBe('false');
});
