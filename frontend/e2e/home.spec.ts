import { expect, type Page, test } from '@playwright/test';
import {
  currentYear,
  dashboardLoaded,
  demandesSection,
  expectLeadsTo,
  homeTiles,
  paymentDayOf,
  remboursementCards,
  remboursementsSection,
  tilesShown,
} from './support/home';
import { type DemoMember, openHome, signedInAs } from './support/sign-in';

// Each journey walks through many pages and back.
test.describe.configure({ timeout: 60_000 });
// The dashboards' axe scans are every-route.spec.ts's and home-screens.spec.ts's.

const bothYears = `Ma carte de Tiers Payant ${String(currentYear)}-${String(currentYear + 1)}`;
const invoiceLink = '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF';
const nextYearOnly = `Ma carte de Tiers Payant ${String(currentYear + 1)}`;
const invoiceOrQuote: [string, string] = ['Envoyer une facture ou un devis', invoiceLink];
const personalInformation: [string, string] = [
  'Mes informations personnelles',
  '/compte/informations-personnelles',
];
const guarantees: [string, string] = ['Mes garanties et mes services', '/mutuelle/contrats-garanties'];
const estimate: [string, string] = ['Estimer mon remboursement', '/mutuelle/contrats-garanties/estimation'];

/** Today in Paris, [year, month, day]: the member API's day, whatever this machine's zone. */
function parisToday(): [number, number, number] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
  return format.format(new Date()).split('-').map(Number) as [number, number, number];
}

/** The day `days` before today as the dashboard shows it (dd/MM/yyyy): the seed's dates are
 * offsets from the day the demo data folder was created, which is today (in Paris, as the
 * member API counts days) for this run. */
