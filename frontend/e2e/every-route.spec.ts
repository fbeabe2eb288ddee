import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { contentMenus } from './support/shell';
import { type DemoMember, signedInAs } from './support/sign-in';

/**
 * Every page (docs/product/routes.md), once loaded, at the narrowest phone's width (320 CSS px,
 * where WCAG's reflow criterion asks that nothing scroll sideways) and a desktop's: axe with all
 * its rules (every piece of content inside a landmark included) finds nothing, the browser logs no
 * error, the page does not scroll sideways, and it has one title and the footer's link to the
 * accessibility statement; the shell's pages, behind its navigation, also the skip link to their
 * main content.
 *
 * This is the one axe pass of each page as it loads; the feature journeys scan only the states
 * reached by using a page (a form open, a dialog, a step filled in).
 */

const widths = [320, 1280] as const;

/** `path` of the member API or the content service, which the seeded demo data always fills. */
async function getSeeded<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The first of `items`, which the demo data seeds for every member the pages are checked for. */
function first<T>(items: T[], what: string): T {
  const [item] = items;
  if (item === undefined) throw new Error(`the demo data seeds ${what}`);
  return item;
}

/** A page of a member's, as its test names it, and how to find its address for that member. */
interface MemberPage {
  name: string;
  path: string | ((page: Page, member: DemoMember) => Promise<string>);
  layout: 'shell' | 'public';
}

/** A page in the shell at `path`, the same for every member. */
const shellPage = (path: string): MemberPage => ({ name: path, path, layout: 'shell' });

/**
 * A member's pages in the shell, with a real payment day, request and article of theirs, then
 * the statement with a session.
 */
const memberPages: MemberPage[] = [
  shellPage('/home'),
  shellPage('/compte/informations-personnelles'),
  shellPage('/compte/informations-personnelles/ajout-beneficiaire'),
  shellPage('/compte/proches'),
  shellPage('/agir-pour'),
  shellPage('/mutuelle'),
  shellPage('/mutuelle/smart-carte'),
  shellPage('/mutuelle/remboursements'),
  shellPage('/mutuelle/remboursements/annee-sante'),
  {
    name: '/mutuelle/remboursements/:date',
    path: async (page, member) => {
      const paiements = await getSeeded<{ paymentDate: string }[]>(page, '/api/assure/prestations');
      return `/mutuelle/remboursements/${first(paiements, `a payment for ${member}`).paymentDate}`;
    },
    layout: 'shell',
  },
  {
    name: '/mutuelle/remboursements/signalement',
    path: async (page, member) => {
      const paiements = await getSeeded<
        { paymentId: string; paymentDate: string; detailRemboursement: { idLigne: number }[] }[]
      >(page, '/api/assure/prestations');
      const paiement = first(paiements, `a payment for ${member}`);
      const ligne = first(paiement.detailRemboursement, `a line in a payment of ${member}`);
      const query = new URLSearchParams({
        jour: paiement.paymentDate,
        paiement: paiement.paymentId,
        ligne: String(ligne.idLigne),
      });
      return `/mutuelle/remboursements/signalement?${query.toString()}`;
    },
    layout: 'shell',
  },
  shellPage('/mutuelle/contrats-garanties'),
  shellPage('/mutuelle/contrats-garanties/resiliation'),
  shellPage('/mutuelle/contrats-garanties/estimation'),
  shellPage('/mutuelle/contrats-garanties/reseau-soins'),
  shellPage('/mutuelle/demandes'),
  {
    name: '/mutuelle/demandes/:id',
    path: async (page, member) => {
      const demandes = await getSeeded<{ id: number }[]>(page, '/api/demandes');
      return `/mutuelle/demandes/${String(first(demandes, `a request for ${member}`).id)}`;
    },
    layout: 'shell',
  },
  shellPage('/mutuelle/demandes/creation'),
  {
    name: '/home/article/:id',
    path: async (page, member) => {
      const menu = first(await contentMenus(page), `a content menu entry for ${member}`);
      return `/home/article/${String(menu.Id)}`;
    },
    layout: 'shell',
  },
  shellPage('/home/nouveautes/1'),
  shellPage('/home/mentions-legales'),
  shellPage('/home/cgu'),
  { name: '/home/accessibilite', path: '/home/accessibilite', layout: 'public' },
];

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
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `${path} scrolls sideways by ${String(sideways)} px`).toBe(0);
  // Nor does anything in a card stick out of the box that holds it, where the page's width
  // would not show it (a grid or a table wider than its card at 320 px). What is positioned
  // (the visually hidden), or inside a box that clips or scrolls, is out of the flow: left out.
  const sticking = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.card')).flatMap((card) => {
      const outOfFlow = (element: Element) => {
        for (let box: Element | null = element; box && box !== card; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX !== 'visible' || style.position === 'absolute' || style.position === 'fixed') return true;
        }
        return false;
      };
      return Array.from(card.querySelectorAll('*'))
        .filter((element) => {
          const parent = element.parentElement;
          const { right, width } = element.getBoundingClientRect();
          return parent && width > 0 && right > parent.getBoundingClientRect().right + 0.5 && !outOfFlow(element);
        })
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    }),
  );
  expect(sticking, `${path}: out of its box`).toEqual([]);
  await expectNoAccessibilityViolations(page);
}

for (const width of widths) {
  test.describe(`every page at ${String(width)} px`, () => {
    const viewport = { width, height: width < 1000 ? 812 : 800 };
    test.use({ viewport });

    test('the public pages', async ({ page }) => {
      const consoleErrors = collectConsoleErrors(page);
      for (const path of publicPages) await expectAccessible(page, path, 'public');
      expect(consoleErrors).toEqual([]);
    });

    // Marie holds a card, an individual contract and every kind of data; Paul, with a group
    // contract only and a broker, shows the pages' other states (nothing to terminate online,
    // the broker's menus). One browser page goes through all of a member's pages, one test
    // per page, in order: each full axe scan has a test's own budget, which holds when two
    // journeys share the machine's cores, where one budget for all the pages did not.
    for (const member of ['Marie DUPONT', 'Paul DURAND'] satisfies DemoMember[]) {
      test.describe(`the pages of ${member}`, () => {
        test.describe.configure({ mode: 'serial' });
        let page: Page;
        let consoleErrors: string[];

        test.beforeAll(async ({ browser }) => {
          // What `test.use` gives the `page` of a test, which a hook cannot have.
          const { baseURL } = test.info().project.use;
          const context = await browser.newContext({
            ...(baseURL !== undefined && { baseURL }),
            viewport,
            storageState: signedInAs(member),
          });
          page = await context.newPage();
          consoleErrors = collectConsoleErrors(page);
        });

        test.afterAll(async () => {
          await page.context().close();
        });

        for (const { name, path, layout } of memberPages) {
          test(name, async () => {
            await expectAccessible(page, typeof path === 'string' ? path : await path(page, member), layout);
            expect(consoleErrors).toEqual([]);
          });
        }
      });
    }
  });
}
