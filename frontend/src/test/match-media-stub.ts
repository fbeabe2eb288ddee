/**
 * jsdom has no `matchMedia`. The stub answers as a narrow screen that never changes width;
 * layouts by width are checked by the Playwright journeys at 375 and 1280 px.
 */
export function installMatchMediaStub(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string): MediaQueryList => {
    const list: Partial<MediaQueryList> = {
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list as MediaQueryList;
  };
}
