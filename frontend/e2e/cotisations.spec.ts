import { expect, type Browser, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInAs } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

// M. Paul DURAND's bank rejected his latest quarterly debit (the seed). What the member API
// decides, day by day, is its own tests'; these journeys pay what he owes by card (the demo's
// stand-in of the payment provider), after which the mutual records another rejected debit in
// its back office, then change his debit day and back, then spread what he owes, which the
// seeded journeys read before (situations.spec.ts): they run with the journeys that run one at
// a time, after them, in this order.

/** From « Mes cotisations » to the provider's page, for what Paul owes. */
async function payer(page: Page) {
  await page.goto('/mutuelle/contrats-garanties#cotisations');
  await page.getByRole('button', { name: 'Payer 38,50 € par carte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement sécurisé' })).toBeVisible();
}

async function carte(page: Page, numero: string) {
  await page.getByLabel('Numéro de carte').fill(numero);
  await page.getByLabel('Date d’expiration (MM/AA)').fill('12/30');
  await page.getByLabel('Cryptogramme visuel').fill('123');
  await page.getByRole('button', { name: 'Payer 38,50 €' }).click();
}

/** The mutual records that Paul's bank returned a debit (« provision insuffisante »). */
async function rejet(browser: Browser) {
  const operateur = await browser.newPage();
  await signInToBackOffice(operateur);
  await operateur.getByRole('link', { name: 'Paul DURAND' }).click();
  await operateur.getByLabel('Motif du rejet, contrat COL-000871').selectOption({ label: 'provision insuffisante' });
  await operateur.getByRole('button', { name: 'Enregistrer le rejet' }).click();
  await expect(operateur.getByRole('status')).toHaveText(
    'Le rejet du prélèvement est enregistré : l’adhérent le voit dans son espace.',
  );
  await operateur.close();
}

test('M. Paul DURAND pays what he owes by card: refused, abandoned, then accepted after 3-D Secure, the notification sent again taken once', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'Paul DURAND');

  await payer(page);
  await carte(page, '4970 1000 0000 0097');
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement refusé' })).toBeVisible();
  await page.getByRole('link', { name: 'Retourner sur le site du marchand' }).click();
  await expect(page.getByRole('heading', { name: 'Paiement refusé' })).toBeFocused();
  await expect(page.getByRole('main')).toContainText(
    'Votre banque a refusé le paiement. Rien n’a été prélevé : votre cotisation reste à régler.',
  );

  await payer(page);
  await page.getByRole('button', { name: 'Annuler et retourner sur le site du marchand' }).click();
  await page.getByRole('link', { name: 'Retourner sur le site du marchand' }).click();
  await expect(page.getByRole('heading', { name: 'Paiement abandonné' })).toBeFocused();
  await expect(page.getByRole('main')).toContainText('Rien n’a été prélevé : votre cotisation reste à régler.');

  await payer(page);
  await carte(page, '4970 1000 0000 0063');
  await expect(page.getByRole('heading', { level: 1, name: 'Authentification 3-D Secure' })).toBeVisible();
  await page.getByLabel('Code reçu par SMS').fill('123456');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement accepté' })).toBeVisible();
  await expect(page.getByText('la boutique a répondu « 200 OK »')).toBeVisible();
  // The provider's back office sends it again: the member API takes it once.
  await page.getByRole('button', { name: 'Renvoyer la notification' }).click();
  await expect(page.getByText('La boutique a répondu « 200 Déjà traitée »')).toBeVisible();
  await page.getByRole('link', { name: 'Retourner sur le site du marchand' }).click();
  await expect(page.getByRole('heading', { name: 'Paiement accepté' })).toBeFocused();
  await expect(page.getByRole('main')).toContainText('Merci : votre paiement de 38,50 € est enregistré.');
  await expect(page.getByRole('main')).toContainText('CB •••• 0063');
  await expectNoAccessibilityViolations(page);

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: 'Vos derniers remboursements' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Une cotisation reste à régler' })).toHaveCount(0);

  // Owing again, as the journeys after this one expect him.
  await rejet(browser);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Une cotisation reste à régler' })).toBeVisible();
});

