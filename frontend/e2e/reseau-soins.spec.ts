import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { openHome, signedInAs } from './support/sign-in';

// Which partners a search finds is the member API's to test (demo/tests/upstreams/api_reseau_soins.rs);
// these journeys check what a member in town and one in a village see of it, from where they
// arrive.

test.describe('Trouver un professionnel partenaire', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT finds an optician near home from her estimate for Emma’s glasses', async ({ page }) => {
      const consoleErrors = collectConsoleErrors(page);
      await page.goto('/mutuelle/contrats-garanties/estimation');
      await page.getByLabel('Pour qui ?').selectOption({ label: 'Emma DUPONT' });
      await page.getByLabel('Type de soin').selectOption({ label: 'Lunettes : monture et verres simples' });
      await page.getByRole('radio', { name: 'Non' }).check();
      await page.getByLabel('Prix indiqué sur le devis').fill('300');
      await page.getByRole('button', { name: 'Estimer', exact: true }).click();
      await page.getByRole('link', { name: 'Trouver un opticien partenaire' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Trouver un professionnel partenaire' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Opticien' })).toBeChecked();
      // Her own postal code to start with (another journey may have moved her meanwhile), then
      // the one she searches around.
      await expect(page.getByLabel('Commune ou code postal')).toHaveValue(/^\d{5}$/);
      await page.getByLabel('Commune ou code postal').fill('75011');
      await page.getByLabel('Distance').selectOption('5');
      await page.getByRole('button', { name: 'Rechercher' }).click();

      const resultats = page.getByRole('heading', {
        name: /^\d+ opticiens partenaires à moins de 5 km de Paris 11e Arrondissement \(75011\)$/,
      });
      await expect(resultats).toBeFocused();
      const premier = page.getByRole('article').first();
      await expect(premier).toContainText('Tiers payant');
      await expect(premier).toContainText('Offre 100 % Santé sans reste à charge');
      await expect(premier.getByRole('link', { name: /^01 99 00 / })).toHaveAttribute('href', /^tel:019900\d{4}$/);
      await expectNoAccessibilityViolations(page);

      // A name several communes bear is refused with what to type instead.
      await page.getByLabel('Commune ou code postal').fill('Saint-Denis');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Plusieurs communes portent ce nom : saisissez plutôt le code postal.',
      );
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Léa BERNARD'), viewport: { width: 320, height: 800 } });

    test('Léa BERNARD, in a village, widens the distance on a phone to find a hearing-aid centre', async ({ page }) => {
      await openHome(page);
      await page.goto('/mutuelle/contrats-garanties');
      await page.getByRole('link', { name: 'Trouver un professionnel partenaire' }).click();
      await page.getByRole('radio', { name: 'Audioprothésiste' }).check();
      await expect(page.getByLabel('Commune ou code postal')).toHaveValue('54490');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(
        page.getByRole('heading', { name: 'Aucun audioprothésiste partenaire à moins de 20 km de Piennes (54490)' }),
      ).toBeFocused();

      await page.getByLabel('Distance').selectOption('50');
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(
        page.getByRole('heading', { name: '1 audioprothésiste partenaire à moins de 50 km de Piennes (54490)' }),
      ).toBeFocused();
      await expect(page.getByRole('article')).toContainText('57000 Metz');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await expectNoAccessibilityViolations(page);
    });
  });
});
