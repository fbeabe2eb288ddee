import { writeFileSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { signedInOnAlertsInstance, signInAs } from './support/sign-in';

// Marie DUPONT signs in to the alerts instance at the start of the run; `alertes.spec.ts` uses
// that session once it is older than a sensitive change accepts, and knows when it began.
setup('sign in as Marie DUPONT on the alerts instance', async ({ page }) => {
  const signedInAt = Date.now();
  await signInAs(page, 'Marie DUPONT');
  const { state, time } = signedInOnAlertsInstance();
  await page.context().storageState({ path: state });
  writeFileSync(time, String(signedInAt));
});
