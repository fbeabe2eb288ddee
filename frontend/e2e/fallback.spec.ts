import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { brand } from './support/shell';

const notFoundText =
  "Désolé, la page que vous recherchez n'existe pas ou n'est plus accessible. Veuillez vérifier l'adresse et réessayer.";
const cookiesText =
  "Désolé, le site ne peut fonctionner sans cookies tiers. Veuillez activer les cookies tiers depuis votre navigateur pour l'espace assuré.";

async function expectBackToSiteLink(page: Page): Promise<void> {
  const { name, publicSiteUrl } = await brand(page);
  await expect(page.getByRole('link', { name: `Retour au site de ${name}` })).toHaveAttribute(
    'href',
    publicSiteUrl,
  );
}

/** Every request the page sends to the server's API or sign-in routes. */
function serverCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) calls.push(pathname);
  });
  return calls;
}

test.describe('the fallback page', () => {
  test('says the page cannot be found', async ({ page }) => {
    await page.goto('/fallback');

    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(page.getByText(notFoundText)).toBeVisible();
    await expectBackToSiteLink(page);
    await expectNoAccessibilityViolations(page);
  });

  test('asks for cookies when the server found them refused', async ({ page }) => {
    await page.goto('/fallback?reason=cookies-disabled');

    await expect(page.getByRole('heading', { level: 1, name: 'Espace assuré' })).toBeVisible();
    await expect(page.getByText(cookiesText)).toBeVisible();
    await expectBackToSiteLink(page);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe('a browser that refuses cookies', () => {
  test('with the navigator flag off goes to the fallback page and starts nothing', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
    });
    const calls = serverCalls(page);

    await page.goto('/home');

    await page.waitForURL(
      (url) => url.pathname === '/fallback' && url.search === '?reason=cookies-disabled',
    );
    await expect(page.getByText(cookiesText)).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('that drops cookie writes is caught by the test cookie', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get: () => '',
        set: () => undefined,
      });
    });
    const calls = serverCalls(page);

    await page.goto('/');

    await page.waitForURL((url) => url.pathname === '/fallback');
    await expect(page.getByText(cookiesText)).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test('the error page explains a start-up failure without echoing its message', async ({ page }) => {
  await page.goto(
    `/error?reason=keycloak-server-unreachable&status=0&message=${encodeURIComponent('<b>Appelez le 0800</b>')}`,
  );

  await expect(page.getByRole('heading', { level: 1, name: 'Connexion impossible' })).toBeVisible();
  await expect(
    page.getByText('Le service de connexion est injoignable pour le moment.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('0800')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});
