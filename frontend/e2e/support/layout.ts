import { expect, type Page } from '@playwright/test';

/** Nothing of the page may scroll sideways at the narrowest phone's width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}
