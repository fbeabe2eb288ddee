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

let checked: boolean | undefined;

/**
 * Start-up, step 1 (docs/product/states.md#start-up): the navigator flag first, then a test cookie
 * written and read back, because some browsers and extensions report cookies as enabled while
 * silently dropping every write. Checked once per page load, like the start-up it belongs to: the
 * route loaders and the start-up gate all ask, and each read after a write waits on the browser's
 * cookie store (8 to 12 ms each on a loading page, four times per first load).
 */
export function cookiesEnabled(): boolean {
  checked ??= testCookieWrittenAndRead();
  return checked;
}

function testCookieWrittenAndRead(): boolean {
  if (!navigator.cookieEnabled) return false;
  document.cookie = `${testCookie}=1; path=/; SameSite=Strict`;
  const written = readCookie(testCookie) === '1';
  document.cookie = `${testCookie}=; path=/; SameSite=Strict; max-age=0`;
  return written;
}

/** The next `cookiesEnabled` checks again, as a new page load would (tests change cookies). */
export function forgetCookieCheck(): void {
  checked = undefined;
}
