import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { contentMenus } from './support/shell';
import { type DemoMember, signInAs } from './support/sign-in';

/**
 * Every page of SPEC.md §2, once loaded, at a phone's and a desktop's width: axe with all its
 * rules (every piece of content inside a landmark included) finds nothing, and the page has
 * one title and the footer's link to the accessibility statement; the shell's pages, behind
 * its navigation, also the skip link to their main content.
 */

const widths = [375, 1280] as const;

/** A member's pages in the shell, with a real payment day, request and article of theirs. */
async function memberPages(page: Page): Promise<string[]> {
  const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T;
  const [paiements, demandes, menus] = await Promise.all([
    get<{ paymentDate: string }[]>('/api/assure/prestations'),
    get<{ id: number }[]>('/api/demandes'),
    contentMenus(page),
  ]);
  const [paiement] = paiements;
  const [demande] = demandes;
  const [menu] = menus;
  return [
    '/home',
    '/compte/informations-personnelles',
    '/mutuelle',
    '/mutuelle/smart-carte',
    '/mutuelle/remboursements',
    ...(paiement ? [`/mutuelle/remboursements/${paiement.paymentDate}`] : []),
    '/mutuelle/contrats-garanties',
    '/mutuelle/contrats-garanties/resiliation',
    '/mutuelle/demandes',
    ...(demande ? [`/mutuelle/demandes/${String(demande.id)}`] : []),
    '/mutuelle/demandes/creation',
    ...(menu ? [`/home/article/${String(menu.Id)}`] : []),
    '/home/nouveautes/1',
    '/home/mentions-legales',
    '/home/cgu',
  ];
}

/** Waits for the page's own content: its title, and no part still loading. */
async function expectLoaded(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]'), path).toHaveCount(0);
  await expect(page.getByText(/^Chargement/), path).toHaveCount(0);
}

/** The public pages: the root and the statement, with or without a session. */
const publicPages = ['/', '/home/accessibilite'];

async function expectAccessible(page: Page, path: string, layout: 'shell' | 'public') {
  await page.goto(path);
  await expectLoaded(page, path);
  await expect(page.getByRole('link', { name: 'Aller au contenu principal' }), path).toHaveCount(
    layout === 'shell' ? 1 : 0,
  );
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: /^Accessibilité : / }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
}

for (const width of widths) {
  test.describe(`every page at ${String(width)} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < 1000 ? 812 : 800 });
    });

    test('the public pages', async ({ page }) => {
      for (const path of publicPages) await expectAccessible(page, path, 'public');
    });

    // Marie holds a card and every kind of data; Paul is struck off, with the pages' other
    // states (no card, no contract to terminate).
    for (const member of ['Marie DUPONT', 'Paul DURAND'] satisfies DemoMember[]) {
      test(`the pages of ${member}`, async ({ page }) => {
        await signInAs(page, member);
        const pages = await memberPages(page);
        // A full axe scan per page: the budget grows with the pages, not one journey's 30 s.
        test.setTimeout(10_000 + (pages.length + 1) * 4_000);
        for (const path of pages) await expectAccessible(page, path, 'shell');
        await expectAccessible(page, '/home/accessibilite', 'public');
      });
    }
  });
}
