import { join } from 'node:path';
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

/**
 * Where the sign-in setup (sign-in.setup.ts) keeps the member's cookies, for
 * `test.use({ storageState: signedInAs(member) })`: a journey then starts signed in without
 * going through the provider's page again. The file names a live server session: a journey
 * that signs out must sign in with `signInAs` instead, or it would end the session the
 * journeys after it rely on.
 */
export function signedInAs(member: DemoMember): string {
  const workDir = process.env.ESPACE_ASSURE_E2E_WORK_DIR;
  if (!workDir) throw new Error('ESPACE_ASSURE_E2E_WORK_DIR is set by playwright.config.ts');
  return join(workDir, 'signed-in', `${member.toLowerCase().replace(/\s+/g, '-')}.json`);
}

/**
 * Where `alertes-sign-in.setup.ts` keeps Marie DUPONT's cookies on the alerts instance, and the
 * moment (milliseconds since the epoch) her sign-in started.
 */
export function signedInOnAlertsInstance(): { state: string; time: string } {
  const workDir = process.env.ESPACE_ASSURE_E2E_WORK_DIR;
  if (!workDir) throw new Error('ESPACE_ASSURE_E2E_WORK_DIR is set by playwright.config.ts');
  return {
    state: join(workDir, 'signed-in', 'alertes-marie-dupont.json'),
    time: join(workDir, 'signed-in', 'alertes-marie-dupont.time'),
  };
}

/** The home page of a journey that starts signed in, as `signInAs` leaves it. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
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
  User: { Radie: boolean; CarteTp: boolean; CarteTpSuivante: boolean; courtier: string | null };
}> {
  const response = await page.request.get('/api/session');
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    User: { Radie: boolean; CarteTp: boolean; CarteTpSuivante: boolean; courtier: string | null };
  };
}
