import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';
import { signInAs } from './support/sign-in';

// M. Paul DURAND's bank rejected his latest quarterly debit (the seed). What the member API
// decides, day by day, is its own tests'; this journey changes his debit day and back, then
// spreads what he owes, which the seeded journeys read before (situations.spec.ts): it runs
// with the journeys that run one at a time, after them.

test('M. Paul DURAND moves his debit day and back, then pays what he owes in two instalments', async ({ page }) => {
  await signInAs(page, 'Paul DURAND');
  await page.goto('/mutuelle/contrats-garanties#cotisations');
  const cotisations = page.getByRole('region', { name: 'Mes cotisations' });
  const jour = cotisations.getByRole('combobox', { name: 'Jour de prélèvement' });
  await expect(jour).toHaveValue('5');

  await jour.selectOption({ label: 'le 10 du mois' });
  await cotisations.getByRole('button', { name: 'Changer le jour' }).click();
  await expect(cotisations.getByRole('status')).toContainText(
    /Vos cotisations seront prélevées le 10 du mois : prochain prélèvement le 10\/\d{2}\/\d{4}\./,
  );
  // Back as the seed had it: the schedule is read again with the day moved.
  await jour.selectOption({ label: 'le 5 du mois' });
  await cotisations.getByRole('button', { name: 'Changer le jour' }).click();
  await expect(cotisations.getByRole('status')).toContainText('le 5 du mois');

  await cotisations.getByRole('combobox', { name: 'Régler en plusieurs fois' }).selectOption({ label: 'en 2 mensualités' });
  await cotisations.getByRole('button', { name: 'Demander' }).click();
  await expect(cotisations).toContainText(
    'Règlement en plusieurs fois : 38,50 € en 2 mensualités, prélevées avec vos cotisations.',
  );
  await expect(cotisations.getByText(/^19,25\s€ le \d{2}\/\d{2}\/\d{4}$/)).toHaveCount(2);
  await expect(cotisations.getByText('Montant restant dû', { exact: false })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Spread, it is owed at once no more: the home says nothing of it.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: 'Vos derniers remboursements' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Une cotisation reste à régler' })).toHaveCount(0);
});
