import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { expectNouveauRibGarde, reconnecteeAuRib, saisirNouveauRib } from './support/banque';
import { collectConsoleErrors } from './support/console';
import { currentYear, dashboardLoaded, homeTiles, tilesShown } from './support/home';
import { contentMenus, mainNavigation } from './support/shell';
import { currentSession, openHome, signedInAs } from './support/sign-in';

// What the portal tells a member about their own cover when it is not the usual one: a contract
// ended, a contract to come, dependants handled by a broker, two contracts; and why it asks to sign in again
// before a sensitive change. The home pages' axe scans are home-screens.spec.ts's; the states
// reached here are scanned here.

interface Contrat {
  numeroContrat: string;
  statut: 'ACTIF' | 'RESILIE' | 'A_VENIR';
  dateDebut: string;
  dateFin: string | null;
}

/** The member's contracts as the member API gives them: the demo seeds its dates from today. */
async function contrats(page: Page): Promise<Contrat[]> {
  const response = await page.request.get('/api/assure/contrats');
  expect(response.status()).toBe(200);
  return (await response.json()) as Contrat[];
}

function contratAuStatut(all: Contrat[], statut: Contrat['statut']): Contrat {
  const contrat = all.find((candidate) => candidate.statut === statut);
  if (!contrat) throw new Error(`the demo data seeds a contract ${statut}`);
  return contrat;
}

/** "2024-12-31" → "31/12/2024", as the portal writes a date. */
function shown(date: string | null): string {
  if (date === null) throw new Error('a date was expected');
  return date.split('-').reverse().join('/');
}

function contratNotice(page: Page) {
  return page.getByRole('region', { name: 'Votre contrat' });
}

function beneficiaires(page: Page) {
  return page.getByRole('region', { name: 'Bénéficiaires' });
}

/** « Ajouter un bénéficiaire » reached by its address: its title, and no form. */
async function expectNoAjoutForm(page: Page): Promise<void> {
  await page.goto('/compte/informations-personnelles/ajout-beneficiaire');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un bénéficiaire' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Qui souhaitez-vous ajouter ?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Envoyer la demande' })).toHaveCount(0);
}

