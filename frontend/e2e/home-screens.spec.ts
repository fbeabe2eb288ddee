import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { collectConsoleErrors } from './support/console';
import { dashboardLoaded, homeTiles } from './support/home';
import { type DemoMember, signInAs } from './support/sign-in';

/** Kept out of git (.gitignore): looked at by a person, not compared by the tests. */
const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

const widths = [375, 1280] as const;
const members: DemoMember[] = ['Marie DUPONT', 'Jean MARTIN', 'Sophie PETIT'];

for (const width of widths) {
  test.describe(`the dashboard at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: width < 1000 ? 812 : 800 } });

    for (const member of members) {
      test(`for ${member} has no accessibility violation`, async ({ page }) => {
        const consoleErrors = collectConsoleErrors(page);
        await signInAs(page, member);
        await dashboardLoaded(page);

        const slug = member.toLowerCase().replace(/\s+/g, '-');
        await page.screenshot({
          path: `${screenshots}home-${slug}-${String(width)}.png`,
          fullPage: true,
        });
        await expectNoAccessibilityViolations(page);
        expect(consoleErrors).toEqual([]);
      });
    }

    test('lays the tiles out two a row on a phone, four or more on a desktop', async ({ page }) => {
      await signInAs(page, 'Marie DUPONT');
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
}
