import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { expectNoSidewaysScroll } from './support/layout';
import { mainNavigation } from './support/shell';
import { signInAs } from './support/sign-in';
import { signInToBackOffice } from './support/back-office';

// Which call each right lets through is the member API's to test
// (demo/src/member_api/rules/delegations.rs); these journeys check what the person acting, the
// member and the mutual see of it. Claire DUPONT acts for her sister Marie from the seed; Hélène
// ROUX acts for nobody until Marie invites her or the back office records her as M. Jean
// MARTIN's guardian. They change who may act for Marie and Jean, which no other journey reads:
// they run with the journeys that run one at a time, each signing in afresh, and what they give
// Hélène is taken back before they end.

/** The demo provider's people who are no members (« Proches et mandataires de démonstration »). */
type Proche = 'Claire DUPONT' | 'Hélène ROUX' | 'Thomas DUPONT';

/**
 * Signs `proche` in through the provider's page, as `signInAs` does a member; they land on the
 * home of the member they act for, or on « Pour qui agissez-vous ? » when there are several.
 */
async function signInAsProche(page: Page, proche: Proche, landings = ['/home']): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('button', { name: `Se connecter en tant que ${proche}` }).click();
  await page.waitForURL((url) => landings.includes(url.pathname));
}

/** The banner above every page while acting for `member`. */
function banner(page: Page, member: string) {
  return page.getByRole('region', { name: `Vous agissez pour ${member}` });
}

/** Today in Paris, the member API's day, `years` years on, as a date field holds it. */
function parisDay(years = 0): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  return new Date(Date.UTC((year ?? 0) + years, (month ?? 1) - 1, day)).toISOString().slice(0, 10);
}

