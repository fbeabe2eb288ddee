import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { expectNoSidewaysScroll } from './support/layout';
import { type DemoMember, openHome, signedInAs, signInAs } from './support/sign-in';

/** « Mes informations personnelles » as a member reaches it, from the home's menu. */
async function openFromTheHome(page: Page) {
  await openHome(page);
  await page.getByRole('link', { name: 'Mes informations personnelles' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes informations personnelles' })).toBeVisible();
}

test.describe('Mes informations personnelles', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT moves to Lyon and changes her son’s bank details; both are kept', async ({
      page,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openFromTheHome(page);

      const adresse = page.getByRole('region', { name: 'Adresse postale' });
      await adresse.getByRole('button', { name: 'Modifier' }).click();
      await adresse.getByLabel('Numéro et voie').fill('8 place Bellecour');
      await adresse.getByLabel('Code postal').fill('69002');
      // The communes of a real postal code, from the member API's reference data.
      await expect(adresse.getByLabel('Commune').getByRole('option', { name: 'LYON' })).toBeAttached();
      await adresse.getByLabel('Commune').selectOption('LYON');
      await adresse.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(adresse.getByText('Votre nouvelle adresse est enregistrée.')).toBeVisible();

      const banque = page.getByRole('region', { name: 'Coordonnées bancaires' });
      await banque.getByRole('button', { name: 'Modifier' }).click();
      await banque.getByLabel('Compte de').selectOption({ label: 'Lucas DUPONT' });
      await banque.getByLabel('Titulaire du compte').fill('Marie DUPONT');
      await banque.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 188');
      await banque.getByLabel('BIC').fill('BDFEFRPPCCT');
      await banque.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        banque.getByText('Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.'),
      ).toBeVisible();
      await banque.getByLabel('IBAN').fill('FR76 3000 1007 9412 3456 7890 185');
      await banque.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        banque.getByText('Vos nouvelles coordonnées bancaires sont enregistrées.'),
      ).toBeVisible();

      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Adresse postale' }).locator('address'),
      ).toContainText('8 place Bellecour69002 LYON');
      await expect(
        page.getByRole('region', { name: 'Coordonnées bancaires' }).getByRole('listitem').filter({
          hasText: 'Lucas DUPONT',
        }),
      ).toContainText('***0 185');
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Jean MARTIN') });

    test('a struck-off member, M. Jean MARTIN, still sees and changes his address', async ({
      page,
    }) => {
      await page.goto('/compte/informations-personnelles');
      const adresse = page.getByRole('region', { name: 'Adresse postale' });
      await expect(adresse.locator('address')).toBeVisible();
      await expect(adresse.getByRole('button', { name: 'Modifier' })).toBeVisible();
    });

    test('M. Jean MARTIN, his contract ended, takes his data away in one archive', async ({ page }) => {
      await page.goto('/compte/informations-personnelles');
      const section = page.getByRole('region', { name: 'Mes données' });
      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Télécharger mes données' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
      const archive = readFileSync(await saved.path());
      // A ZIP names its files in clear in its central directory.
      expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      for (const name of ['donnees.json', 'schema.json', 'tableaux/remboursements.csv', 'LISEZMOI.txt']) {
        expect(archive.includes(name)).toBe(true);
      }
      await expect(section.getByRole('button', { name: 'Télécharger mes données' })).toBeEnabled();
    });
  });

  test.describe(() => {
    // A change of the alerts' address needs a recent sign-in: this one, not the run's first.
    test('Sophie PETIT chooses her alerts and where they go; the choices are kept', async ({ page }) => {
      const consoleErrors = collectConsoleErrors(page);
      await signInAs(page, 'Sophie PETIT');
      await page.setViewportSize({ width: 320, height: 812 });
      await page.goto('/compte/informations-personnelles');
      const preferences = page.getByRole('region', { name: 'Mes préférences' });
      await preferences.getByRole('button', { name: 'Modifier' }).click();
      await preferences.getByRole('checkbox', { name: 'Un nouveau remboursement' }).uncheck();
      await preferences
        .getByRole('checkbox', { name: 'Recevoir mes documents uniquement dans mon espace assuré' })
        .check();
      await preferences.getByRole('radio', { name: 'Une autre adresse' }).check();
      await preferences.getByLabel('Adresse électronique des alertes').fill('Alertes@Exemple.FR');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectNoAccessibilityViolations(page);
      await preferences.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Vos préférences sont enregistrées.')).toBeFocused();
      // The member API keeps the address with its domain in lower case, one canonical form.
      await expect(preferences).toContainText('Alertes@exemple.fr');

      await page.reload();
      const kept = page.getByRole('region', { name: 'Mes préférences' });
      await expect(kept).toContainText('Alertes@exemple.fr');
      await kept.getByRole('button', { name: 'Modifier' }).click();
      await expect(kept.getByRole('checkbox', { name: 'Un nouveau remboursement' })).not.toBeChecked();
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(() => {
    // Not Sophie PETIT, whose journey above turns « zéro papier » on, which sets every kind.
    test.use({ storageState: signedInAs('Paul DURAND') });

    test('M. Paul DURAND chooses how each kind of document reaches him; the choices are kept', async ({
      page,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openFromTheHome(page);

      const documents = page.getByRole('region', { name: 'Mes documents' });
      const zeroPapier = page
        .getByRole('region', { name: 'Mes préférences' })
        .locator('dt', { hasText: 'Recevoir mes documents uniquement dans mon espace assuré' })
        .locator('xpath=following-sibling::dd[1]');
      const radio = (kind: string, way: 'En ligne' | 'Par courrier') =>
        documents
          .getByRole('group', { name: kind, exact: true })
          .getByRole('radio', { name: way, exact: true });
      const choose = async (choices: Record<string, 'En ligne' | 'Par courrier'>) => {
        for (const [kind, way] of Object.entries(choices)) await radio(kind, way).check();
        await documents.getByRole('button', { name: 'Enregistrer mes choix' }).click();
        await expect(documents.getByText('Vos choix sont enregistrés.')).toBeVisible();
      };

      // Every kind online is « zéro papier », which « Mes préférences » reads again.
      await choose({
        Attestation: 'En ligne',
        'Relevé de remboursements': 'En ligne',
        Courrier: 'En ligne',
        'Accord de prise en charge': 'En ligne',
      });
      await expect(zeroPapier).toHaveText('Oui');
      await choose({
        Attestation: 'Par courrier',
        'Relevé de remboursements': 'Par courrier',
        Courrier: 'En ligne',
        'Accord de prise en charge': 'Par courrier',
      });
      await expect(zeroPapier).toHaveText('Non');

      await page.reload();
      await expect(radio('Courrier', 'En ligne')).toBeChecked();
      for (const kind of ['Attestation', 'Relevé de remboursements', 'Accord de prise en charge']) {
        await expect(radio(kind, 'Par courrier')).toBeChecked();
      }
      await expect(zeroPapier).toHaveText('Non');
      await page.setViewportSize({ width: 320, height: 812 });
      await expectNoSidewaysScroll(page);
      expect(consoleErrors).toEqual([]);
    });
  });

  // The page as it loads is every-route.spec.ts's to scan; the address form open is not.
  const members: DemoMember[] = ['Marie DUPONT', 'Paul DURAND'];
  for (const member of members) {
    test.describe(() => {
      test.use({ storageState: signedInAs(member) });

      for (const width of [375, 1280]) {
        test(`has no accessibility violation with the address form open for ${member} at ${String(width)} px`, async ({
          page,
        }) => {
          await page.setViewportSize({ width, height: width < 1000 ? 812 : 800 });
          await page.goto('/compte/informations-personnelles');
          await expect(page.getByRole('region', { name: 'Adresse postale' }).locator('address')).toBeVisible();
          await expect(page.getByRole('region', { name: 'Bénéficiaires' }).getByRole('listitem').first()).toBeVisible();
          await page
            .getByRole('region', { name: 'Adresse postale' })
            .getByRole('button', { name: 'Modifier' })
            .click();
          await expectNoAccessibilityViolations(page);
        });
      }
    });
  }
});
