import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import { type HttpErrorDetail, onHttpError } from '@/lib/api-client';
import { downloadFile, fileNameFromContentDisposition } from './download-file';
import { downloadsInProgress, subscribeToDownloads } from './downloads-in-progress';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);

/** What the browser was asked to save: the link clicked, its name and its blob. */
function recordSaves() {
  const saved: { fileName: string; blob: Blob | undefined }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  beforeEach(() => {
    saved.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      next += 1;
      const url = `blob:test/${String(next)}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ fileName: this.download, blob: blobs.get(this.href) });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return saved;
}

describe('downloadFile', () => {
  const saved = recordSaves();

  it('saves the file under the name the server suggests', async () => {
    let accept: string | null = null;
    server.use(
      http.get('/api/document/pdf/7', ({ request }) => {
        accept = request.headers.get('Accept');
        return new HttpResponse(pdf, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="attestation.pdf"',
          },
        });
      }),
    );

    await expect(downloadFile('/api/document/pdf/7', { fileName: 'document.pdf' })).resolves.toBe(
      true,
    );

    expect(accept).toBe('application/pdf');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe('attestation.pdf');
    // Read by the blob itself: Node.js 24's `Response` does not know jsdom's Blob, whose text
    // ("[object Blob]") it would read instead.
    expect(new Uint8Array((await saved[0]?.blob?.arrayBuffer()) ?? [])).toEqual(pdf);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves under the given name when the server suggests none', async () => {
    server.use(http.get('/api/assure/livret', () => new HttpResponse(pdf)));

    await downloadFile('/api/assure/livret', { fileName: 'livret-garanties.pdf' });

    expect(saved[0]?.fileName).toBe('livret-garanties.pdf');
  });

  it('counts the download as under way until the file has arrived', async () => {
    const counts: number[] = [];
    const stop = subscribeToDownloads(() => counts.push(downloadsInProgress()));
    server.use(http.get('/api/document/pdf/8', () => new HttpResponse(pdf)));

    const download = downloadFile('/api/document/pdf/8', { fileName: 'document.pdf' });
    expect(downloadsInProgress()).toBe(1);
    await download;
    stop();

    expect(downloadsInProgress()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });

  it('resolves to false on failure, which the API client has announced, and saves nothing', async () => {
    const announced: HttpErrorDetail[] = [];
    const stop = onHttpError((detail) => announced.push(detail));
    server.use(
      http.get('/api/document/pdf/9', () =>
        errorBody(404, 'not_found', 'Ce document est introuvable.'),
      ),
    );

    await expect(downloadFile('/api/document/pdf/9', { fileName: 'document.pdf' })).resolves.toBe(
      false,
    );
    stop();

    expect(saved).toHaveLength(0);
    expect(downloadsInProgress()).toBe(0);
    expect(announced.map((detail) => detail.message)).toEqual(['Ce document est introuvable.']);
  });

  it('tells a caller that asks of the failure, with its status', async () => {
    server.use(http.get('/api/assure/attestation', () => errorBody(404, 'not_found', 'Introuvable.')));
    const failures: unknown[] = [];

    await downloadFile('/api/assure/attestation', {
      fileName: 'attestation.pdf',
      onFailure: (error) => failures.push(error),
    });

    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ status: 404, message: 'Introuvable.' });
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="attestation.pdf"', 'attestation.pdf'],
    ['attachment; filename=attestation.pdf', 'attestation.pdf'],
    ['attachment; filename=attestation.pdf; size=12', 'attestation.pdf'],
    [
      'attachment; filename="releve.pdf"; filename*=UTF-8\'\'relev%C3%A9%20de%20soins.pdf',
      'relevé de soins.pdf',
    ],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\carte.pdf"', 'carte.pdf'],
  ])('reads %s as "%s"', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'attachment; filename=""', "attachment; filename*=UTF-8''%E0"])(
    'finds no name in %s',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBeNull();
    },
  );
});