/** A court decision as the mutual scans it: the member API recognises a PDF by its content. */
const jugement = {
  name: 'jugement-tutelle.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

/** The back office's page of M. Jean MARTIN, its operator signed in, on a page of its own. */
async function jeanAuBackOffice(browser: Browser): Promise<Page> {
  const operateur = await browser.newPage();
  await signInToBackOffice(operateur);
  await operateur.goto('/_demo/back-office/adherents/100002');
  return operateur;
}

test.describe('Agir pour un proche', () => {
  // Two people signing in, and the back office, in one journey.
  test.describe.configure({ timeout: 60_000 });

  test('Claire DUPONT, acting for her sister, reads her reimbursements and is refused her requests', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAsProche(page, 'Claire DUPONT');

    const bandeau = banner(page, 'Mme Marie DUPONT');
    await expect(bandeau).toContainText(/Délégation jusqu’au \d{2}\/\d{2}\/\d{4}\./);
    await expect(bandeau.getByRole('link', { name: 'Changer de personne' })).toHaveAttribute('href', '/agir-pour');
    // The menu offers what her rights open, and nothing else.
    const menu = mainNavigation(page);
    await expect(menu.getByRole('link', { name: 'Mes remboursements' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Mes demandes/ })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Mes informations personnelles' })).toHaveCount(0);

    await menu.getByRole('link', { name: 'Mes remboursements' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /^Paiement du/ }).first()).toBeVisible();

    // Typed in the address bar, the requests are the member API's to refuse, in its words.
    await page.goto('/mutuelle/demandes');
    await expect(
      page
        .getByRole('status')
        .getByText('Votre délégation ne vous donne pas le droit de envoyer des demandes et des messages pour cet adhérent.'),
    ).toBeVisible();
    await expect(banner(page, 'Mme Marie DUPONT')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('Thomas DUPONT, in his own space on his wife’s contract, reads his own care and nothing of his children’s', async ({
    page,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAsProche(page, 'Thomas DUPONT');
    const espace = page.getByRole('region', { name: 'Votre espace personnel' });
    await expect(espace).toContainText('Sur le contrat de Mme Marie DUPONT : vos remboursements, votre carte et vos demandes.');
    await expect(page.getByRole('banner')).toContainText('Thomas DUPONT');
    // Nothing is sent in the contract's name from here.
    await expect(page.getByRole('link', { name: 'Effectuer une demande' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Estimer mon remboursement' })).toHaveCount(0);

    await mainNavigation(page).getByRole('link', { name: 'Mes remboursements' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Paiement du/ }).first()).toBeVisible();
    await expect(main).toContainText('Thomas');
    await expect(main).not.toContainText('Emma');
    await expect(main).not.toContainText('Lucas');
    await expectNoAccessibilityViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('at the narrowest phone’s width, Claire DUPONT reads whose space she is in, nothing scrolling sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 812 });
    await signInAsProche(page, 'Claire DUPONT');
    await expect(banner(page, 'Mme Marie DUPONT')).toBeVisible();
    await expect(banner(page, 'Mme Marie DUPONT').getByRole('link', { name: 'Changer de personne' })).toBeVisible();
    await expect(page.getByText(/^Chargement de vos/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page);
  });

  test('Marie DUPONT lets Hélène ROUX send her requests, then withdraws it: Hélène is refused at her next page', async ({
    page,
    browser,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInAs(page, 'Marie DUPONT');
    await mainNavigation(page).getByRole('link', { name: 'Mes informations personnelles' }).click();
    await page.getByRole('link', { name: 'Gérer les personnes qui agissent pour vous' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agir pour un proche' })).toBeVisible();

    // Claire, from the seed: named by her address until she first acts, by her name after.
    const personnes = page.getByRole('region', { name: 'Les personnes qui agissent pour vous' });
    const personne = (nom: RegExp) =>
      personnes.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: nom }) });
    await expect(
      personne(/^(Claire DUPONT|claire\.dupont@example\.org)$/).getByRole('list', { name: /^Droits de / }).getByRole('listitem'),
    ).toHaveText(['Remboursements et documents', 'Attestations et carte de tiers payant']);

    const inviter = page.getByRole('region', { name: 'Inviter une personne' });
    const inviterAvec = async (courriel: string) => {
      await inviter.getByLabel('Adresse électronique de la personne').fill(courriel);
      await inviter.getByRole('checkbox', { name: 'Envoyer des demandes et des messages en votre nom' }).check();
      await inviter.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    };
    await inviterAvec('helene.roux@example.org');
    await expect(inviter.getByRole('status')).toHaveText(
      'Invitation enregistrée : helene.roux@example.org pourra agir pour vous dès sa connexion.',
    );
    await expect(personne(/^helene\.roux@example\.org$/)).toContainText('En attente de première utilisation');
    await inviterAvec('marie.dupont@example.org');
    await expect(inviter.getByRole('alert')).toHaveText('Vous ne pouvez pas vous donner une délégation à vous-même.');
    await expectNoAccessibilityViolations(page);

    // Hélène, in a browser of her own, lands in Marie's space and reads her requests.
    const helene = await browser.newPage();
    const heleneErrors = collectConsoleErrors(helene);
    await signInAsProche(helene, 'Hélène ROUX');
    await expect(banner(helene, 'Mme Marie DUPONT')).toContainText(/Délégation jusqu’au \d{2}\/\d{2}\/\d{4}\./);
    await mainNavigation(helene).getByRole('link', { name: /^Mes demandes/ }).click();
    await expect(helene.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
    await expect(helene.getByRole('main').getByRole('row').nth(1)).toBeVisible();

    // Marie reads what she did, then withdraws it.
    await page.reload();
    const hel = personne(/^Hélène ROUX$/);
    await expect(hel).toContainText('Active');
    const actions = hel.getByRole('list', { name: 'Ce qu’elle a fait pour vous' });
    await expect(actions).toContainText('A ouvert votre espace');
    await expect(actions).toContainText('A consulté vos demandes');
    await hel.getByRole('button', { name: 'Retirer la délégation : Hélène ROUX' }).click();
    await expect(hel.getByText('Retirer la délégation de Hélène ROUX ? Elle ne pourra plus agir pour vous.')).toBeVisible();
    await expect(hel.getByRole('button', { name: 'Confirmer le retrait' })).toBeFocused();
    await expectNoAccessibilityViolations(page);
    await hel.getByRole('button', { name: 'Confirmer le retrait' }).click();
    await expect(personnes.getByRole('status')).toHaveText('La délégation de Hélène ROUX est retirée.');
    await expect(hel).toContainText(/Retirée le \d{2}\/\d{2}\/\d{4}/);
    await expect(hel.getByRole('button', { name: /^Retirer la délégation/ })).toHaveCount(0);

    // Her very next page is refused, saying why.
    const refus = helene.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 403,
    );
    await mainNavigation(helene).getByRole('link', { name: 'Mes garanties et mes services' }).click();
    expect(await (await refus).json()).toMatchObject({
      code: 'delegation_retiree',
      message: 'L’adhérent vous a retiré sa délégation.',
    });
    // With no space of her own and nobody else to act for, the server ended her session: she is
    // back at the root, nothing of Marie's on screen.
    await helene.waitForURL((url) => url.pathname === '/');
    await expect(banner(helene, 'Mme Marie DUPONT')).toHaveCount(0);
    await helene.close();
    expect(heleneErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the mutual records Hélène ROUX as M. Jean MARTIN’s guardian: she manages his contract, until the mutual ends it', async ({
    page,
    browser,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    const operateur = await jeanAuBackOffice(browser);
    const section = operateur.getByRole('region', { name: 'Délégations et mesures de protection' });
    await section.getByLabel('Mesure').selectOption({ label: 'Tutelle' });
    await section.getByLabel('Adresse électronique du tuteur ou du curateur').fill('helene.roux@example.org');
    await section.getByRole('checkbox', { name: 'Voir les remboursements et les documents' }).check();
    await section
      .getByRole('checkbox', { name: 'Gérer le contrat : coordonnées, coordonnées bancaires, bénéficiaires, résiliation' })
      .check();
    await section.getByLabel('Début').fill(parisDay());
    await section.getByLabel('Fin').fill(parisDay(5));
    await section.getByLabel('Jugement (PDF)').setInputFiles(jugement);
    await section.getByRole('button', { name: 'Enregistrer la mesure' }).click();
    try {
      await expect(
        operateur.getByText('La mesure de protection est enregistrée : le tuteur ou le curateur peut agir dès sa connexion.'),
      ).toBeVisible();
      await expect(section.getByRole('listitem').filter({ hasText: 'Tutelle · helene.roux@example.org' })).toContainText(
        'droits : REMBOURSEMENTS, GESTION',
      );

      // Marie's delegation, if the journey before left it running, makes her choose.
      await signInAsProche(page, 'Hélène ROUX', ['/home', '/agir-pour']);
      if (new URL(page.url()).pathname === '/agir-pour') {
        await page.getByRole('button', { name: 'Agir pour M. Jean MARTIN' }).click();
        await page.waitForURL((url) => url.pathname === '/home');
      }
      const bandeau = banner(page, 'M. Jean MARTIN');
      await expect(bandeau).toContainText('Tutelle enregistrée par votre mutuelle.');
      await mainNavigation(page).getByRole('link', { name: 'Mes informations personnelles' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mes informations personnelles' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Adresse postale' }).locator('address')).toBeVisible();

      // Through « Changer de personne », the guardianship is the one offered.
      await bandeau.getByRole('link', { name: 'Changer de personne' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pour qui agissez-vous ?' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Vos droits pour M. Jean MARTIN' }).getByRole('listitem')).toHaveText([
        'Remboursements et documents',
        'Gestion du contrat : coordonnées, coordonnées bancaires, bénéficiaires, résiliation',
      ]);
      // A guardian has no space of her own to go back to.
      await expect(page.getByRole('button', { name: 'Mon propre espace' })).toHaveCount(0);
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Agir pour M. Jean MARTIN' }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await expect(banner(page, 'M. Jean MARTIN')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Vos derniers remboursements' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    } finally {
      await operateur.reload();
      const mesure = section.getByRole('listitem').filter({ hasText: 'helene.roux@example.org' }).filter({
        has: operateur.getByRole('button', { name: 'Mettre fin à cette délégation' }),
      });
      await mesure.getByRole('button', { name: 'Mettre fin à cette délégation' }).click();
      await expect(operateur.getByText('La délégation a pris fin. L’adhérent en est averti.')).toBeVisible();
      await operateur.close();
    }
  });
});
