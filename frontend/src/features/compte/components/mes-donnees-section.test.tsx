import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';
import { errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import { MesDonneesSection } from './mes-donnees-section';

addMessages(compteTexts);

/** The names the browser was asked to save files under. */
const saved: string[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Mes données', () => {
  it('saves the archive under the name the server gives, asking for a ZIP', async () => {
    const accepts: (string | null)[] = [];
    server.use(
      http.get('/api/mes-donnees', ({ request }) => {
        accepts.push(request.headers.get('Accept'));
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="mes-donnees-2026-12-06.zip"',
          },
        });
      }),
    );
    render(<MesDonneesSection />);
    expect(screen.getByRole('heading', { name: 'Mes données' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));

    await waitFor(() => {
      expect(saved).toEqual(['mes-donnees-2026-12-06.zip']);
    });
    expect(accepts).toEqual(['application/zip']);
    expect(screen.getByRole('button', { name: 'Télécharger mes données' })).toBeEnabled();
  });

  it('leaves a refusal (an archive already on its way) to the announcement every download makes', async () => {
    server.use(
      http.get('/api/mes-donnees', () =>
        errorBody(409, 'archive_en_preparation', 'Votre archive est déjà en préparation : elle arrive dans quelques secondes.'),
      ),
    );
    const broadcast = vi.fn();
    window.addEventListener('httpError', broadcast);
    render(<MesDonneesSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));

    await waitFor(() => {
      expect(broadcast).toHaveBeenCalledOnce();
    });
    window.removeEventListener('httpError', broadcast);
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Télécharger mes données' })).toBeEnabled();
  });
});
