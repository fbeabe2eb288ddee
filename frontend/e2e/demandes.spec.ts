import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { openHome, signedInAs } from './support/sign-in';

/** Files as a member would pick them: the member API recognises them from their content. */
const facturePdf = {
  name: 'facture-opticien.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};
const ordonnancePng = {
  name: 'ordonnance.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};
/** A month from today, YYYY-MM-DD. */
function inAMonth(): string {
  const date = new Date();
  date.setMonth(date.getMonth() + 1, Math.min(date.getDate(), 28));
  return date.toISOString().slice(0, 10);
}

/** `days` after the day `iso` (YYYY-MM-DD), in the same form. */
function daysAfter(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A program renamed `.pdf`: the browser believes the name, the member API does not. */
const faussePdf = {
  name: 'facture.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
};

async function pickFiles(page: Page, files: (typeof facturePdf)[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choisir des fichiers' }).click();
  await (await chooser).setFiles(files);
}

function stepTitle(page: Page, step: number) {
  return page.getByRole('heading', { level: 2, name: new RegExp(`^Étape ${String(step)} sur 4`) });
}

// The list and the first step as they load are every-route.spec.ts's to scan; the steps filled
// in, the confirmation and the dialog are scanned here.
test.describe('Mes demandes', () => {
  test.describe(() => {
    test.use({ storageState: signedInAs('Marie DUPONT') });

    test('Marie DUPONT sends an optical invoice with a PDF and a PNG, then finds both on its page', async ({
      page,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      await openHome(page);
      await page.getByRole('link', { name: 'Mes demandes', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();

      await page.getByRole('link', { name: 'Effectuer une demande' }).click();
      await expect(stepTitle(page, 1)).toHaveText('Étape 1 sur 4 : Que souhaitez-vous faire ?');
      await page.getByRole('radio', { name: 'Optique : lunettes, lentilles' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();

      await expect(stepTitle(page, 2)).toBeFocused();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText('Choisissez la personne concernée.')).toBeVisible();
      await expect(page.getByText('Indiquez la date des soins.')).toBeVisible();
      await page.getByLabel('Personne concernée').selectOption({ label: 'Emma DUPONT' });
      await page.getByLabel('Date des soins').fill('2026-11-02');
      await page.getByLabel('Montant payé, en euros').fill('389,90');
      await page.getByLabel('Message (facultatif)').fill('Nouvelles lunettes d’Emma.');
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continuer' }).click();

      await expect(stepTitle(page, 3)).toBeFocused();
      await pickFiles(page, [facturePdf, ordonnancePng]);
      const fichiers = page.getByRole('region', { name: 'Fichiers joints' });
      await expect(fichiers.getByText('Envoyé')).toHaveCount(2);
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continuer' }).click();

      await expect(stepTitle(page, 4)).toBeFocused();
      const recap = page.locator('main');
      await expect(recap.getByText('Demander un remboursement : optique : lunettes, lentilles').first()).toBeVisible();
      await expect(recap.getByText('389,90 €')).toBeVisible();
      await expect(recap.getByText('02/11/2026')).toBeVisible();
      await expect(recap.getByRole('listitem').filter({ hasText: 'ordonnance.png' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      const confirmation = page.getByRole('status').filter({ hasText: 'a bien été envoyée' });
      await expect(confirmation).toHaveText(/^Votre demande n° \d+ a bien été envoyée\./);
      const numero = /n° (\d+)/.exec((await confirmation.textContent()) ?? '')?.[1];
      const first = page.getByRole('row').nth(1);
      await expect(first).toContainText('Remboursement optique');
      await expect(first).toContainText('À traiter');
      await expect(first).toContainText(numero ?? 'numéro');
      await expectNoAccessibilityViolations(page);

      await first.getByRole('link', { name: 'Remboursement optique' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Demande n° ${numero ?? ''}` })).toBeVisible();
      await expect(page.getByText('Emma DUPONT')).toBeVisible();
      await expect(page.getByText('389,90 €')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      for (const [file, start] of [
        [facturePdf, '%PDF-'],
        [ordonnancePng, '\x89PNG'],
      ] as const) {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: `Télécharger ${file.name}` }).click();
        const saved = await download;
        expect(saved.suggestedFilename()).toBe(file.name);
        const stream = await saved.createReadStream();
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).subarray(0, start.length).toString('latin1')).toBe(start);
      }
      expect(consoleErrors).toEqual([]);
    });

    test('Marie DUPONT sends a dental quote of two lines and reads the mutual’s answer to each', async ({ page }) => {
      await page.goto('/mutuelle/demandes/creation');
      await page.getByRole('radio', { name: 'Un devis' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 2)).toBeFocused();
      await page.getByLabel('Personne concernée').selectOption({ label: 'Marie DUPONT' });
      // A crown outside the basket, then one of the basket priced a euro over its limit.
      const premiere = page.getByRole('group', { name: 'Ligne 1' });
      await premiere.getByLabel('Type de soin').selectOption({ label: 'Couronne' });
      await premiere.getByRole('radio', { name: 'Non' }).check();
      await premiere.getByLabel('Prix, en euros').fill('650');
      await premiere.getByLabel('Code de l’acte (CCAM ou LPP), facultatif').fill('hbld036');
      await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
      const seconde = page.getByRole('group', { name: 'Ligne 2' });
      await seconde.getByLabel('Type de soin').selectOption({ label: 'Couronne' });
      await seconde.getByRole('radio', { name: 'Oui' }).check();
      await seconde.getByLabel('Prix, en euros').fill('501');
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continuer' }).click();

      await expect(stepTitle(page, 3)).toBeFocused();
      await pickFiles(page, [facturePdf]);
      await expect(page.getByRole('region', { name: 'Fichiers joints' }).getByText('Envoyé')).toHaveCount(1);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 4)).toBeFocused();
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      await page.getByRole('row').nth(1).getByRole('link').click();
      await expect(page.getByRole('heading', { name: 'Réponse à votre devis' })).toBeVisible();
      await expect(page.getByText(/^Équivalent 100\s%\sSanté : jusqu’à 500,00\s€, reste à votre charge 0,00\s€\.$/)).toBeVisible();
      await expect(page.getByText(/^Prix au-dessus du prix limite de vente du 100\s%\sSanté \(500,00\s€\)/)).toBeVisible();
      await expect(page.getByRole('row', { name: /Total/ })).toContainText(/1\s151,00\s€/);
      await expect(page.getByRole('button', { name: 'Télécharger la réponse (PDF)' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('Marie DUPONT makes a complaint and reads the dates the mutual owes, then the mediator of a refused one', async ({
      page,
    }) => {
      await page.goto('/mutuelle/demandes/creation');
      await page.getByRole('radio', { name: 'Faire une réclamation' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 2)).toBeFocused();
      await page.getByLabel('Votre réclamation concerne').selectOption({ label: 'Mon contrat ou mes garanties' });
      await page.getByLabel('Objet', { exact: true }).fill('Forfait optique');
      await page.getByLabel('Le contrat concerné (facultatif)').selectOption({ index: 1 });
      await page.getByLabel('Votre réclamation', { exact: true }).fill('Le forfait optique ne correspond pas à la brochure.');
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 3)).toBeFocused();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 4)).toBeFocused();
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      const first = page.getByRole('row').nth(1);
      await expect(first).toContainText('Réclamation');
      await first.getByRole('link', { name: 'Réclamation' }).click();
      await expect(page.getByText(/^Accusé de réception au plus tard le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
      await expect(page.getByText(/^Réponse au plus tard le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
      await expect(page.getByText('Votre réclamation n’a pas abouti')).toHaveCount(0);
      await expectNoAccessibilityViolations(page);

      await page.goto('/mutuelle/demandes');
      await page.getByRole('link', { name: 'Réclamation' }).last().click();
      await expect(page.getByRole('heading', { name: 'Votre réclamation n’a pas abouti' })).toBeVisible();
      await expect(page.getByText('Médiateur de la Mutualité française')).toBeVisible();
      await expect(page.getByRole('link', { name: /www\.mediateur-mutualite\.fr/ })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });

    test('Marie DUPONT asks for a hospital prior agreement at a hospital of the directory and reads it agreed', async ({
      page,
    }) => {
      await openHome(page);
      await page.getByRole('link', { name: 'Effectuer une demande' }).click();
      await page.getByRole('radio', { name: 'Demander une prise en charge' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();

      await page.getByLabel('Personne concernée').selectOption({ label: 'Thomas DUPONT' });
      const recherche = page.getByRole('combobox', { name: 'Établissement' });
      await recherche.fill('hospitalier dijon');
      await expect(page.getByText('1 établissement trouvé')).toBeVisible();
      await recherche.press('ArrowDown');
      await recherche.press('Enter');
      await expect(page.getByText('FINESS 210000618')).toBeVisible();
      // Four days of surgery a month ahead, a private room: the member API agrees at once.
      const entree = inAMonth();
      await page.getByLabel('Date d’entrée').fill(entree);
      await page.getByLabel('Date de sortie').fill(daysAfter(entree, 3));
      await page.getByLabel('Type de séjour').selectOption({ label: 'Chirurgie' });
      await page.getByRole('button', { name: 'Continuer' }).click();

      await expect(page.getByText('Les documents sont facultatifs pour cette demande.')).toBeVisible();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText('Centre hospitalier de Dijon')).toBeVisible();
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      const first = page.getByRole('row').nth(1);
      await expect(first).toContainText('Prise en charge hospitalière');
      await first.getByRole('link').click();
      await expect(page.getByRole('heading', { name: 'Prise en charge accordée' })).toBeVisible();
      await expect(page.getByText(/N° d’accord : PEC-\d{4}-\d{6}/)).toBeVisible();
      await expect(page.getByText('L’accord a été envoyé à l’établissement.')).toBeVisible();
      const forfait = page.getByRole('row', { name: /Forfait journalier/ });
      await expect(forfait).toContainText('80,00 €');
      await expect(page.getByRole('button', { name: 'Télécharger l’accord de prise en charge (PDF)' })).toBeVisible();
      const sejour = page.getByRole('region', { name: 'Séjour' });
      await expect(sejour).toContainText('Centre hospitalier de Dijon');
      await expect(sejour).toContainText(entree.split('-').reverse().join('/'));
      await expectNoAccessibilityViolations(page);
    });

    test('Marie DUPONT asks a question without a document', async ({ page }) => {
      await page.goto('/mutuelle/demandes/creation');
      await page.getByRole('radio', { name: 'Une question sur mon affiliation ou mes cotisations' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText('Écrivez votre question.')).toBeVisible();
      await page.getByLabel('Votre question').fill('Puis-je ajouter mon conjoint à mon contrat en cours d’année ?');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('button', { name: 'Envoyer' }).click();

      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      await expect(page.getByRole('row').nth(1)).toContainText('Question affiliation ou cotisation');
    });

    test('a file that is not what its name says is refused by the server, the others kept', async ({
      page,
    }) => {
      await page.goto('/mutuelle/demandes/creation?type=JUSTIFICATIF_DE_DOMICILE');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByLabel('Personne concernée').selectOption({ label: 'Marie DUPONT' });
      await page.getByRole('button', { name: 'Continuer' }).click();
      await pickFiles(page, [faussePdf, facturePdf]);

      const fichiers = page.getByRole('region', { name: 'Fichiers joints' });
      await expect(fichiers.getByText('Le fichier « facture.pdf » n’est ni un PDF, ni une image JPEG ou PNG')).toBeVisible();
      await expect(fichiers.getByText('Envoyé')).toHaveCount(1);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText('Réessayez ou retirez les fichiers qui n’ont pas pu être envoyés.')).toBeVisible();
      await page.getByRole('button', { name: 'Retirer facture.pdf' }).click();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(stepTitle(page, 4)).toBeVisible();
    });

    test('leaving a started request asks first; a reload keeps what was typed', async ({ page }) => {
      await page.goto('/mutuelle/demandes/creation');
      await page.getByRole('radio', { name: 'Une question sur mes remboursements santé' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByLabel('Votre question').fill('Les semelles orthopédiques sont-elles remboursées ?');

      await page.reload();
      await expect(page.getByLabel('Votre question')).toHaveValue('Les semelles orthopédiques sont-elles remboursées ?');

      await page.getByRole('link', { name: 'Accueil', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Quitter votre demande ?' });
      await expect(dialog).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Rester sur la page' }).click();
      await expect(page).toHaveURL(/\/mutuelle\/demandes\/creation$/);
      await expect(page.getByLabel('Votre question')).toBeVisible();

      await page.getByRole('link', { name: 'Accueil', exact: true }).first().click();
      await dialog.getByRole('button', { name: 'Quitter la page' }).click();
      await page.waitForURL((url) => url.pathname === '/home');
    });

    test('/demandes leads to the same list', async ({ page }) => {
      await page.goto('/demandes');
      await page.waitForURL((url) => url.pathname === '/mutuelle/demandes');
      await expect(page.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ storageState: signedInAs('Jean MARTIN') });

    test('M. Jean MARTIN, struck off, sends an invoice from the home tile', async ({ page }) => {
      await openHome(page);
      await page
        .getByRole('navigation', { name: 'Accès rapides' })
        .getByRole('link', { name: 'Envoyer une facture', exact: true })
        .click();
      await expect(page.getByRole('radio', { name: 'Une facture de soins' })).toBeChecked();
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page.getByText('Envoyer une facture ou un devis : une facture de soins')).toBeVisible();
    });
  });
});
