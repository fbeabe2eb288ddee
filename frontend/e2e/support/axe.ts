import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails the test with axe's own report if the page, as it is now, has any violation of any
 * rule: the WCAG 2.1 AA ones the portal commits to (RGAA, the French standard, maps onto
 * them) and axe's best practices, such as every piece of content inside a landmark.
 */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}
