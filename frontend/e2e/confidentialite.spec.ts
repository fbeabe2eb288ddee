import { expect, type Browser, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signedInAs } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

// What is masked, call by call, is the member API's to test (demo/tests/upstreams/back_office.rs);
// this journey checks what the holder reads once the mutual has recorded the wish. It changes
// how Thomas DUPONT's care reads for Marie DUPONT: it runs with the journeys that run one at a
// time, and gives it back as it was.

/** The mutual records, in its back office, whether Thomas's care stays confidential. */
async function enregistrer(browser: Browser, confidentiels: 'Oui' | 'Non') {
  const operateur = await browser.newPage();
  await signInToBackOffice(operateur);
  await operateur.getByRole('link', { name: 'Marie DUPONT' }).click();
  const champ = operateur.getByLabel('Soins de Thomas confidentiels pour l’assuré principal');
  await champ.selectOption({ label: confidentiels });
  await operateur.locator('form').filter({ has: champ }).getByRole('button', { name: 'Enregistrer la confidentialité' }).click();
  await expect(operateur.getByRole('status')).toHaveText('Le choix de confidentialité des soins est enregistré.');
  await operateur.close();
}

test.describe(() => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test('Thomas DUPONT’s care kept confidential: Marie DUPONT reads the amounts, not the care', async ({
    page,
    browser,
  }) => {
    await enregistrer(browser, 'Oui');
    try {
      await page.goto('/mutuelle/remboursements');
      await page.getByLabel('Bénéficiaire').selectOption({ label: 'Thomas DUPONT' });
      const carte = page.getByRole('main').getByRole('link', { name: /^Paiement du/ }).first();
      await expect(carte).toContainText('Thomas DUPONT');
      await carte.click();
      await expect(page.getByRole('heading', { level: 1, name: /^Remboursements du / })).toBeVisible();
      const ligne = page.getByRole('row').filter({ hasText: 'Soins confidentiels' }).first();
      await expect(ligne).toBeVisible();
      await expect(ligne).toContainText('€');
      await expectNoAccessibilityViolations(page);
    } finally {
      await enregistrer(browser, 'Non');
    }
  });
});
