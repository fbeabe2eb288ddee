import { expect, test } from '@playwright/test';

// Its axe scan, with every page's, is every-route.spec.ts's.
test.describe('public root page', () => {
  test('welcomes the member and offers to sign in', async ({ page }) => {
    // Console errors include Content-Security-Policy refusals, which only the real server's
    // headers can reveal.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Bienvenue sur votre espace assuré' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=/home',
    );
    expect(errors).toEqual([]);
  });
});
