import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { currentYear } from './support/home';
import { openHome, signedInAs } from './support/sign-in';

// What the member API answers is its own tests' (demo/tests/upstreams/api_estimation.rs); these
// journeys check what a member sees of it. The pages as they load are every-route.spec.ts's to
// scan; the states reached here are scanned here. Sending a quote with its estimate is
// demandes.spec.ts's.

async function estimate(page: Page, who: string, soin: string, centPourCent: 'Oui' | 'Non', prix: string) {
  await page.getByLabel('Pour qui ?').selectOption({ label: who });
  await page.getByLabel('Type de soin').selectOption({ label: soin });
  await page.getByRole('radio', { name: centPourCent }).check();
  await page.getByLabel('Prix indiqué sur le devis').fill(prix);
  await page.getByRole('button', { name: 'Estimer', exact: true }).click();
  return page.getByRole('region', { name: 'Votre estimation' });
}

test.describe('Estimer mon remboursement', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT estimates Emma’s glasses and her own crown from Mes garanties', async ({ page }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openHome(page);
      await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
        name: 'Mes garanties et mes services',
      }).click();
      await page.getByRole('link', { name: 'Estimer mon remboursement', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Estimer mon remboursement' })).toBeVisible();

      // Emma, 14, had glasses paid a month ago: children's glasses are renewed once a year.
      let result = await estimate(page, 'Emma DUPONT', 'Lunettes : monture et verres simples', 'Non', '300');
      await expect(result.getByRole('heading', { name: 'Votre estimation' })).toBeFocused();
      await expect(result).toContainText('Reste à votre charge300,00 €');
      await expect(result).toContainText('Prochain équipement remboursable à partir du');
      await expect(result).toContainText('Monture et verres hors 100 % Santé (classe B)');
      await expect(result).toContainText('Estimation indicative');
      await expectNoAccessibilityViolations(page);

      // A crown of the 100 % Santé basket at its price limit leaves nothing to pay.
      result = await estimate(page, 'Marie DUPONT', 'Couronne', 'Oui', '500');
      await expect(result).toContainText('Reste à votre charge0,00 €');
      await expect(result).toContainText('Prothèses dentaires 100 % Santé');
      await expect(result).toContainText('contrat n° IND-004512');
      expect(consoleErrors).toEqual([]);
    });

    test('Marie DUPONT downloads her rights certificate and Emma’s membership certificate', async ({ page }) => {
      await page.goto('/compte/informations-personnelles');
      const block = page.getByRole('region', { name: 'Mes attestations' });
      let download = page.waitForEvent('download');
      await block.getByRole('button', { name: 'Attestation de droits' }).click();
      let saved = await download;
      expect(saved.suggestedFilename()).toBe('attestation-de-droits-marie-dupont.pdf');
      expect(readFileSync(await saved.path()).subarray(0, 5).toString()).toBe('%PDF-');

      await block.getByLabel('Pour qui ?').selectOption({ label: 'Emma DUPONT' });
      download = page.waitForEvent('download');
      await block.getByRole('button', { name: 'Attestation d’adhésion' }).click();
      saved = await download;
      expect(saved.suggestedFilename()).toBe('attestation-d-adhesion-emma-dupont.pdf');

      // Self-employed, she deducts last year's contributions: the Madelin certificate.
      const annee = new Date().getFullYear() - 1;
      await expect(block.getByLabel('Année')).toHaveValue(String(annee));
      download = page.waitForEvent('download');
      await block.getByRole('button', { name: 'Attestation fiscale Madelin' }).click();
      saved = await download;
      expect(saved.suggestedFilename()).toBe(`attestation-madelin-${String(annee)}.pdf`);
      expect(readFileSync(await saved.path()).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  // M. Jean MARTIN, struck off, gets no form but the reason why: situations.spec.ts.
});

test.describe('Mon année santé', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT sees where this year’s money went, month by month and by kind of care', async ({ page }) => {
      await page.goto('/mutuelle/remboursements');
      await page.getByRole('link', { name: 'Voir mon année santé' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mon année santé' })).toBeVisible();
      await expect(page.getByRole('img', { name: new RegExp(`^Dépenses de santé par mois en ${String(currentYear)}`) })).toBeVisible();
      await expect(page.getByRole('table', { name: /par type de soins/ })).toContainText('Total');
      await page.getByLabel('Personne couverte').selectOption({ label: 'Emma DUPONT' });
      await expect(page).toHaveURL(/beneficiaire=\d+/);
      await expect(page.getByRole('table', { name: /par personne couverte/ })).toHaveCount(0);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter en CSV' }).click();
      expect((await download).suggestedFilename()).toBe(`annee-sante-${String(currentYear)}.csv`);
      await expectNoAccessibilityViolations(page);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Sophie PETIT') });

    test('Sophie PETIT, without payments, reads that the year is empty', async ({ page }) => {
      await page.goto('/mutuelle/remboursements/annee-sante');
      await expect(page.getByText(`Aucun remboursement en ${String(currentYear)}.`)).toBeVisible();
      await expect(page.getByRole('main').getByRole('img')).toHaveCount(0);
    });
  });
});
