import { expect, test } from '@playwright/test';
import { newsBanner } from './support/shell';
import { openHome, signedInAs } from './support/sign-in';

test.use({ storageState: signedInAs('Marie DUPONT') });

// The open banner's axe scan is every-route.spec.ts's, on Marie DUPONT's home page.
test('a closed news banner stays closed after a reload', async ({ page }) => {
  await openHome(page);
  const banner = newsBanner(page);
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Fermer le bandeau des nouveautés' }).click();
  await expect(banner).toBeHidden();
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('visible'))).toBe('false');
});
