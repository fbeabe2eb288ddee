import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { reconnecteeAuRib, saisirNouveauRib } from './support/banque';
import { collectConsoleErrors } from './support/console';
import { expectNoSidewaysScroll } from './support/layout';
import { signedInOnAlertsInstance, signInAs, signOut } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

// The journeys of the mutual's side, on the alerts instance (playwright.config.ts), one after
// the other: each reads what the one before left in Marie DUPONT's file and in the outbox.
test.describe.configure({ mode: 'serial' });

/** Marie DUPONT's address on file with the demo's member API (its seed data). */
const adresseDuDossier = 'marie.dupont@example.org';

/**
 * The newest email of the demo's outbox with this subject, sent to Marie DUPONT: the queue writes
 * it a moment after the change (an alert waits ten seconds for the changes made with it), so the
 * outbox is read again until it is there.
 */
async function courrielRecu(page: Page, sujet: string): Promise<Locator> {
  const courriel = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name: sujet, exact: true }) })
    .filter({ hasText: adresseDuDossier })
    .first();
  await expect(async () => {
    await page.goto('/_demo/outbox');
    await expect(courriel).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return courriel;
}

test.describe(() => {
  test.use({ storageState: signedInOnAlertsInstance().state });

  test('a bank change with an old sign-in goes through the provider and comes back with the form kept', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    // The instance accepts a sign-in of at most a minute for a sensitive change; the one kept at
    // the start of the run is usually older already.
    const signedInAt = Number(readFileSync(signedInOnAlertsInstance().time, 'utf8'));
    const leftToWait = signedInAt + 61_000 - Date.now();
    if (leftToWait > 0) {
      test.setTimeout(leftToWait + 60_000);
      await page.waitForTimeout(leftToWait);
    }

    await page.goto('/compte/informations-personnelles');
    const banque = page.getByRole('region', { name: 'Coordonnées bancaires' });
    await banque.getByRole('button', { name: 'Modifier' }).click();
    await banque.getByLabel('Compte de').selectOption({ label: 'Lucas DUPONT' });
    await saisirNouveauRib(banque);

    // The portal says why first; the provider asks again, the member signs in as the same
    // person and is back on the form.
    const question = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await expect(
      question.getByText('Pour votre sécurité, confirmez votre identité avant de modifier vos coordonnées bancaires.'),
    ).toBeVisible();
    await reconnecteeAuRib(page, question, banque);
    await expectNoAccessibilityViolations(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);

    await banque.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(banque.getByText('Vos nouvelles coordonnées bancaires sont enregistrées.')).toBeVisible();

    // Whatever her choices, the mutual tells her, without the account's number.
    const courriel = await courrielRecu(page, 'Vos coordonnées bancaires ont été modifiées');
    await expect(courriel.locator('pre')).not.toContainText('7890');
    expect(consoleErrors).toEqual([]);
  });

  test('a report of care not received is acknowledged and listed in Mes demandes', async ({ page }) => {
    const consoleErrors = collectConsoleErrors(page);
    await page.goto('/mutuelle/remboursements');
    await page.getByRole('link', { name: /^Je ne reconnais pas ce soin : / }).first().click();
    await page.waitForURL(/\/mutuelle\/remboursements\/signalement\?/);

    await page.getByRole('radio', { name: 'Autre motif' }).check();
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(
      page.getByText('Précisez dans le commentaire pourquoi vous signalez ce soin.'),
    ).toBeVisible();
    await page.getByLabel('Commentaire').fill('Je n’ai jamais consulté ce jour-là.');
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByText('Votre signalement a bien été envoyé.')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    const adresseDuSignalement = page.url();

    await page.getByRole('link', { name: 'Voir votre signalement dans « Mes demandes »' }).click();
    await expect(page.getByText('Signalement d’un soin non reconnu').first()).toBeVisible();
    await page.goto('/mutuelle/demandes');
    await expect(page.getByRole('main')).toContainText('Signalement d’un soin non reconnu');

    // The member API refuses the same line twice.
    await page.goto(adresseDuSignalement);
    await page.getByRole('radio', { name: 'Je n’ai pas reçu ce soin' }).check();
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(page.getByRole('alert')).toContainText('Vous avez déjà signalé ce soin.');
    expect(consoleErrors.filter((error) => !error.includes('409'))).toEqual([]);
  });
});

test('a payment the back office adds is emailed without its content, listed since the last visit, and the email’s link unsubscribes signed out', async ({
  page,
}) => {
  // The mutual's back office, with its own operator sign-in.
  await signInToBackOffice(page);
  await page.getByRole('link', { name: 'Marie DUPONT' }).click();
  const ajout = page.getByRole('region', { name: 'Ajouter un remboursement' });
  await ajout.getByLabel('Bénéficiaire').selectOption({ label: 'Marie DUPONT' });
  const aujourdhuiAParis = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(),
  );
  await ajout.getByLabel('Date des soins').fill(aujourdhuiAParis);
  await ajout.getByLabel('Professionnel de santé').fill('Dr Claire FONTAINE');
  await ajout.getByLabel('Montant dépensé, en euros').fill('30');
  await ajout.getByRole('button', { name: 'Ajouter le remboursement' }).click();
  await expect(
    page.getByText('Le remboursement est ajouté. L’adhérent en est averti selon ses préférences.'),
  ).toBeVisible();

  // The alert says only that a payment is there, where, and how to stop such alerts.
  const courriel = await courrielRecu(
    page,
    'Un nouveau remboursement est disponible dans votre espace assuré',
  );
  const texte = (await courriel.locator('pre').textContent()) ?? '';
  expect(texte).not.toMatch(/€|FONTAINE|Dr /);
  expect(texte).toContain('/mutuelle/remboursements');
  const desabonnement = /https?:\/\/\S+\/_demo\/desabonnement\?jeton=\S+/.exec(texte)?.[0];
  expect(desabonnement).toBeDefined();

  // Signing in again: the payment is among what happened since the previous visit.
  const consoleErrors = collectConsoleErrors(page);
  await signInAs(page, 'Marie DUPONT');
  const nouveautes = page.getByRole('region', { name: 'Depuis votre dernière visite' });
  await expect(nouveautes.getByRole('link', { name: /^Nouveau remboursement du / })).toBeVisible();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNoAccessibilityViolations(page);
  await signOut(page);

  // Signed out, the link asks first (a mail scanner following it changes nothing), then stops
  // this kind of alert.
  await page.goto(desabonnement ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Se désabonner d’une alerte' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Confirmer le désabonnement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Désabonnement confirmé' })).toBeVisible();

  await signInAs(page, 'Marie DUPONT');
  const preferences = await page.request.get('/api/assure/preferences');
  expect(((await preferences.json()) as { alertes: { remboursement: boolean } }).alertes).toEqual({
    remboursement: false,
    demande: true,
    document: true,
  });
  expect(consoleErrors).toEqual([]);
});
