import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The brand block the server writes into index.html, carrying `messages`. */
function withBrandBlock(brand: object): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'brand';
  script.textContent = JSON.stringify(brand);
  document.head.append(script);
}

/**
 * The tiles as the app starts with that block: `t()` reads the partner's wording once, for the
 * first text asked for, so the app's modules are loaded anew once the block is in place (the
 * libraries, React among them, stay the same).
 */
async function renderTiles() {
  vi.resetModules();
  const [{ homeTiles }, { HomeTilesNav }, { addMessages }, { default: homeTexts }] = await Promise.all([
    import('../home-tiles'),
    import('./home-tiles-nav'),
    import('@/i18n/t'),
    import('@/i18n/fr/home.json'),
  ]);
  // The home page adds its section of the catalogue (see i18n/catalogue.ts).
  addMessages(homeTexts);
  const flags = { Radie: false, CarteTp: false, CarteTpSuivante: false, AuMoinsUnContratActifEtIndividuel: false };
  render(
    <MemoryRouter>
      <HomeTilesNav tiles={homeTiles(flags, { nextDueDate: new Date(2026, 11, 5), currentYear: 2026, situation: null })} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.getElementById('brand')?.remove();
});

describe('the partner’s wording', () => {
  it('replaces a tile’s text, and keeps its placeholders working', async () => {
    withBrandBlock({
      name: 'Mutuelle Azur',
      messages: {
        'home.tiles.factureOuDevis': 'Transmettre une facture ou un devis',
        'home.tiles.cotisations.detail': 'Prélèvement du {date}',
      },
    });

    await renderTiles();

    expect(screen.getByRole('link', { name: /^Transmettre une facture ou un devis$/ })).toBeVisible();
    const cotisations = screen.getByRole('link', { name: 'Mes cotisations' });
    expect(cotisations).toHaveAccessibleDescription('Prélèvement du 05/12/2026');
    expect(screen.queryByText('Envoyer une facture ou un devis')).not.toBeInTheDocument();
  });

  it('is ignored when malformed: the catalogue’s texts stay', async () => {
    withBrandBlock({ messages: ['Transmettre une facture'] });

    await renderTiles();

    expect(screen.getByRole('link', { name: /^Envoyer une facture ou un devis$/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /^Mes cotisations/ })).toHaveTextContent('Mes cotisationsProchaine échéance le 05/12/2026');
  });
});
