import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInAs } from './support/sign-in';

/** Presses Tab until `target` has the focus, as a keyboard user would, or fails. */
async function tabTo(page: Page, target: Locator, { max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('from the public root to a sent request, with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Se connecter', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Se connecter en tant que Marie DUPONT' }));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/home');

  await tabTo(page, page.getByRole('link', { name: 'Effectuer une demande' }));
  await page.keyboard.press('Enter');
  // Each navigation puts the focus on the new page's title.
  await expect(page.getByRole('heading', { level: 1, name: 'Effectuer une demande' })).toBeFocused();

  // One radio group: Tab enters it, the arrow keys choose within it.
  await tabTo(page, page.getByRole('radio', { name: /^Une facture de soins/ }));
  const question = page.getByRole('radio', { name: 'Une question sur mes remboursements santé' });
  for (let presses = 0; presses < 20 && !(await question.isChecked()); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(question).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: /^Étape 2 sur 4/ })).toBeFocused();
  await tabTo(page, page.getByLabel('Votre question'));
  await page.keyboard.type('Les lunettes de soleil à ma vue sont-elles remboursées ?');
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: /^Étape 3 sur 4/ })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: /^Étape 4 sur 4/ })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Envoyer' }));
  await page.keyboard.press('Enter');

  await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
  await expect(page.getByRole('status').filter({ hasText: 'a bien été envoyée' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeFocused();
});

test.describe(() => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test('the leave question of a started request answers to Escape, and stays', async ({ page }) => {
    await page.goto('/mutuelle/demandes/creation?type=UNE_QUESTION_SANT%C3%89');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel('Votre question').fill('Une question.');

    await tabTo(page, page.getByRole('link', { name: 'Accueil', exact: true }).first());
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Quitter votre demande ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rester sur la page' })).toBeFocused();
    await page.keyboard.press('Escape');

    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Votre question')).toHaveValue('Une question.');
  });
});
