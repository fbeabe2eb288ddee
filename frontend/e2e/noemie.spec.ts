import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { expectNoSidewaysScroll } from './support/layout';
import { openHome, signedInAs } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

const attestationPdf = {
  name: 'attestation-de-droits.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

/** Today in Paris, the member API's day, at midnight UTC. */
function aujourdhuiAParis(): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function francais(date: Date): string {
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCFullYear())}`;
}

/** A screenshot of the page as a 320 px phone shows it, nothing scrolling sideways. */
async function onAPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 320, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-320.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe(() => {
  test.use({ storageState: signedInAs('Sophie PETIT') });

  test('Sophie PETIT’s broken NOEMIE link is mended by sending her attestation de droits from the home’s notice', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await openHome(page);
    const notice = page.getByRole('region', { name: 'La télétransmission de vos décomptes' });
    // Her own link: she is told of it as « vous ».
    await expect(notice).toContainText('Pour vous, la télétransmission n’est pas active.');
    await expectNoAccessibilityViolations(page);
    await onAPhone(page, 'home-noemie-non-raccorde');

    await notice.getByRole('link', { name: 'Envoyer mon attestation de droits' }).click();
    await expect(page.getByRole('radio', { name: 'Attestation de carte Vitale' })).toBeChecked();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByLabel('Personne concernée')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Personne concernée').locator('option:checked')).toHaveText('Sophie PETIT');
    await page.getByRole('button', { name: 'Continuer' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choisir des fichiers' }).click();
    await (await chooser).setFiles([attestationPdf]);
    await expect(page.getByRole('region', { name: 'Fichiers joints' }).getByText('Envoyé')).toHaveCount(1);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
    await expect(page.getByRole('status').filter({ hasText: 'a bien été envoyée' })).toBeVisible();

    // The member API moved the link with the request: the home now says it is in progress.
    await openHome(page);
    await expect(notice).toContainText('Pour vous, la télétransmission est en cours de mise en place.');
    // Only her own fix is gone: a newborn declared by another journey may have a notice of its own.
    await expect(notice.getByRole('link', { name: 'Envoyer mon attestation de droits' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await onAPhone(page, 'home-noemie-en-cours');

    await page.goto('/compte/informations-personnelles');
    const beneficiaires = page.getByRole('region', { name: 'Bénéficiaires' });
    await expect(beneficiaires).toContainText('En cours de mise en place');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe(() => {
  test.use({ storageState: signedInAs('Paul DURAND') });

  test('what is left of M. Paul DURAND’s glasses allowance drops after the back office pays his glasses', async ({
    page,
    browser,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const plafonds = page.getByRole('region', { name: 'Ce qu’il reste de vos plafonds' });
    const lunettes = plafonds
      .getByRole('region', { name: 'Paul DURAND' })
      .getByRole('listitem')
      .filter({ hasText: 'Monture et verres hors 100 % Santé (classe B)' });
    await page.goto('/mutuelle/contrats-garanties');
    await expect(lunettes).toContainText('Reste 200,00 € sur 200,00 € tous les 2 ans');
    await expect(lunettes).toContainText('Un nouvel équipement peut être remboursé dès maintenant.');
    await expectNoAccessibilityViolations(page);
    await onAPhone(page, 'garanties-plafonds');

    // The mutual pays glasses today, from its back office.
    const operateur = await browser.newPage();
    await signInToBackOffice(operateur);
    await operateur.getByRole('link', { name: 'Paul DURAND' }).click();
    const ajout = operateur.getByRole('region', { name: 'Ajouter un remboursement' });
    await ajout.getByLabel('Bénéficiaire').selectOption({ label: 'Paul DURAND' });
    await ajout.getByLabel('Date des soins').fill(iso(aujourdhuiAParis()));
    await ajout.getByLabel('Acte').selectOption({ label: 'Équipement optique (monture et verres)' });
    await ajout.getByLabel('Professionnel de santé').fill('Optique du Centre');
    await ajout.getByLabel('Montant dépensé, en euros').fill('300');
    await ajout.getByRole('button', { name: 'Ajouter le remboursement' }).click();
    await expect(operateur.getByText('Le remboursement est ajouté.', { exact: false })).toBeVisible();
    await operateur.close();

    // The mutual paid its whole lump sum: nothing is left until the period ends, which began
    // on 1 January of an even year (ceilings of two years run by calendar blocks).
    await page.reload();
    const annee = aujourdhuiAParis().getUTCFullYear();
    await expect(lunettes).toContainText('Reste 0,00 € sur 200,00 € tous les 2 ans');
    await expect(lunettes).toContainText(`200,00 € déjà remboursés depuis le 01/01/${String(annee - (annee % 2))}`);
    const dansDeuxAns = aujourdhuiAParis();
    dansDeuxAns.setUTCFullYear(dansDeuxAns.getUTCFullYear() + 2);
    await expect(lunettes).toContainText(`Prochain équipement remboursé à partir du ${francais(dansDeuxAns)}`);

    // « Estimer mon remboursement » with Paul and the glasses chosen.
    await lunettes.getByRole('link', { name: /^Estimer mon remboursement/ }).click();
    await expect(page.getByLabel('Pour qui ?').locator('option:checked')).toHaveText('Paul DURAND');
    await expect(page.getByLabel('Type de soin').locator('option:checked')).toHaveText(
      'Lunettes : monture et verres simples',
    );
    expect(consoleErrors).toEqual([]);
  });
});
