import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { mainNavigation } from './support/shell';
import { signInAs } from './support/sign-in';

// A conversation on a request, both ways, on the alerts instance (playwright.config.ts), whose
// changes reach no other journey: the mutual answers Paul DURAND's question from its back
// office, Paul reads it and answers with a document, the mutual reads his answer.

const ordonnance = {
  name: 'attestation-employeur.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};
const reponseDeLaMutuelle = 'Bonjour,\nmerci de nous envoyer l’attestation de votre employeur.';
const reponseDuMembre = 'Voici l’attestation demandée.';

/** The back office's page of Paul DURAND's question, its operator signed in. */
async function demandeAuBackOffice(page: Page): Promise<void> {
  await page.goto('/_demo/back-office');
  if (await page.getByLabel('Identifiant').isVisible()) {
    await page.getByLabel('Identifiant').fill('gestionnaire');
    await page.getByLabel('Mot de passe').fill('demo-gestion');
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }
  await page.getByRole('link', { name: 'Paul DURAND' }).click();
  await page.getByRole('link', { name: 'Question sur mon affiliation ou mes cotisations' }).click();
}

/** Nothing of the page may scroll sideways at the narrowest phone's width. */
async function expectNoSidewaysScrollAt320(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-320.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the mutual answers a request, the member reads it and replies with a document, the mutual reads the reply', async ({
  page,
}) => {
  await demandeAuBackOffice(page);
  const repondre = page.getByRole('region', { name: 'Répondre' });
  await repondre.getByLabel('Réponse de la mutuelle').fill(reponseDeLaMutuelle);
  await repondre.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByText('La réponse est envoyée. L’adhérent en est averti selon ses préférences.')).toBeVisible();
  await expect(page.getByText('Pas encore lu par l’adhérent')).toBeVisible();

  // The member sees the count in the sidebar and on the home page.
  const consoleErrors = collectConsoleErrors(page);
  await signInAs(page, 'Paul DURAND');
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Mes demandes, 1 message non lu' })).toBeVisible();
  await expect(page.getByText('Votre mutuelle vous a écrit : 1 message non lu.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await expectNoSidewaysScrollAt320(page, 'accueil-non-lu');

  // Reading the message clears the count.
  await page.getByRole('link', { name: 'Lire le message' }).click();
  const messages = page.getByRole('region', { name: 'Messages' });
  const recu = messages.getByRole('listitem').filter({ hasText: 'merci de nous envoyer l’attestation' });
  await expect(recu.getByRole('heading', { level: 3 })).toHaveText('Réponse de votre mutuelleNouveau');
  await expect(navigation.getByRole('link', { name: 'Mes demandes', exact: true })).toBeVisible();

  // The member replies with a document.
  const ecrire = page.getByRole('region', { name: 'Écrire à votre mutuelle' });
  await ecrire.getByLabel('Votre message').fill(reponseDuMembre);
  const chooser = page.waitForEvent('filechooser');
  await ecrire.getByRole('button', { name: 'Choisir des fichiers' }).click();
  await (await chooser).setFiles([ordonnance]);
  await expect(ecrire.getByText('Envoyé')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await ecrire.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(ecrire.getByRole('status')).toHaveText('Votre message a été envoyé à votre mutuelle.');
  const envoye = messages.getByRole('listitem').filter({ hasText: reponseDuMembre });
  await expect(envoye.getByRole('heading', { level: 3 })).toHaveText('Votre message');
  await expect(envoye.getByRole('button', { name: `Télécharger ${ordonnance.name}` })).toBeVisible();
  await expect(ecrire.getByLabel('Votre message')).toHaveValue('');
  await expectNoAccessibilityViolations(page);
  await expectNoSidewaysScrollAt320(page, 'demande-conversation');
  await page.getByRole('link', { name: 'Accueil', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Vos demandes en cours' })).toBeVisible();
  await expect(page.getByText(/Votre mutuelle vous a écrit/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);

  // The mutual reads the reply, its document and that its own message was read.
  await demandeAuBackOffice(page);
  const echanges = page.getByRole('region', { name: 'Échanges' });
  await expect(echanges.getByText('Lu par l’adhérent')).toBeVisible();
  const reponse = echanges.getByRole('listitem').filter({ hasText: reponseDuMembre });
  await expect(reponse).toContainText('L’adhérent, le ');
  const piece = reponse.getByRole('link', { name: ordonnance.name });
  const telechargement = await page.request.get((await piece.getAttribute('href')) ?? '');
  expect(telechargement.status()).toBe(200);
  expect((await telechargement.body()).toString('latin1')).toBe(ordonnance.buffer.toString('latin1'));
});
