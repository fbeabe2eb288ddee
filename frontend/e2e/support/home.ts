import { expect, type Locator, type Page } from '@playwright/test';

export function homeTiles(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Accès rapides' });
}

export function remboursementsSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Vos derniers remboursements' });
}

export function demandesSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Vos demandes en cours' });
}

/** The payment cards of "Vos derniers remboursements", once the data has arrived. */
export function remboursementCards(page: Page): Locator {
  return remboursementsSection(page).getByRole('link', { name: /^Paiement du/ });
}

/** The year of the member's browser, which names the tiers-payant card's years. */
export const currentYear = new Date().getFullYear();

/** Waits for the dashboard's one request to have painted both lists. */
export async function dashboardLoaded(page: Page): Promise<void> {
  await expect(page.getByText(/^Chargement de vos/)).toHaveCount(0);
  await expect(homeTiles(page)).toBeVisible();
}

/** The tiles as [label, path with its hash]. */
export async function tilesShown(page: Page): Promise<[string, string][]> {
  const links = await homeTiles(page).getByRole('link').all();
  return Promise.all(
    links.map(async (link) => {
      const label = (await link.locator(':scope > span:nth-child(2)').textContent()) ?? '';
      return [label, (await link.getAttribute('href')) ?? ''] as [string, string];
    }),
  );
}

/** Follows `link`, checks where it led (path, query and hash), then comes back to the dashboard. */
export async function expectLeadsTo(page: Page, link: Locator, path: string): Promise<void> {
  await link.click();
  await page.waitForURL((url) => url.pathname + url.search + url.hash === path);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/home');
  await dashboardLoaded(page);
}

/** "Paiement du 02/11/2026 …" → "2026-11-02". */
export function paymentDayOf(cardText: string): string {
  const match = /Paiement du (\d{2})\/(\d{2})\/(\d{4})/.exec(cardText);
  if (!match) throw new Error(`no payment day in "${cardText}"`);
  const [, day, month, year] = match;
  return `${String(year)}-${String(month)}-${String(day)}`;
}
