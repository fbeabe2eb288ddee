import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { dashboardLoaded, homeTiles } from './support/home';
import { type DemoMember, openHome, signedInAs } from './support/sign-in';

const widths = [375, 1280] as const;
/**
 * The dashboards every-route.spec.ts does not scan: Marie DUPONT's and Paul DURAND's are
 * among its pages; these members' flags leave other tiles and lists.
 */
const members: DemoMember[] = ['Jean MARTIN', 'Léa BERNARD', 'Sophie PETIT'];

for (const width of widths) {
  test.describe(`the dashboard at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: width < 1000 ? 812 : 800 } });

    for (const member of members) {
      test.describe(() => {
        test.use({ storageState: signedInAs(member) });

        test(`for ${member} has no accessibility violation`, async ({ page }) => {
          const consoleErrors = collectConsoleErrors(page);
          await openHome(page);
          await dashboardLoaded(page);

          await expectNoAccessibilityViolations(page);
          expect(consoleErrors).toEqual([]);
        });
      });
    }

    test.describe(() => {
      test.use({ storageState: signedInAs('Marie DUPONT') });

      test('lays the tiles out two a row on a phone, four or more on a desktop', async ({ page }) => {
        await openHome(page);
        await dashboardLoaded(page);
        const tops = await Promise.all(
          (await homeTiles(page).getByRole('link').all()).map(
            async (tile) => (await tile.boundingBox())?.y,
          ),
        );
        const firstRow = tops.filter((top) => top === tops[0]).length;

        if (width < 1000) expect(firstRow).toBe(2);
        else expect(firstRow).toBeGreaterThanOrEqual(4);
      });
    });
  });
}
