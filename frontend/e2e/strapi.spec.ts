import { expect, test } from '@playwright/test';
import { mainNavigation, newsBanner } from './support/shell';
import { signInAs } from './support/sign-in';

// A second instance of the release binary reads a real Strapi 5 with the content model of
// packaging/strapi (`[upstream.cms] kind = "strapi"`), seeded with the demo's content
// (playwright.config.ts, project `strapi`).

test('the menu, an article, the left block with its image and the banner come from Strapi', async ({
  page,
}) => {
  await signInAs(page, 'Marie DUPONT');
  const banner = newsBanner(page);
  await expect(banner).toContainText(
    'Votre espace assuré fait peau neuve : remboursements, carte de tiers payant et demandes réunis sur une même page.',
  );

  const block = page.getByRole('complementary', { name: 'Envoyez vos factures en quelques clics' });
  await expect(block.getByRole('link', { name: 'Envoyer une facture' })).toBeVisible();
  const image = block.locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/strapi\/uploads\/facture_\w+\.svg$/);
  // Loaded, through the portal: a broken image has no natural width.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const navigation = mainNavigation(page);
  await expect(
    navigation.getByRole('link', { name: 'Le 100 % Santé en optique, dentaire et audiologie' }),
  ).toBeVisible();
  await expect(
    navigation.getByRole('link', { name: 'Cabinet Chesneau : vos contacts et services dédiés' }),
  ).toHaveCount(0);
  await navigation.getByRole('link', { name: 'Le tiers payant, comment ça marche ?' }).click();
  await page.waitForURL((url) => url.pathname === '/home/article/1');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(
    'Le tiers payant, comment ça marche ?',
  );
  await expect(article.getByRole('heading', { level: 2, name: 'Ne plus avancer vos frais de santé' })).toBeVisible();
});

test('a member of the brokerage finds its article', async ({ page }) => {
  await signInAs(page, 'Paul DURAND');
  await mainNavigation(page)
    .getByRole('link', { name: 'Cabinet Chesneau : vos contacts et services dédiés' })
    .click();
  await page.waitForURL((url) => url.pathname === '/home/article/6');
  await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(
    'Cabinet Chesneau : vos contacts et services dédiés',
  );
});
