import type { Page } from '@playwright/test';

/**
 * Console errors of the page, such as Content-Security-Policy refusals, which only the real
 * server's headers can reveal. Failed loads are left out: a 404 for a page without a left
 * block, or the 401 of a visitor without a session, are expected answers.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
