import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { unload } from 'swr';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { unreadHttpError } from '@/app/shell/unread-http-error';
import { forgetCookieCheck } from '@/lib/cookies';
import { installDialogPolyfill } from './dialog-polyfill';
import { installMatchMediaStub } from './match-media-stub';
import { server } from './server';

installDialogPolyfill();
installMatchMediaStub();
// jsdom lays nothing out, so it has no scrolling; pages scroll to an anchor on arrival.
Element.prototype.scrollIntoView = function scrollIntoView() {
  // Nothing to scroll.
};

// Sections load their code on navigation (lazy routes): the first visit of a section in a test
// file transforms its modules, which on a busy machine takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

// Testing Library only unmounts automatically when test globals are enabled; we import
// describe/it/expect explicitly instead, so unmount here to keep tests independent.
afterEach(() => {
  cleanup();
  // Each test is a page load of its own: its start-up checks cookies afresh.
  forgetCookieCheck();
  // SWR's cache and the requests route loaders started: never handed to the next test.
  unload({ revalidate: false });
  // The announcer's message outlives the page until dismissed; not beyond a test.
  unreadHttpError.dismiss();
  server.resetHandlers();
  // A clock a test faked and did not give back (a failure half-way): not the next test's, nor,
  // in the worker the files share, the next file's.
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  // Pages set it from an effect: a test waiting for its page's title must not see the last one.
  document.title = '';
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

afterAll(async () => {
  // The code a test started loading without waiting for it (a page prefetched, a form's code
  // asked for on hover) is in before the file ends: in a fresh worker, an import still on its
  // way when jsdom is torn down fails the run; in the worker the files share, it would finish
  // after the next file's fresh-modules.ts, mixing this file's modules with that file's.
  await vi.dynamicImportSettled();
  server.close();
});
