import { expect, type Page, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { mainNavigation } from './support/shell';
import { openHome, signedInAs } from './support/sign-in';

test.use({ storageState: signedInAs('Marie DUPONT') });

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // The page with the drawer closed is every-route.spec.ts's to scan; the open drawer is not.
  test('the sidebar hides behind the menu button and closes with the cross', async ({ page }) => {
    await openHome(page);
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(mainNavigation(page)).toBeHidden();

    await menuButton.click();
    await expect(mainNavigation(page)).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Fermer le menu' }).click();
    await expect(mainNavigation(page)).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('following a link of the drawer closes it', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();

    await mainNavigation(page).getByRole('link', { name: 'Mes remboursements' }).click();

    await page.waitForURL((url) => url.pathname === '/mutuelle/remboursements');
    await expect(mainNavigation(page)).toBeHidden();
  });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is always shown and takes 20 % of the width', async ({ page }) => {
    await openHome(page);

    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
    const box = await mainNavigation(page).boundingBox();
    expect(box?.x).toBe(0);
    // The navigation fills its column, less the column's 1 px border.
    expect(box?.width).toBeGreaterThanOrEqual(1280 * 0.2 - 2);
    expect(box?.width).toBeLessThanOrEqual(1280 * 0.2);
  });

  test('the first Tab reaches the skip link, which leads to the main content', async ({ page }) => {
    await openHome(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

// At every width, each home tile keeps its words inside and no tile runs under the next, for
// Marie's seven tiles as for Sophie PETIT's six.
for (const member of ['Marie DUPONT', 'Sophie PETIT'] as const) {
  test.describe(() => {
    test.use({ storageState: signedInAs(member) });
    for (const width of [400, 1280]) {
      test(`${member}'s home tiles stay apart at ${String(width)} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openHome(page);
        const tiles = page.getByRole('navigation', { name: 'Accès rapides' }).getByRole('link');
        await expect(tiles.first()).toBeVisible();
        const problems = await tiles.evaluateAll((links) => {
          const tiles = links.map((link) => ({ link, box: link.getBoundingClientRect() }));
          return tiles
            .filter(({ link, box }) => {
              const overlaps = tiles.some(
                (other) =>
                  other.link !== link &&
                  other.box.left < box.right - 1 &&
                  box.left < other.box.right - 1 &&
                  other.box.top < box.bottom - 1 &&
                  box.top < other.box.bottom - 1,
              );
              return overlaps || link.scrollWidth > link.clientWidth;
            })
            .map(({ link }) => link.textContent);
        });
        expect(problems).toEqual([]);
      });
    }
  });
}

/** Each payment card's « Total remb. … », not the list's own sum (« … : 230,00 € »). */
function cardTotals(page: Page) {
  return page.getByText(/^Total remb\. [^:]+$/);
}

test.describe('Mes remboursements on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('each filter is as wide as its longest option', async ({ page }) => {
    await page.goto('/mutuelle/remboursements');
    await expect(cardTotals(page).first()).toBeVisible();

    const cut = await page
      .getByRole('form', { name: 'Filtrer vos remboursements' })
      .locator('select')
      .evaluateAll((selects: HTMLSelectElement[]) =>
        selects
          .filter((select) => {
            const shown = select.getBoundingClientRect().width;
            const width = select.style.width;
            // A select at its own width is as wide as its longest option.
            select.style.width = 'max-content';
            const needed = select.getBoundingClientRect().width;
            select.style.width = width;
            return shown < needed - 0.5;
          })
          .map((select) => select.labels[0]?.textContent ?? select.id),
      );
    expect(cut).toEqual([]);
  });
});

// At every width, no card's total runs into its amount: on a narrow card the amount goes under.
for (const width of [320, 1280]) {
  test(`Mes remboursements' totals stay apart from their amounts at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/mutuelle/remboursements');
    await expect(cardTotals(page).first()).toBeVisible();

    const touching = await cardTotals(page).evaluateAll((labels) =>
      labels
        .filter((label) => {
          const amount = label.nextElementSibling;
          if (!amount) return true;
          const text = label.getBoundingClientRect();
          const value = amount.getBoundingClientRect();
          const sameLine = value.top < text.bottom && text.top < value.bottom;
          return sameLine && value.left - text.right < 8;
        })
        .map((label) => label.parentElement?.textContent),
    );
    expect(touching).toEqual([]);
  });
}

// At every width, a request's type on the home never runs under its state (« Remboursement
// médecine douce » beside « En attente de pièces » at 320 px): each word of the type is measured
// against the state's box.
for (const width of [320, 768, 1280]) {
  test(`the home's requests keep their type apart from their state at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openHome(page);
    const rows = page.getByRole('region', { name: 'Vos demandes en cours' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    const overlapping = await rows.evaluateAll((items) =>
      items
        .filter((item) => {
          const [, type, etat] = Array.from(item.children);
          if (!type || !etat) return true;
          const range = document.createRange();
          range.selectNodeContents(type);
          const state = etat.getBoundingClientRect();
          return Array.from(range.getClientRects()).some(
            (word) => word.left < state.right && state.left < word.right && word.top < state.bottom && state.top < word.bottom,
          );
        })
        .map((item) => item.textContent),
    );
    expect(overlapping).toEqual([]);
  });
}
