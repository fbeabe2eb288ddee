import type { Page } from '@playwright/test';

export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

export function newsBanner(page: Page) {
  return page.getByRole('region', { name: 'Nouveautés' });
}

/** The brand block the server writes into index.html. */
export async function brand(page: Page): Promise<{ name: string; publicSiteUrl: string }> {
  return page.evaluate(() => {
    const text = document.getElementById('brand')?.textContent ?? '{}';
    return JSON.parse(text) as { name: string; publicSiteUrl: string };
  });
}

export interface MenuEntry {
  Id: number;
  Titre: string;
  courtierChesneau: boolean;
}

/** The content menus the server gives the signed-in member (broker rule applied). */
export async function contentMenus(page: Page): Promise<MenuEntry[]> {
  const response = await page.request.get('/api/strapi/menus');
  return (await response.json()) as MenuEntry[];
}
