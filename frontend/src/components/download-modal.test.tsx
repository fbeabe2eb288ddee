import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { downloadFile } from './download-file';
import { DownloadModal } from './download-modal';
import shellTexts from '@/i18n/fr/shell.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(shellTexts);

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function dialog(): HTMLDialogElement {
  const element = document.querySelector('dialog');
  if (!(element instanceof HTMLDialogElement)) throw new Error('no <dialog>');
  return element;
}

describe('the download modal', () => {
  it('is in the page, hidden, with its spinner and text', () => {
    render(<DownloadModal />);

    expect(dialog().open).toBe(false);
    expect(dialog()).toHaveTextContent('Téléchargement du fichier');
    expect(dialog().querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows while a file downloads and hides once it has arrived', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/document/pdf/7', async () => {
        await gate;
        return new HttpResponse(new Uint8Array([1]));
      }),
    );
    render(<DownloadModal />);

    const download = downloadFile('/api/document/pdf/7', { fileName: 'document.pdf' });

    await waitFor(() => {
      expect(dialog().open).toBe(true);
    });
    expect(screen.getByRole('dialog', { name: 'Téléchargement du fichier' })).toBeVisible();
    release();
    await download;
    await waitFor(() => {
      expect(dialog().open).toBe(false);
    });
  });

  it('stays open when Escape is pressed while the file downloads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/document/pdf/7', async () => {
        await gate;
        return HttpResponse.json({});
      }),
    );
    render(<DownloadModal />);
    const download = downloadFile('/api/document/pdf/7', { fileName: 'document.pdf' });
    await waitFor(() => {
      expect(dialog().open).toBe(true);
    });

    const cancel = new Event('cancel', { cancelable: true });
    dialog().dispatchEvent(cancel);

    expect(cancel.defaultPrevented).toBe(true);
    release();
    await download;
  });
});
