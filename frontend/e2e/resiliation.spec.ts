import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { signInAs } from './support/sign-in';

/** Kept out of git (.gitignore): looked at by a person, not compared by the tests. */
const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}${name}-${String(width)}.png`, fullPage: true });
  }
}

function stepTitle(page: Page, step: number) {
  return page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${String(step)} sur 3`) });
}

/** The text of a PDF, as `pdftotext` (poppler-utils, installed by .ci/run) extracts it. */
function pdfText(pdf: Buffer): string {
  const file = join(tmpdir(), `accuse-${String(Date.now())}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

test.describe('Résilier votre contrat', () => {
  test('Mme Marie DUPONT terminates her contract online, step by step, and keeps the acknowledgement', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAs(page, 'Marie DUPONT');
    await page.getByRole('link', { name: 'Mes garanties et mes services' }).first().click();
    await page.getByRole('link', { name: 'Résilier votre contrat', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Résilier votre contrat' })).toBeVisible();
    const conditions = page.getByRole('region', { name: 'Les conditions de résiliation' });
    await expect(conditions).toContainText('loi n° 2019-733');
    await expect(conditions).toContainText('un mois après la réception de votre demande');
    await expect(conditions).toContainText('L221-17');
    await expect(conditions).toContainText('remboursée dans un délai de 30 jours');
    await expect(stepTitle(page, 1)).toBeVisible();
    await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('DUPONT');
    await expect(page.getByLabel('Prénom')).toHaveValue('Marie');
    await expect(page.getByLabel('Adresse électronique pour l’accusé de réception')).toHaveValue(/@/);
    await expectNoAccessibilityViolations(page);
    await shoot(page, 'resiliation-formulaire');

    await page.getByRole('button', { name: 'Vérifier ma demande' }).click();
    await expect(page.getByText('Choisissez le motif de la résiliation.')).toBeVisible();
    const motif = page.getByLabel('Motif de la résiliation');
    await expect(motif.getByRole('option')).toHaveText([
      'Choisissez un motif',
      'Résiliation à tout moment après un an d’adhésion',
      'Résiliation à échéance',
      'Adhésion à un contrat collectif obligatoire',
      'Départ à l’étranger',
      'Autres (à renseigner par l’intéressé)',
    ]);
    await motif.selectOption({ label: 'Autres (à renseigner par l’intéressé)' });
    await page.getByRole('button', { name: 'Vérifier ma demande' }).click();
    await expect(page.getByText('Précisez le motif de votre résiliation.')).toBeVisible();
    await motif.selectOption({ label: 'Résiliation à tout moment après un an d’adhésion' });
    await page.getByRole('button', { name: 'Vérifier ma demande' }).click();

    await expect(stepTitle(page, 2)).toBeFocused();
    const contrat = (await page.locator('dt:has-text("Contrat et risque couvert") + dd').textContent()) ?? '';
    const numero = /^[A-Z]+-\d+/.exec(contrat)?.[0] ?? 'numéro';
    const fin = (await page.locator('dt:has-text("Date de fin de votre contrat") + dd').textContent()) ?? '';
    expect(fin).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectNoAccessibilityViolations(page);
    await shoot(page, 'resiliation-recapitulatif');
    await page.getByRole('button', { name: 'Modifier ma demande' }).click();
    await expect(page.getByLabel('Motif de la résiliation')).toHaveValue('RESILIATION_INFRA_ANNUELLE');
    await page.getByRole('button', { name: 'Vérifier ma demande' }).click();
    await page.getByRole('button', { name: 'Confirmer ma demande de résiliation' }).click();

    await expect(stepTitle(page, 3)).toBeFocused();
    await expect(page.getByText('Votre demande de résiliation a bien été reçue')).toBeVisible();
    await expect(page.getByText(new RegExp(`Votre contrat ${numero} prendra fin le ${fin.replaceAll('/', '\\/')}\\.`))).toBeVisible();
    await expect(page.getByText(/a reçu votre demande de résiliation n° \d+ le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\./)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await shoot(page, 'resiliation-accuse');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' }).click();
    const saved = await download;
    const chunks: Buffer[] = [];
    for await (const chunk of await saved.createReadStream()) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(numero);
    expect(text).toContain(fin);

    await page.getByRole('link', { name: 'Voir mes demandes' }).click();
    const first = page.getByRole('row').nth(1);
    await expect(first).toContainText('Résiliation');
    await first.getByRole('link', { name: 'Résiliation' }).click();
    await expect(page.getByRole('button', { name: /^Télécharger accuse-reception-resiliation-\d+\.pdf$/ })).toBeVisible();

    await page.goto('/_demo/outbox');
    await expect(page.getByRole('heading', { level: 2, name: /Accusé de réception de votre demande de résiliation/ }).first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('M. Paul DURAND, with a group contract only, reads why and whom to ask', async ({ page }) => {
    await signInAs(page, 'Paul DURAND');
    await page.goto('/mutuelle/contrats-garanties/resiliation');

    await expect(page.getByRole('heading', { level: 2, name: 'Aucun contrat à résilier en ligne' })).toBeVisible();
    await expect(page.getByText('Un contrat collectif se résilie auprès de votre employeur.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'poser une question depuis « Mes demandes »' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vérifier ma demande' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await shoot(page, 'resiliation-non-eligible');
  });

  test('the home tile leads straight to it', async ({ page }) => {
    await signInAs(page, 'Marie DUPONT');
    await page.getByRole('navigation', { name: 'Accès rapides' }).getByRole('link', { name: 'Résilier un contrat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Résilier votre contrat' })).toBeVisible();
  });
});
