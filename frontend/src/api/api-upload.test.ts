import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type HttpErrorDetail, onHttpError } from '@/lib/api-client';
import { server } from '@/test/server';
import { apiUpload } from './api-upload';

describe('an upload', () => {
  function aForm() {
    const body = new FormData();
    body.append('fichier', new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }));
    return body;
  }

  it('sends the XSRF header and reports its progress up to the whole body', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    let header: string | null = null;
    server.use(
      http.post('/api/document/upload', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json([{ id: 7 }], { status: 201 });
      }),
    );
    const progress: number[] = [];

    const answer = await apiUpload<{ id: number }[]>('/api/document/upload', aForm(), {
      onProgress: (sent) => progress.push(sent),
    });

    expect(answer).toEqual([{ id: 7 }]);
    expect(header).toBe('abc');
    expect(progress.at(-1)).toBe(1);
  });

  it('fails with the server’s French message, broadcast like any other failure', async () => {
    server.use(
      http.post('/api/document/upload', () =>
        HttpResponse.json(
          { status: 413, code: 'trop-volumineux', message: 'Le fichier « scan.pdf » dépasse la taille maximale autorisée (10 Mo).' },
          { status: 413 },
        ),
      ),
    );
    const broadcast: HttpErrorDetail[] = [];
    const stop = onHttpError((detail) => broadcast.push(detail));

    const failure = apiUpload('/api/document/upload', aForm());

    await expect(failure).rejects.toMatchObject({
      status: 413,
      message: 'Le fichier « scan.pdf » dépasse la taille maximale autorisée (10 Mo).',
    });
    expect(broadcast.map((detail) => detail.status)).toEqual([413]);
    stop();
  });

  it('fails with status 0 when no answer comes', async () => {
    server.use(http.post('/api/document/upload', () => HttpResponse.error()));

    await expect(apiUpload('/api/document/upload', aForm())).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('stops when aborted, without a broadcast', async () => {
    server.use(http.post('/api/document/upload', () => new Promise<Response>(() => undefined)));
    const broadcast: HttpErrorDetail[] = [];
    const stop = onHttpError((detail) => broadcast.push(detail));
    const controller = new AbortController();

    const upload = apiUpload('/api/document/upload', aForm(), { signal: controller.signal });
    controller.abort();

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(broadcast).toEqual([]);
    stop();
  });
});
