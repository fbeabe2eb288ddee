import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('says so in the console when the browser has no service workers', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    registerServiceWorker();

    expect(warn).toHaveBeenCalledWith(
      'Service workers are disabled or not supported by this browser',
    );
  });

  it('registers the worker for the whole portal', () => {
    const register = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });

    registerServiceWorker();

    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });
});
