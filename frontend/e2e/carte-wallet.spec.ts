import { expect, test } from '@playwright/test';
import { signedInAs } from './support/sign-in';

// The card in the phone's wallet: what the pass holds and its signature are the server's tests
// (tests/api/wallet.rs, verified with OpenSSL); this journey checks what Marie DUPONT reaches
// from the card page, which a phone would then open.

test.describe(() => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test('Marie DUPONT adds her card to Apple Wallet and to Google Wallet', async ({ page }) => {
    await page.goto('/mutuelle/smart-carte');
    const telechargement = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Ajouter à Apple Wallet' }).click();
    const pass = await telechargement;
    expect(pass.suggestedFilename()).toBe('carte-tiers-payant.pkpass');
    // The first bytes of a ZIP: the pass is the archive Wallet opens.
    const contenu = await pass.createReadStream();
    const debut: Buffer = await new Promise((resolve) => {
      contenu.once('data', (chunk) => {
        resolve(chunk as Buffer);
      });
    });
    expect(debut.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

    // Google's page is not reached from here: the journey stops at the address it would open.
    await page.route('https://pay.google.com/**', (route) => route.fulfill({ status: 200, body: 'Google Wallet' }));
    await page.getByRole('button', { name: 'Ajouter à Google Wallet' }).click();
    await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
