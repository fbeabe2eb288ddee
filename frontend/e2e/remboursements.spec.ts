import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { collectConsoleErrors } from './support/console';
import { remboursementCards } from './support/home';
import { openHome, signedInAs } from './support/sign-in';

// The axe scans of the list and of a payment day are every-route.spec.ts's.

function paymentCards(page: Page) {
  return page.getByRole('main').getByRole('link', { name: /^Paiement du/ });
}

async function openList(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
    name: 'Mes remboursements',
  }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
  await expect(page.getByText(/^\d+ paiements?\./)).toBeVisible();
}

test.describe('Mes remboursements', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT pages, filters by Lucas and a period, and keeps them across a reload', async ({
      page,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openHome(page);
      await openList(page);
      await expect(paymentCards(page)).toHaveCount(10);
      const firstOfPage1 = await paymentCards(page).first().textContent();

      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/\/mutuelle\/remboursements\?page=2$/);
      await expect(paymentCards(page)).toHaveCount(10);
      // The URL changes before page 2's cards replace page 1's: the first card is read again
      // until it is another.
      await expect(paymentCards(page).first()).not.toHaveText(firstOfPage1 ?? '');
      await page.reload();
      await expect(
        page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }),
      ).toHaveAttribute('aria-current', 'page');
      await page.goBack();
      await expect(page).toHaveURL(/\/mutuelle\/remboursements$/);

      await page.getByLabel('Bénéficiaire').selectOption({ label: 'Lucas DUPONT' });
      await expect(page).toHaveURL(/beneficiaire=\d+/);
      await expect(page.getByText('9 paiements.')).toBeVisible();
      for (const card of await paymentCards(page).all()) await expect(card).toContainText('Lucas DUPONT');

      await page.getByLabel('Période').selectOption({ label: 'Les 3 derniers mois' });
      await expect(page).toHaveURL(/periode=3-mois/);
      // The period's list replaces Lucas's nine payments once it has arrived.
      await expect(page.getByText('9 paiements.')).toBeHidden();
      await expect(paymentCards(page).first()).toBeVisible();
      const inPeriod = await paymentCards(page).count();
      expect(inPeriod).toBeGreaterThan(0);
      expect(inPeriod).toBeLessThan(9);
      await page.reload();
      await expect(page.getByLabel('Bénéficiaire')).toHaveValue(/\d+/);
      await expect(page.getByLabel('Période')).toHaveValue('3-mois');
      await expect(paymentCards(page)).toHaveCount(inPeriod);

      await page.getByLabel('Versés').selectOption({ label: 'Aux professionnels (tiers payant)' });
      await expect(page).toHaveURL(/versement=tiers-payant/);
      expect(consoleErrors).toEqual([]);
    });

    test('a payment day opens from the list and from the home card, with all its lines', async ({
      page,
    }) => {
      await openHome(page);
      const homeCard = remboursementCards(page).first();
      const day = (await homeCard.getAttribute('href')) ?? '';
      await homeCard.click();
      await expect(page).toHaveURL(day);
      await expect(page.getByRole('heading', { level: 1, name: /^Remboursements du / })).toBeVisible();
      await expect(page.getByRole('table').first()).toContainText('Part Sécurité sociale');
      await expect(page.getByText(/^Versé (sur votre compte FR76|à )/).first()).toBeVisible();

      await openList(page);
      const listCard = paymentCards(page).nth(1);
      const href = (await listCard.getAttribute('href')) ?? '';
      await listCard.click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('columnheader', { name: 'Reste à charge' }).first()).toBeAttached();

      await page.goto('/mutuelle/remboursements/2026-02-30');
      await expect(page.getByText('Cette adresse ne correspond à aucune date de paiement.')).toBeVisible();
      await page.getByRole('link', { name: 'Voir tous vos remboursements' }).click();
      await expect(page).toHaveURL(/\/mutuelle\/remboursements$/);
    });

    test('the CSV export holds what the filters select, for a French spreadsheet', async ({ page }) => {
      await openHome(page);
      await openList(page);
      await page.getByLabel('Bénéficiaire').selectOption({ label: 'Lucas DUPONT' });
      await expect(page.getByText('9 paiements.')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^remboursements-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
      expect(rows[0]).toBe(
        'Date de paiement;Bénéficiaire;Date des soins;Acte;Professionnel de santé;Montant réel;' +
          'Part Sécurité sociale;Remb. Cogévie;Reste à charge;Versé à',
      );
      expect(rows.length).toBeGreaterThanOrEqual(10);
      for (const row of rows.slice(1)) {
        expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4};Lucas DUPONT;\d{2}\/\d{2}\/\d{4};/);
        expect(row).toMatch(/;\d+,\d{2};\d+,\d{2};\d+,\d{2};\d+,\d{2};/);
      }
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Sophie PETIT') });

    test('Sophie PETIT has no reimbursement yet', async ({ page }) => {
      await page.goto('/mutuelle/remboursements');
      await expect(page.getByText('Vous n’avez pas de remboursement pour l’instant')).toBeVisible();
    });
  });
});
