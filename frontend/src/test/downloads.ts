import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { server } from './server';

/**
 * The names the browser is asked to save files under, from now on: the object URL and the
 * link's click of `saveFile` are stubbed (jsdom has neither). The test restores the mocks.
 */
export function recordSavedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** Serves every stored document as a PDF; each one asked, as « id Accept ». */
export function servePdfDocuments(): string[] {
  const asked: string[] = [];
  server.use(
    http.get('/api/document/pdf/:id', ({ params, request }) => {
      asked.push(`${String(params.id)} ${request.headers.get('Accept') ?? ''}`);
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
  );
  return asked;
}
