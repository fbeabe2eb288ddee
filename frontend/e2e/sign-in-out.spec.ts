import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './support/console';
import { mainNavigation } from './support/shell';
import { signInAs, signOut } from './support/sign-in';

// Every journey here signs in through the provider itself: these test the sign-in, and
// signing out ends the session signed in with. The pages' axe scans are every-route.spec.ts's.
test.describe('signing in and out', () => {
  test('a demo member signs in and finds the shell', async ({ page }) => {
    const errors = collectConsoleErrors(page);

    await signInAs(page, 'Marie DUPONT');

    await expect(page.getByRole('link', { name: 'Mme Marie DUPONT' })).toHaveAttribute(
      'href',
      '/compte/informations-personnelles',
    );
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${String(new Date().getFullYear())}`);
    await expect(footer).toContainText(/Version \S+/);
    await expect(page).toHaveTitle('Accueil – Espace assuré');
    expect(errors).toEqual([]);
  });

  test('signing out ends the session: the guarded pages send back to the root', async ({
    page,
  }) => {
    await signInAs(page, 'Marie DUPONT');

    await signOut(page);
    await page.goto('/home');

    await page.waitForURL((url) => url.pathname === '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre espace assuré' }),
    ).toBeVisible();
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });

  test('a visitor without a session is sent to the root, and sign-in brings them back', async ({
    page,
  }) => {
    await page.goto('/mutuelle/remboursements');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Se connecter', exact: true })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/mutuelle/remboursements',
    );

    await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('button', { name: 'Se connecter en tant que Marie DUPONT' }).click();

    await page.waitForURL((url) => url.pathname === '/mutuelle/remboursements');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
  });
});
