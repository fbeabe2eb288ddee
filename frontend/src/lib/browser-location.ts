/**
 * Full-page navigations (to the identity provider, or back to the root after a failed
 * sign-out). Kept behind one object so that tests can observe them: jsdom cannot navigate,
 * and `window.location` cannot be replaced.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
