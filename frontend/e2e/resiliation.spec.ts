import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { openHome, signedInAs } from './support/sign-in';

function stepTitle(page: Page, step: number) {
  return page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${String(step)} sur 3`) });
}

/** Marie DUPONT's address on file with the demo's member API (its seed data). */
const adresseDuDossier = 'marie.dupont@example.org';

const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * One month after today in Paris, as dd/MM/yyyy: when a contract left at any time after a year
 * of membership ends for a notice received today (L221-10-2). A month later than the 31st is
 * the month's last day.
 */
function unMoisApresAujourdhuiAParis(): string {
  const [year, month, day] = parisDay.format(new Date()).split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(day, lastDay)));
  return [end.getUTCDate(), end.getUTCMonth() + 1]
    .map((part) => String(part).padStart(2, '0'))
    .concat(String(end.getUTCFullYear()))
    .join('/');
}

/** The text of a PDF, as `pdftotext` (poppler-utils, installed by .ci/run) extracts it. */
function pdfText(pdf: Buffer): string {
  const file = join(tmpdir(), `accuse-${String(Date.now())}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

// The form as it loads, and the page of a member with nothing to terminate online, are
// every-route.spec.ts's to scan; the summary and the acknowledgement are scanned here.
test.describe('Résilier votre contrat', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Mme Marie DUPONT terminates her contract online, step by step, and keeps the acknowledgement', async ({
      page,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openHome(page);
      await page.getByRole('link', { name: 'Mes garanties et mes services' }).first().click();
      await page.getByRole('link', { name: 'Résilier votre contrat', exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Résilier votre contrat' })).toBeVisible();
      const conditions = page.getByRole('region', { name: 'Les conditions de résiliation' });
      await expect(conditions).toContainText('loi n° 2019-733');
      await expect(conditions).toContainText('un mois après la réception de votre demande');
      await expect(conditions).toContainText('L221-17');
      await expect(conditions).toContainText('remboursée dans un délai de 30 jours');
      await expect(stepTitle(page, 1)).toBeVisible();
      // Who gives notice comes from the session, not typed; the email is hers to choose.
      const vous = page.getByRole('group', { name: 'Vous' });
      await expect(vous.locator('dt:text-is("Civilité, prénom et nom") + dd')).toHaveText('Mme Marie DUPONT');
      await expect(vous.locator('dt:text-is("Numéro d’adhérent") + dd')).toHaveText(/^\d+$/);
      await expect(vous.getByRole('textbox')).toHaveCount(1);
      await expect(page.getByLabel('Adresse électronique pour l’accusé de réception')).toHaveValue(adresseDuDossier);

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
      // The browser's date is a preview, said to be one: the mutual computes the real one.
      await expect(page.locator('dt:text-is("Date de fin prévue") + dd')).toHaveText(
        /^\d{2}\/\d{2}\/\d{4} \(confirmée par la mutuelle à réception de votre demande\)$/,
      );
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Modifier ma demande' }).click();
      await expect(page.getByLabel('Motif de la résiliation')).toHaveValue('RESILIATION_INFRA_ANNUELLE');
      await page.getByRole('button', { name: 'Vérifier ma demande' }).click();
      // Read on both sides of the notice: they differ only if it is received around midnight.
      const finAvant = unMoisApresAujourdhuiAParis();
      await page.getByRole('button', { name: 'Confirmer ma demande de résiliation' }).click();

      await expect(stepTitle(page, 3)).toBeFocused();
      await expect(page.getByText('Votre demande de résiliation a bien été reçue')).toBeVisible();
      const finApres = unMoisApresAujourdhuiAParis();
      const finTexte = page.getByText(new RegExp(`^Votre contrat ${numero} — .+ prendra fin le \\d{2}/\\d{2}/\\d{4}\\.$`));
      await expect(finTexte).toBeVisible();
      const fin = /(\d{2}\/\d{2}\/\d{4})\.$/.exec((await finTexte.textContent()) ?? '')?.[1] ?? '';
      // The end date the member API computed: one month after it received the notice, in Paris.
      expect([finAvant, finApres]).toContain(fin);
      const recue = page.getByText(/a reçu votre demande de résiliation n° \d+ le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}\./);
      await expect(recue).toBeVisible();
      const id = /n° (\d+)/.exec((await recue.textContent()) ?? '')?.[1] ?? 'id';
      await expect(page.getByText(/^Demande faite par Mme Marie DUPONT, adhérente n° \d+\.$/)).toBeVisible();
      await expect(page.getByText(`Un accusé de réception est envoyé à ${adresseDuDossier}.`, { exact: false })).toBeVisible();
      await expectNoAccessibilityViolations(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe(`accuse-reception-resiliation-${id}.pdf`);
      const chunks: Buffer[] = [];
      for await (const chunk of await saved.createReadStream()) chunks.push(chunk as Buffer);
      const pdf = Buffer.concat(chunks);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(numero);
      expect(text).toContain(fin);
      expect(text).toContain('Mme Marie DUPONT');

      await page.getByRole('link', { name: 'Voir mes demandes' }).click();
      const first = page.getByRole('row').nth(1);
      await expect(first).toContainText('Résiliation');
      await first.getByRole('link', { name: 'Résiliation' }).click();
      await expect(page.getByRole('button', { name: `Télécharger accuse-reception-resiliation-${id}.pdf` })).toBeVisible();

      // The email leaves through the portal's mail queue a moment after the 201: the demo's
      // outbox is read again until it is there, or the deadline passes.
      const mail = page.locator('article').filter({
        has: page.locator('dt:text-is("Pièces jointes") + dd', { hasText: `accuse-reception-resiliation-${id}.pdf` }),
      });
      await expect(async () => {
        await page.goto('/_demo/outbox');
        await expect(mail).toHaveCount(1, { timeout: 1000 });
      }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
      await expect(mail.getByRole('heading', { level: 2 })).toHaveText(/^Accusé de réception de votre demande de résiliation/);
      await expect(mail.locator('dt:text-is("À") + dd')).toContainText(adresseDuDossier);
      await expect(mail.locator('dt:text-is("Pièces jointes") + dd')).toHaveText(`accuse-reception-resiliation-${id}.pdf`);
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Paul DURAND') });

    test('M. Paul DURAND, with a group contract only, reads why and whom to ask', async ({ page }) => {
      await page.goto('/mutuelle/contrats-garanties/resiliation');

      await expect(page.getByRole('heading', { level: 2, name: 'Aucun contrat à résilier en ligne' })).toBeVisible();
      await expect(page.getByText('Un contrat collectif se résilie auprès de votre employeur.', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: 'poser une question depuis « Mes demandes »' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Vérifier ma demande' })).toHaveCount(0);
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('the home tile leads straight to it', async ({ page }) => {
      await openHome(page);
      await page.getByRole('navigation', { name: 'Accès rapides' }).getByRole('link', { name: 'Résilier un contrat' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Résilier votre contrat' })).toBeVisible();
    });
  });
});
