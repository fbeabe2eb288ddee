import { expect, type Locator, type Page } from '@playwright/test';

/** New bank details the member API accepts: a French IBAN with its right key, and a BIC. */
const nouveauRib = { titulaire: 'Marie DUPONT', iban: 'FR76 3000 1007 9412 3456 7890 185', bic: 'BDFEFRPPCCT' };

/** Types the new bank details into the open bank form (`banque`, its section), then saves. */
export async function saisirNouveauRib(banque: Locator): Promise<void> {
  await banque.getByLabel('Titulaire du compte').fill(nouveauRib.titulaire);
  await banque.getByLabel('IBAN').fill(nouveauRib.iban);
  await banque.getByLabel('BIC').fill(nouveauRib.bic);
  await banque.getByRole('button', { name: 'Enregistrer' }).click();
}

/** The form still holds what `saisirNouveauRib` typed: after a cancel or a sign-in again. */
export async function expectNouveauRibGarde(banque: Locator): Promise<void> {
  await expect(banque.getByLabel('Titulaire du compte')).toHaveValue(nouveauRib.titulaire);
  await expect(banque.getByLabel('IBAN')).toHaveValue(nouveauRib.iban);
  await expect(banque.getByLabel('BIC')).toHaveValue(nouveauRib.bic);
}

/**
 * From « Confirmez votre identité » (`question`), Marie DUPONT signs in again at the demo
 * provider and is back on her personal information, told to check what she typed, which the
 * bank form (`banque`) still holds.
 */
export async function reconnecteeAuRib(page: Page, question: Locator, banque: Locator): Promise<void> {
  await question.getByRole('button', { name: 'Me reconnecter' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/_demo/idp'));
  await page.getByRole('button', { name: 'Se connecter en tant que Marie DUPONT' }).click();
  await page.waitForURL((url) => url.pathname === '/compte/informations-personnelles');
  await expect(
    page.getByText('Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.'),
  ).toBeFocused();
  await expectNouveauRibGarde(banque);
}
