import { test as setup } from '@playwright/test';
import { demoMembers, signedInAs, signInAs } from './support/sign-in';

// Each demo member signs in once through the provider's page; the journeys reuse the session.
// The server forgets a session after 30 minutes without a request, far longer than a run.
for (const member of demoMembers) {
  setup(`sign in as ${member}`, async ({ page }) => {
    await signInAs(page, member);
    await page.context().storageState({ path: signedInAs(member) });
  });
}
