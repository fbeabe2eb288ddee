import { expect, test } from '@playwright/test';
import { contentMenus, mainNavigation } from './support/shell';
import {
  currentSession,
  type DemoMember,
  demoMembers,
  openHome,
  signedInAs,
  signInAs,
  signOut,
} from './support/sign-in';

/**
 * What the demo data promises (the demo-upstreams issue): Léa BERNARD, whose contract starts on
 * 1 January, holds next year's card only, which the sidebar offers as the home tile does.
 */
const cardShown: Record<DemoMember, boolean> = {
  'Marie DUPONT': true,
  'Jean MARTIN': false,
  'Léa BERNARD': true,
  'Paul DURAND': true,
  'Sophie PETIT': true,
};

// The home pages' axe scans are every-route.spec.ts's and home-screens.spec.ts's.
test.describe('the tiers-payant card link follows Radie, CarteTp and CarteTpSuivante', () => {
  for (const member of demoMembers) {
    test.describe(() => {
      test.use({ storageState: signedInAs(member) });

      test(`for ${member}`, async ({ page }) => {
        await openHome(page);
        const { User } = await currentSession(page);
        const expected = !User.Radie && (User.CarteTp || User.CarteTpSuivante);
        expect(expected).toBe(cardShown[member]);

        const navigation = mainNavigation(page);
        const cardLink = navigation.getByRole('link', { name: 'Ma carte de Tiers Payant' });

        // The navigation first, so that an absent link means something.
        await expect(navigation.getByRole('link', { name: 'Accueil', exact: true })).toBeVisible();
        await expect(cardLink).toHaveCount(expected ? 1 : 0);
      });
    });
  }
});

// Signs each member in and out itself: signing out ends the session it signed in with, which
// must not be one that other journeys start from.
test('broker-only menu entries show for M. Paul DURAND only', async ({ page }) => {
  await signInAs(page, 'Paul DURAND');
  const brokerOnly = (await contentMenus(page))
    .filter((menu) => menu.courtierChesneau)
    .map((menu) => menu.Titre);
  expect(brokerOnly.length).toBeGreaterThan(0);
  for (const title of brokerOnly) {
    await expect(
      mainNavigation(page).getByRole('link', { name: title, exact: true }),
    ).toBeVisible();
  }
  await signOut(page);

  for (const member of demoMembers.filter((name) => name !== 'Paul DURAND')) {
    await signInAs(page, member);
    const navigation = mainNavigation(page);
    // Wait for this member's own content menus, so that an absence means something.
    const [shared] = await contentMenus(page);
    if (!shared) throw new Error('the demo content service has menu entries for everyone');
    await expect(navigation.getByRole('link', { name: shared.Titre, exact: true })).toBeVisible();
    for (const title of brokerOnly) {
      await expect(navigation.getByRole('link', { name: title, exact: true })).toHaveCount(0);
    }
    await signOut(page);
  }
});