test.describe('M. Jean MARTIN, whose only contract has ended', () => {
  test.use({ storageState: signedInAs('Jean MARTIN') });

  test('reads at the top of his home that it ended, what he can still do, and no call to set up the télétransmission', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const { numeroContrat, dateFin } = contratAuStatut(await contrats(page), 'RESILIE');
    expect(numeroContrat).toBe('IND-001187');
    const fin = shown(dateFin);
    await openHome(page);
    await dashboardLoaded(page);

    const notice = contratNotice(page);
    await expect(notice).toContainText(`Votre contrat IND-001187 a pris fin le ${fin}.`);
    await expect(notice).toContainText(
      'Vous pouvez toujours consulter vos remboursements passés et télécharger les attestations de votre période de couverture.',
    );
    // The demo ends his contract at the end of the month two years ago: its two years run until
    // the end of this month.
    await expect(notice).toContainText(
      `Vous pouvez encore nous envoyer vos factures de soins reçus jusqu’au ${fin}, dans les deux ans suivant les soins.`,
    );
    // Above the shortcuts.
    const [noticeBox, tilesBox] = await Promise.all([notice.boundingBox(), homeTiles(page).boundingBox()]);
    expect(noticeBox?.y ?? Number.NaN).toBeLessThan(tilesBox?.y ?? Number.NaN);

    expect(await tilesShown(page)).toEqual([
      ['Envoyer une facture', '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF'],
    ]);
    await expect(homeTiles(page).getByText(`Pour vos soins jusqu’au ${fin}`)).toBeVisible();
    // His link to the Sécurité sociale is not active, but there is no contract left for it.
    await expect(page.getByRole('region', { name: 'La télétransmission de vos décomptes' })).toHaveCount(0);
    await expect(page.getByText(/nous ne pouvons pas rembourser ses soins sans eux/)).toHaveCount(0);

    await notice.getByRole('link', { name: 'Voir mes remboursements' }).click();
    await page.waitForURL((url) => url.pathname === '/mutuelle/remboursements');
    await page.goBack();
    await contratNotice(page).getByRole('link', { name: 'Mes attestations' }).click();
    await page.waitForURL((url) => url.pathname === '/mutuelle/contrats-garanties');
    await expect(page.getByRole('region', { name: 'Mes attestations' })).toBeVisible();
    // Nor is an estimate offered among his guarantees.
    await expect(page.getByRole('link', { name: 'Estimer mon remboursement', exact: true })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('is told why he can add no beneficiary and estimate nothing, with no form', async ({ page }) => {
    await page.goto('/compte/informations-personnelles');
    await expect(
      beneficiaires(page).getByText('Votre contrat a pris fin : vous ne pouvez plus y ajouter de bénéficiaire.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ajouter un bénéficiaire' })).toHaveCount(0);

    await expectNoAjoutForm(page);
    await expect(
      page.getByText('Votre contrat a pris fin : vous ne pouvez plus y ajouter de bénéficiaire.'),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.goto('/mutuelle/contrats-garanties/estimation');
    await expect(page.getByRole('heading', { level: 1, name: 'Estimer mon remboursement' })).toBeVisible();
    await expect(
      page.getByText(
        'Votre contrat a pris fin : votre mutuelle ne rembourse pas les soins reçus depuis, il n’y a donc pas de remboursement à estimer.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Type de soin')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Estimer', exact: true })).toHaveCount(0);
  });
});

test.describe('Mme Léa BERNARD, whose contract starts on 1 January', () => {
  test.use({ storageState: signedInAs('Léa BERNARD') });

  test('reads when her cover starts, and finds next year’s card in the sidebar as on her home', async ({
    page,
  }) => {
    const { numeroContrat, dateDebut } = contratAuStatut(await contrats(page), 'A_VENIR');
    const debut = shown(dateDebut);
    await openHome(page);
    await dashboardLoaded(page);

    const notice = contratNotice(page);
    await expect(notice).toContainText(`Votre contrat ${numeroContrat} prend effet le ${debut}.`);
    await expect(notice).toContainText('Les soins reçus avant cette date ne sont pas couverts par ce contrat.');
    await expect(homeTiles(page).getByText(`Pour vos soins à partir du ${debut}`)).toBeVisible();

    const { User } = await currentSession(page);
    expect([User.CarteTp, User.CarteTpSuivante]).toEqual([false, true]);
    await expect(
      homeTiles(page).getByRole('link', { name: `Ma carte de Tiers Payant ${String(currentYear + 1)}` }),
    ).toHaveAttribute('href', '/mutuelle/smart-carte');
    await expect(mainNavigation(page).getByRole('link', { name: 'Ma carte de Tiers Payant' })).toHaveAttribute(
      'href',
      '/mutuelle/smart-carte',
    );
  });
});

test.describe('M. Paul DURAND, whose dependants his broker handles', () => {
  test.use({ storageState: signedInAs('Paul DURAND') });

  test('is sent to his broker and its page rather than offered « Ajouter un bénéficiaire »', async ({ page }) => {
    await openHome(page);
    const { User } = await currentSession(page);
    expect(User.courtier).toBe('CABINET CHESNEAU ASSURANCES');
    const pageDuCourtier = (await contentMenus(page)).find((menu) => menu.courtierChesneau);
    if (!pageDuCourtier) throw new Error('the demo content service has a page for the brokerage’s members');
    const parLeCourtier =
      'Vos bénéficiaires (conjoint, enfants) sont gérés par votre courtier, CABINET CHESNEAU ASSURANCES : pour en ajouter un, adressez-vous à lui.';

    await page.goto('/compte/informations-personnelles');
    const section = beneficiaires(page);
    await expect(section.getByText(parLeCourtier)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ajouter un bénéficiaire' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await section.getByRole('link', { name: pageDuCourtier.Titre, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/home/article/${String(pageDuCourtier.Id)}`);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(pageDuCourtier.Titre);

    await expectNoAjoutForm(page);
    const main = page.getByRole('main');
    await expect(main.getByText(parLeCourtier)).toBeVisible();
    await expect(main.getByRole('link', { name: pageDuCourtier.Titre, exact: true })).toHaveAttribute(
      'href',
      `/home/article/${String(pageDuCourtier.Id)}`,
    );
  });
});

test.describe('M. Paul DURAND, whose bank rejected his latest contribution’s debit', () => {
  test.use({ storageState: signedInAs('Paul DURAND') });

  test('reads it first on his home, with what he owes and what to do, and finds it in his schedule', async ({ page }) => {
    await openHome(page);
    const notice = page.getByRole('region', { name: 'Une cotisation reste à régler' });
    await expect(notice).toContainText(/Votre banque a rejeté le prélèvement de votre cotisation du \d{2}\/\d{2}\/\d{4} : provision insuffisante\./);
    await expect(notice).toContainText('Vous devez 38,50 € à votre mutuelle.');
    await expectNoAccessibilityViolations(page);

    await notice.getByRole('link', { name: 'Voir mes cotisations' }).click();
    const cotisations = page.getByRole('region', { name: 'Mes cotisations' });
    await expect(cotisations.getByText('Prélèvement rejeté par votre banque : provision insuffisante')).toBeVisible();
    await expect(cotisations).toContainText('Montant restant dû : 38,50 €.');
  });
});

test.describe('Mme Sophie PETIT, with a contract in force and an earlier one ended', () => {
  test.use({ storageState: signedInAs('Sophie PETIT') });

  test('reads the one in force first, and the ended one’s guarantees as those of care up to its end', async ({ page }) => {
    const all = await contrats(page);
    expect(all.map((contrat) => contrat.statut)).toEqual(['ACTIF', 'RESILIE']);
    const termine = contratAuStatut(all, 'RESILIE');
    await openHome(page);
    await dashboardLoaded(page);
    // Covered today: no word of an ended contract on her home.
    await expect(contratNotice(page)).toHaveCount(0);

    await page.goto('/mutuelle/contrats-garanties');
    const enCours = page.getByRole('article', { name: 'Complémentaire santé solidaire' });
    const ancien = page.getByRole('article', { name: 'Santé Jeunes Actifs' });
    await expect(enCours).toContainText('En cours');
    await expect(ancien).toContainText(termine.numeroContrat);
    await expect(ancien).toContainText('Résilié');
    const [enCoursBox, ancienBox] = await Promise.all([enCours.boundingBox(), ancien.boundingBox()]);
    expect(enCoursBox?.y ?? Number.NaN).toBeLessThan(ancienBox?.y ?? Number.NaN);
    await expect(page.getByRole('region', { name: 'Santé Jeunes Actifs' })).toContainText(
      `Contrat terminé le ${shown(termine.dateFin)} : ces garanties ne s’appliquent qu’aux soins reçus jusqu’à cette date.`,
    );
    await expect(page.getByRole('region', { name: 'Complémentaire santé solidaire' })).not.toContainText('Contrat terminé');
    await expectNoAccessibilityViolations(page);
  });
});

test.describe('a sensitive change, when the portal asks to sign in again first', () => {
  // The member's shared session: a sign-in again keeps its id (src/auth/sign_in_again.rs), and
  // nothing is saved, the new bank details being refused before they reach the server.
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test('Marie DUPONT is told why, may stay on her form as she typed it, then signs in again and finds it kept', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    // The run's instance accepts a sign-in of an hour, longer than the run: its refusal is played
    // here as the portal sends it (the real one is alertes.spec.ts's, on the other instance).
    await page.route('**/api/assure/beneficiaire/banque', (route) =>
      route.fulfill({
        status: 403,
        json: {
          status: 403,
          code: 'reconnexion_requise',
          message: 'Pour votre sécurité, reconnectez-vous avant ce changement.',
        },
      }),
    );
    await page.goto('/compte/informations-personnelles');
    const banque = page.getByRole('region', { name: 'Coordonnées bancaires' });
    await banque.getByRole('button', { name: 'Modifier' }).click();
    await saisirNouveauRib(banque);

    const question = page.getByRole('dialog', { name: 'Confirmez votre identité' });
    await expect(
      question.getByText('Pour votre sécurité, confirmez votre identité avant de modifier vos coordonnées bancaires.'),
    ).toBeVisible();
    await expect(
      question.getByText(
        'Nous vérifions ainsi que c’est bien vous qui faites ce changement, et non une personne qui utiliserait votre appareil resté connecté.',
      ),
    ).toBeVisible();
    // Nothing left for the provider yet.
    expect(new URL(page.url()).pathname).toBe('/compte/informations-personnelles');
    await expectNoAccessibilityViolations(page);

    await question.getByRole('button', { name: 'Annuler' }).click();
    await expect(question).toHaveCount(0);
    await expect(banque.getByRole('alert')).toContainText('Pour votre sécurité, reconnectez-vous avant ce changement.');
    await expectNouveauRibGarde(banque);

    await banque.getByRole('button', { name: 'Enregistrer' }).click();
    await reconnecteeAuRib(page, question, banque);
    expect(consoleErrors).toEqual([]);
  });
});
