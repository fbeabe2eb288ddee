/** The value of a cookie readable by scripts, or `undefined` when it is not set. */
export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === name) {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    }
  }
  return undefined;
}

const testCookie = 'espace-assure-cookie-test';

/**
 * SPEC.md §4, start-up step 1: the navigator flag first, then a test cookie written and read
 * back, because some browsers and extensions report cookies as enabled while silently
 * dropping every write.
 */
export function cookiesEnabled(): boolean {
  if (!navigator.cookieEnabled) return false;
  document.cookie = `${testCookie}=1; path=/; SameSite=Strict`;
  const written = readCookie(testCookie) === '1';
  document.cookie = `${testCookie}=; path=/; SameSite=Strict; max-age=0`;
  return written;
}
