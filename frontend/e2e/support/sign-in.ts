import { expect, type Page } from '@playwright/test';

/** The demo members seeded by the embedded member API, as the demo provider names them. */
export const demoMembers = [
  'Marie DUPONT',
  'Jean MARTIN',
  'Léa BERNARD',
  'Paul DURAND',
  'Sophie PETIT',
] as const;

export type DemoMember = (typeof demoMembers)[number];

/**
 * Signs in through the real flow: the portal's root, the server's `/auth/login`, the demo
 * provider's page (one button per member), and back to the home page.
 */
export async function signInAs(page: Page, member: DemoMember): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('button', { name: `Se connecter en tant que ${member}` }).click();
  await page.waitForURL((url) => url.pathname === '/home');
  await expect(page.getByText('Bienvenue sur votre espace assuré')).toBeVisible();
}

/** "Se déconnecter", through the provider's sign-out, back to the public root. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Se connecter', exact: true })).toBeVisible();
}

/** The signed-in member as the server sees it (`GET /api/session`, with the page's cookies). */
export async function currentSession(page: Page): Promise<{
  User: { Radie: boolean; CarteTp: boolean; courtier: string | null };
}> {
  const response = await page.request.get('/api/session');
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    User: { Radie: boolean; CarteTp: boolean; courtier: string | null };
  };
}
