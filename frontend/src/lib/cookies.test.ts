import { describe, expect, it, vi } from 'vitest';
import { dropCookieWrites, switchCookiesOff } from '@/test/cookies';
import { cookiesEnabled, readCookie } from './cookies';

describe('readCookie', () => {
  it('reads and decodes the value of a named cookie', () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'XSRF-TOKEN=a%2Fb; path=/';

    expect(readCookie('XSRF-TOKEN')).toBe('a/b');
  });

  it('is undefined for a cookie that is not set', () => {
    expect(readCookie('XSRF-TOKEN')).toBeUndefined();
  });
});

describe('cookiesEnabled', () => {
  it('is true when a test cookie can be written and read back', () => {
    expect(cookiesEnabled()).toBe(true);
  });

  it('removes its test cookie', () => {
    cookiesEnabled();

    expect(document.cookie).toBe('');
  });

  it('is checked once per page load: asking again writes no cookie', () => {
    expect(cookiesEnabled()).toBe(true);
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');

    expect(cookiesEnabled()).toBe(true);
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
  });

  it('is false when the navigator says cookies are disabled', () => {
    switchCookiesOff();

    expect(cookiesEnabled()).toBe(false);
  });

  it('is false when the browser claims cookies but drops every write', () => {
    dropCookieWrites();

    expect(cookiesEnabled()).toBe(false);
  });
});
