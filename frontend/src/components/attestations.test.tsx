import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aBeneficiaire, errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import { attestationFiscaleUrl, attestationUrl, Attestations } from './attestations';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);

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

/** The member and their child; each certificate asked for, as its query. */
function memberApi(beneficiaires = [aBeneficiaire(), aBeneficiaire({ id: 2, lien: 'ENFANT', prenom: 'Emma' })]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/assure/beneficiaires', () => HttpResponse.json(beneficiaires)),
    http.get('/api/assure/attestation', ({ request }) => {
      asked.push(new URL(request.url).search);
      return new HttpResponse(pdf, { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
  return asked;
}

describe('Mes attestations', () => {
  it('downloads the member’s certificates by default, without naming a beneficiary', async () => {
    const asked = memberApi();
    render(<Attestations />);

    expect(screen.getByRole('heading', { level: 2, name: 'Mes attestations' })).toBeVisible();
    expect(await screen.findByRole('option', { name: 'Marie DUPONT (vous)' })).toHaveProperty('selected', true);
    await userEvent.click(screen.getByRole('button', { name: 'Attestation de droits' }));
    await userEvent.click(screen.getByRole('button', { name: 'Attestation d’adhésion' }));

    await waitFor(() => {
      expect(asked).toEqual(['?type=DROITS', '?type=ADHESION']);
    });
    expect(saved).toEqual(['attestation-droits.pdf', 'attestation-adhesion.pdf']);
  });

  it('downloads a beneficiary’s certificate once picked', async () => {
    const asked = memberApi();
    render(<Attestations />);

    await userEvent.selectOptions(await screen.findByLabelText('Pour qui ?'), 'Emma DUPONT');
    await userEvent.click(screen.getByRole('button', { name: 'Attestation de droits' }));

    await waitFor(() => {
      expect(asked).toEqual(['?type=DROITS&beneficiaire=2']);
    });
  });

  it('asks nothing to choose when the member is the only one covered', async () => {
    const asked = memberApi([aBeneficiaire()]);
    render(<Attestations />);
    await userEvent.click(screen.getByRole('button', { name: 'Attestation d’adhésion' }));

    await waitFor(() => {
      expect(asked).toEqual(['?type=ADHESION']);
    });
    expect(screen.queryByLabelText('Pour qui ?')).not.toBeInTheDocument();
  });

  it('explains a 404: no contract, no certificate', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/attestation', () => errorBody(404, 'not_found', 'Aucun contrat pour ce membre.')),
    );
    render(<Attestations />);
    await userEvent.click(screen.getByRole('button', { name: 'Attestation de droits' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aucune attestation n’est disponible : aucun contrat n’est enregistré à votre nom.',
    );
    expect(saved).toEqual([]);
  });

  it('leaves any other failure to the announcement every download makes', async () => {
    memberApi();
    server.use(http.get('/api/assure/attestation', () => errorBody(502, 'bad_gateway', 'Service indisponible.')));
    const broadcast = vi.fn();
    window.addEventListener('httpError', broadcast);
    render(<Attestations />);
    await userEvent.click(screen.getByRole('button', { name: 'Attestation de droits' }));

    await waitFor(() => {
      expect(broadcast).toHaveBeenCalledOnce();
    });
    window.removeEventListener('httpError', broadcast);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads last year’s Madelin certificate by default, and the statement of the year chosen', async () => {
    const asked = memberApi();
    render(<Attestations />);
    const annee = new Date().getFullYear();
    expect(screen.getByLabelText('Année')).toHaveValue(String(annee - 1));
    await userEvent.click(screen.getByRole('button', { name: 'Attestation fiscale Madelin' }));
    await userEvent.selectOptions(screen.getByLabelText('Année'), String(annee));
    await userEvent.click(screen.getByRole('button', { name: 'Relevé annuel des cotisations' }));

    await waitFor(() => {
      expect(saved).toEqual([`attestation-madelin-${String(annee - 1)}.pdf`, `releve-des-cotisations-${String(annee)}.pdf`]);
    });
    expect(asked).toEqual([`?type=MADELIN&annee=${String(annee - 1)}`, `?type=COTISATIONS&annee=${String(annee)}`]);
  });

  it('names its address after the member API', () => {
    expect(attestationUrl('DROITS', '')).toBe('/api/assure/attestation?type=DROITS');
    expect(attestationUrl('ADHESION', '7')).toBe('/api/assure/attestation?type=ADHESION&beneficiaire=7');
    expect(attestationFiscaleUrl('MADELIN', 2025)).toBe('/api/assure/attestation?type=MADELIN&annee=2025');
  });
});
