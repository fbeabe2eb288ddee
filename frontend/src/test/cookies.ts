import { onTestFinished, vi } from 'vitest';
import { forgetCookieCheck } from '@/lib/cookies';

/** For the current test: the browser says cookies are switched off. */
export function switchCookiesOff(): void {
  const spy = vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
  forgetCookieCheck();
  onTestFinished(() => {
    spy.mockRestore();
    forgetCookieCheck();
  });
}

/**
 * For the current test: the browser claims cookies work but drops every write (some privacy
 * extensions do). One descriptor replaced and put back, rather than two spies on the same
 * property, which would restore each other's fakes.
 */
export function dropCookieWrites(): void {
  const original = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (!original) throw new Error('jsdom defines document.cookie on Document.prototype');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get: () => '',
    set: () => undefined,
  });
  forgetCookieCheck();
  onTestFinished(() => {
    Object.defineProperty(Document.prototype, 'cookie', original);
    forgetCookieCheck();
  });
}
