import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aCarteTp } from '@/test/fixtures';
import type { QrCode } from '../qr-code';
import { CarteTpCarte } from './carte-tp-carte';

/** Finishes the drawing the card asked for, when the test says. */
const drawing = vi.hoisted(() => ({ finish: null as ((code: QrCode) => void) | null }));
vi.mock('../draw-qr-code', () => ({
  drawQrCode: () =>
    new Promise<QrCode>((resolve) => {
      drawing.finish = resolve;
    }),
}));

describe('the card', () => {
  it('is readable at once, its code drawn a moment later in the place kept for it', async () => {
    render(<CarteTpCarte carte={aCarteTp()} />);

    expect(screen.getByText('75500017')).toBeVisible();
    const code = screen.getByRole('img', { name: 'Code à scanner par votre professionnel de santé' });
    expect(code).toHaveAttribute('width', '112');
    expect(code).toHaveAttribute('height', '112');
    expect(code).toHaveAttribute('aria-busy', 'true');
    expect(code.querySelector('path')).toBeNull();

    await act(async () => {
      drawing.finish?.({ size: 21, path: 'M0 0h7v1H0z' });
      await Promise.resolve();
    });

    expect(code).toHaveAttribute('aria-busy', 'false');
    expect(code).toHaveAttribute('viewBox', '0 0 21 21');
    expect(code.querySelectorAll('path')[1]).toHaveAttribute('d', 'M0 0h7v1H0z');
    expect(code).toHaveAttribute('width', '112');
  });
});

describe('the card’s heading', () => {
  it('names the one year of a card valid from January to December', () => {
    render(<CarteTpCarte carte={aCarteTp({ dateDebutValidite: '2026-01-01', dateFinValidite: '2026-12-31' })} />);

    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Ma carte de Tiers Payant 2026$/);
  });

  it('names both years of a card that runs into the next', () => {
    render(<CarteTpCarte carte={aCarteTp({ dateDebutValidite: '2026-07-01', dateFinValidite: '2027-06-30' })} />);

    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Ma carte de Tiers Payant 2026-2027$/);
  });

  it('names the years of the card, not the period it is in today', () => {
    render(
      <CarteTpCarte
        carte={aCarteTp({ periode: 'SUIVANTE', dateDebutValidite: '2031-01-01', dateFinValidite: '2031-12-31' })}
      />,
    );

    expect(screen.getByRole('region', { name: 'Ma carte de Tiers Payant 2031' })).toBeVisible();
  });
});