function daysAgo(days: number): string {
  const [year, month, day] = parisToday();
  const date = new Date(Date.UTC(year, month - 1, day - days));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${String(date.getUTCFullYear())}`;
}

/** Checks the tiles, in order, then follows each one and comes back. */
async function expectTiles(page: Page, expected: [string, string][]): Promise<void> {
  expect(await tilesShown(page)).toEqual(expected);
  for (const [index, [, path]] of expected.entries()) {
    await expectLeadsTo(page, homeTiles(page).getByRole('link').nth(index), path);
  }
}

/** Follows every payment card to its payment day; each card has at most 2 lines. */
async function expectCardsLeadToTheirPaymentDay(page: Page): Promise<number> {
  const count = await remboursementCards(page).count();
  for (let index = 0; index < count; index += 1) {
    const card = remboursementCards(page).nth(index);
    expect(await card.getByRole('listitem').count()).toBeLessThanOrEqual(2);
    const day = paymentDayOf((await card.textContent()) ?? '');
    await expectLeadsTo(page, card, `/mutuelle/remboursements/${day}`);
  }
  return count;
}

async function expectCommonLinks(page: Page): Promise<void> {
  await expectLeadsTo(
    page,
    page.getByRole('link', { name: 'Effectuer une demande' }),
    '/mutuelle/demandes/creation',
  );
  await expectLeadsTo(
    page,
    remboursementsSection(page).getByRole('link', { name: 'Voir tout' }),
    '/mutuelle/remboursements',
  );
  await expectLeadsTo(
    page,
    demandesSection(page).getByRole('link', { name: 'Voir toutes vos demandes' }),
    '/mutuelle/demandes',
  );
}

test.describe('Mme Marie DUPONT', () => {
  test.use({ storageState: signedInAs('Marie DUPONT') });

  test.beforeEach(async ({ page }) => {
    await openHome(page);
    await dashboardLoaded(page);
  });

  test('sees the news banner and every tile, each leading to its page', async ({ page }) => {
    await expect(page.getByRole('region', { name: 'Nouveautés' })).toBeVisible();

    await expectTiles(page, [
      invoiceOrQuote,
      personalInformation,
      [bothYears, '/mutuelle/smart-carte'],
      guarantees,
      ['Mes cotisations', '/mutuelle/contrats-garanties#cotisations'],
      estimate,
      ['Résilier un contrat', '/mutuelle/contrats-garanties/resiliation'],
    ]);
    await expect(
      homeTiles(page).getByText(/^Prochaine échéance le \d{2}\/\d{2}\/\d{4}$/),
    ).toBeVisible();
  });

  test('sees her latest payments with their lines, each leading to its payment day', async ({
    page,
  }) => {
    const firstCard = remboursementCards(page).first();
    await expect(firstCard).toContainText(/Soins du \d{2}\/\d{2}\/\d{4}/);
    await expect(firstCard).toContainText(/Montant réel\s*\d+,\d{2}\s€/);
    await expect(firstCard).toContainText(/Remb\. \S.*?\d+,\d{2}\s€/);

    expect(await expectCardsLeadToTheirPaymentDay(page)).toBeGreaterThan(0);
  });

  test('sees her pending requests with the clock and her latest done one with the check', async ({
    page,
  }) => {
    // Her three requests not yet dealt with and the one settled lately, newest first.
    const rows = demandesSection(page).getByRole('listitem');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Envoi de devis');
    await expect(rows.nth(0)).toContainText('À traiter');
    await expect(rows.nth(1)).toContainText('Remboursement optique');
    await expect(rows.nth(1)).toContainText('En cours');
    await expect(rows.nth(2)).toContainText('Remboursement médecine douce');
    await expect(rows.nth(2)).toContainText('En attente de pièces');
    await expect(rows.nth(3)).toContainText(`Créée le ${daysAgo(75)}`);
    await expect(rows.nth(3)).toContainText('Justificatif de scolarité');
    await expect(rows.nth(3)).toContainText('Terminée');
    await expect(rows.nth(3).getByRole('img', { name: 'Demande traitée' })).toBeVisible();
    const section = demandesSection(page);
    await expect(
      section.getByRole('img', { name: 'Demande en attente de traitement' }),
    ).toHaveCount(3);
    await expect(section.getByRole('img', { name: 'Demande traitée' })).toHaveCount(1);

    await expectCommonLinks(page);
  });
});

/**
 * One member's dashboard: signed in as them on a loaded `/home`, the member's own checks, then
 * the links every dashboard has.
 */
function dashboardOf(member: DemoMember, title: string, check: (page: Page) => Promise<void>): void {
  test.describe(() => {
    test.use({ storageState: signedInAs(member) });

    test(title, async ({ page }) => {
      await openHome(page);
      await dashboardLoaded(page);
      await check(page);
      await expectCommonLinks(page);
    });
  });
}

async function expectNoPaymentAndNoPendingRequest(page: Page): Promise<void> {
  await expect(remboursementsSection(page)).toContainText(
    'Vous n’avez pas de remboursement pour l’instant',
  );
  await expect(demandesSection(page)).toContainText('Toutes vos demandes ont été traitées.');
}

dashboardOf(
  'Jean MARTIN',
  'M. Jean MARTIN, struck off, may only send an invoice and has no pending request',
  async (page) => {
    // For the care of his ended contract: situations.spec.ts reads its notice and the tile's line.
    await expectTiles(page, [['Envoyer une facture', invoiceLink]]);
    // His old reimbursements are still his latest ones.
    expect(await expectCardsLeadToTheirPaymentDay(page)).toBeGreaterThan(0);
    await expect(demandesSection(page)).toContainText('Toutes vos demandes ont été traitées.');
  },
);

dashboardOf(
  'Léa BERNARD',
  'Mme Léa BERNARD, whose contract starts soon, sees next year’s card and empty lists',
  async (page) => {
    await expectTiles(page, [
      invoiceOrQuote,
      personalInformation,
      [nextYearOnly, '/mutuelle/smart-carte'],
      guarantees,
      estimate,
    ]);
    await expectNoPaymentAndNoPendingRequest(page);
  },
);

dashboardOf(
  'Paul DURAND',
  'M. Paul DURAND, with a company contract only, has no termination tile',
  async (page) => {
    await expectTiles(page, [
      invoiceOrQuote,
      personalInformation,
      [bothYears, '/mutuelle/smart-carte'],
      guarantees,
      ['Mes cotisations', '/mutuelle/contrats-garanties#cotisations'],
      estimate,
    ]);
    expect(await expectCardsLeadToTheirPaymentDay(page)).toBeGreaterThan(0);
    // His pending question, then the hospital care agreed five weeks ago.
    const rows = demandesSection(page).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Question affiliation ou cotisation');
    await expect(rows.nth(1)).toContainText('Prise en charge hospitalière');
    await expect(rows.nth(1)).toContainText('Terminée');
  },
);

dashboardOf('Sophie PETIT', 'Mme Sophie PETIT sees both years on her card and empty lists', async (page) => {
  await expectTiles(page, [
    invoiceOrQuote,
    personalInformation,
    [bothYears, '/mutuelle/smart-carte'],
    guarantees,
    estimate,
    ['Résilier un contrat', '/mutuelle/contrats-garanties/resiliation'],
  ]);
  await expectNoPaymentAndNoPendingRequest(page);
});