test('M. Paul DURAND moves his debit day and back, then pays what he owes in two instalments', async ({ page }) => {
  await signInAs(page, 'Paul DURAND');
  await page.goto('/mutuelle/contrats-garanties#cotisations');
  const cotisations = page.getByRole('region', { name: 'Mes cotisations' });
  const jour = cotisations.getByRole('combobox', { name: 'Jour de prélèvement' });
  await expect(jour).toHaveValue('5');

  await jour.selectOption({ label: 'le 10 du mois' });
  await cotisations.getByRole('button', { name: 'Changer le jour' }).click();
  await expect(cotisations.getByRole('status')).toContainText(
    /Vos cotisations seront prélevées le 10 du mois : prochain prélèvement le 10\/\d{2}\/\d{4}\./,
  );
  // Back as the seed had it: the schedule is read again with the day moved.
  await jour.selectOption({ label: 'le 5 du mois' });
  await cotisations.getByRole('button', { name: 'Changer le jour' }).click();
  await expect(cotisations.getByRole('status')).toContainText('le 5 du mois');

  await cotisations.getByRole('combobox', { name: 'Régler en plusieurs fois' }).selectOption({ label: 'en 2 mensualités' });
  await cotisations.getByRole('button', { name: 'Demander' }).click();
  await expect(cotisations).toContainText(
    'Règlement en plusieurs fois : 38,50 € en 2 mensualités, prélevées avec vos cotisations.',
  );
  await expect(cotisations.getByText(/^19,25\s€ le \d{2}\/\d{2}\/\d{4}$/)).toHaveCount(2);
  await expect(cotisations.getByText('Montant restant dû', { exact: false })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Spread, it is owed at once no more: the home says nothing of it.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: 'Vos derniers remboursements' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Une cotisation reste à régler' })).toHaveCount(0);
});

test('M. Paul DURAND signs a SEPA mandate for a new account with the code sent to him by email', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'Paul DURAND');
  await page.goto('/mutuelle/contrats-garanties#cotisations');
  const compte = page.getByRole('region', { name: 'Mes cotisations' });
  await compte.getByRole('button', { name: 'Changer de compte de prélèvement' }).click();
  await compte.getByLabel('Titulaire du compte').fill('Paul DURAND');
  await compte.getByLabel('IBAN', { exact: true }).fill('FR14 2004 1010 0505 0001 3M02 606');
  await compte.getByLabel('BIC', { exact: true }).fill('PSSTFRPPXXX');
  await compte.getByRole('button', { name: 'Continuer' }).click();
  const mandat = page.getByRole('heading', { name: 'Mandat de prélèvement SEPA' });
  await expect(mandat).toBeFocused();
  await expect(compte).toContainText('FR72ZZZ123456');
  await expect(compte).toContainText('Récurrent');
  await expect(compte).toContainText('dans les 8 semaines suivant la date de débit');

  // The code, as Paul reads it in his mailbox (the demo's outbox).
  const boite = await browser.newPage();
  const courriel = boite
    .getByRole('article')
    .filter({ has: boite.getByRole('heading', { level: 2, name: 'Votre code de signature du mandat de prélèvement' }) })
    .first();
  await expect(async () => {
    await boite.goto('/_demo/outbox');
    await expect(courriel).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const code = /espace assuré : (\d{6})/.exec((await courriel.textContent()) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await boite.close();

  await compte.getByLabel('Code reçu par courriel').fill(code ?? '');
  await compte.getByRole('button', { name: 'Signer le mandat' }).click();
  await expect(compte.getByRole('status').filter({ hasText: 'Votre mandat' })).toContainText(
    /Votre mandat \d+-\d{8}-\d{2} est signé : vos cotisations seront prélevées sur ce compte à partir d’aujourd’hui\./,
  );
  await expect(compte).toContainText(/Mandat \d+-\d{8}-\d{2}, signé le \d{2}\/\d{2}\/\d{4}, sur le compte FR14/);
  const telechargement = page.waitForEvent('download');
  await compte.getByRole('button', { name: 'Télécharger le mandat signé' }).click();
  expect((await telechargement).suggestedFilename()).toMatch(/^mandat-sepa-\d+-\d{8}-\d{2}\.pdf$/);
  await expectNoAccessibilityViolations(page);
});
