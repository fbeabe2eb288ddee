import type { Page } from '@playwright/test';

/** Signs `page` in to the demo's back office as its operator: what the mutual does, it does there. */
export async function signInToBackOffice(page: Page): Promise<void> {
  await page.goto('/_demo/back-office');
  await page.getByLabel('Identifiant').fill('gestionnaire');
  await page.getByLabel('Mot de passe').fill('demo-gestion');
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
