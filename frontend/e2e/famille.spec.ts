import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { openHome, signedInAs } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

/** A birth certificate as a member would scan it: the member API recognises a PDF by its content. */
const acteDeNaissance = {
  name: 'acte-de-naissance.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

/** `days` days before today in Paris, the mutual's day, as a date field holds it. */
function parisDaysAgo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() - days * 24 * 60 * 60 * 1000),
  );
}

/** Nothing of the page may scroll sideways at the narrowest phone's width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

test.use({ storageState: signedInAs('Sophie PETIT') });

test('Sophie PETIT declares her newborn with its birth certificate; once the mutual accepts, Jade is among her beneficiaries', async ({
  page,
}) => {
  const consoleErrors = collectConsoleErrors(page);
  await openHome(page);
  await page.goto('/compte/informations-personnelles');
  const beneficiaires = page.getByRole('region', { name: 'Bénéficiaires' });
  await beneficiaires.getByRole('link', { name: 'Ajouter un bénéficiaire' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un bénéficiaire' })).toBeVisible();
  await expect(
    page.getByText('Déclarez votre nouveau-né dans les 3 mois suivant sa naissance : il est couvert dès sa naissance.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Votre nouveau-né' }).check();
  await page.getByRole('radio', { name: 'Madame' }).check();
  await page.getByLabel('Prénom').fill('Jade');
  await page.getByLabel('Nom', { exact: true }).fill('PETIT');
  const naissance = parisDaysAgo(10);
  await page.getByLabel('Date de naissance').fill(naissance);
  await expect(page.getByRole('checkbox', { name: 'Rattacher mon enfant à mon numéro de sécurité sociale' })).toBeChecked();
  await page.getByLabel('Justificatif').setInputFiles(acteDeNaissance);
  await expect(page.getByText('Envoyé')).toBeVisible();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('ajout-beneficiaire-320.png'), fullPage: true });
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();

  await expect(
    page.getByText('Votre demande est envoyée. La mutuelle vous répondra sur la page de la demande.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Suivre ma demande' }).click();
  await expect(page).toHaveURL(/\/mutuelle\/demandes\/\d+$/);
  const id = /(\d+)$/.exec(page.url())?.[1] ?? '';
  const ajout = page.getByRole('region', { name: 'Personne à ajouter' });
  await expect(ajout.getByText('La mutuelle étudie votre demande.')).toBeVisible();
  await expect(ajout).toContainText('Jade PETIT');

  // Listed in « Mes demandes ».
  await page.goto('/mutuelle/demandes');
  await expect(page.getByRole('row', { name: new RegExp(`Ajout d’un bénéficiaire.*À traiter.*${id}$`) })).toBeVisible();

  // The mutual accepts it in its back office, from the birth.
  await signInToBackOffice(page);
  await page.goto(`/_demo/back-office/adherents/100005/demandes/${id}`);
  const decision = page.getByRole('region', { name: 'Décider de l’ajout' });
  await decision.getByRole('radio', { name: 'Accepter : la personne est ajoutée au contrat' }).check();
  await expect(decision.getByLabel('Date d’effet, si l’ajout est accepté')).toHaveValue(naissance);
  await decision.getByRole('button', { name: 'Enregistrer la décision' }).click();
  await expect(
    page.getByText('La décision est enregistrée. L’adhérent en est averti selon ses préférences.'),
  ).toBeVisible();

  // The member reads the outcome on the request, and finds Jade among the people covered.
  await page.goto(`/mutuelle/demandes/${id}`);
  const [annee, mois, jour] = naissance.split('-');
  await expect(
    page.getByText(
      `Demande acceptée : Jade PETIT est couvert(e) par votre contrat à partir du ${jour ?? ''}/${mois ?? ''}/${annee ?? ''}.`,
    ),
  ).toBeVisible();
  await page.goto('/compte/informations-personnelles');
  await expect(beneficiaires.getByText('Jade PETIT')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
