import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectConsoleErrors } from './support/console';
import { currentYear } from './support/home';
import { openHome, signedInAs } from './support/sign-in';

// The axe scans of both pages, for a member with a card and one without an individual
// contract, are every-route.spec.ts's.

function cards(page: Page) {
  return page.getByRole('article', { name: 'Carte de tiers payant' });
}

test.describe('Ma carte de Tiers Payant', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT’s card in force, its code, and its PDF', async ({ page }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openHome(page);
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
        name: 'Ma carte de Tiers Payant',
      }).click();
      // Valid from January to December: the card names its one year.
      await expect(
        page.getByRole('heading', { level: 2, name: `Ma carte de Tiers Payant ${String(currentYear)}` }),
      ).toBeVisible();
      const card = cards(page).first();
      for (const label of [
        'Numéro AMC',
        'Type de convention',
        'Critère secondaire de routage',
        'Numéro d’adhérent',
        'Période de validité',
      ]) {
        await expect(card.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(card.getByRole('row', { name: /^Lucas DUPONT/ })).toBeVisible();
      await expect(
        card.getByRole('img', { name: 'Code à scanner par votre professionnel de santé' }),
      ).toBeVisible();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger' }).first().click(),
      ]);
      expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Léa BERNARD') });

    test('Léa BERNARD sees next year’s card only', async ({ page }) => {
      await page.goto('/mutuelle/smart-carte');
      await expect(
        page.getByRole('heading', { level: 2, name: `Ma carte de Tiers Payant ${String(currentYear + 1)}` }),
      ).toBeVisible();
      await expect(cards(page)).toHaveCount(1);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Jean MARTIN') });

    test('M. Jean MARTIN, struck off, gets an explanation instead of a card', async ({ page }) => {
      await page.goto('/mutuelle/smart-carte');
      await expect(page.getByText(/Votre adhésion a pris fin/)).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    });
  });
});

test.describe('Mes garanties et mes services', () => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test('Marie DUPONT’s contracts, guarantees, booklet and contributions', async ({ page }) => {
    await page.goto('/mutuelle/contrats-garanties');
    await expect(page.getByRole('article').first()).toContainText('En cours');
    await expect(page.getByRole('group').first()).toBeVisible();
    const optique = page.getByRole('group').filter({ hasText: 'Optique' }).first();
    await optique.getByText('Optique', { exact: true }).click();
    await expect(optique.getByText(/BRSS/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Résilier votre contrat', exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le livret de garanties' }).click(),
    ]);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the contributions tile of the home page scrolls to and focuses "Mes cotisations"', async ({
    page,
  }) => {
    await openHome(page);
    await page.getByRole('navigation', { name: 'Accès rapides' }).getByRole('link', {
      name: /cotisations/i,
    }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Mes cotisations' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByText(/^Prochaine échéance : /)).toBeVisible();
  });
});
