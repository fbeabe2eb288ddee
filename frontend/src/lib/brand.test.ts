import { afterEach, describe, expect, it } from 'vitest';
import { applyBrandColour, defaultBrand, readBrand } from './brand';

function withBrandBlock(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'brand';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('brand')?.remove();
  document.documentElement.style.removeProperty('--brand-primary');
});

describe('readBrand', () => {
  it('reads every field of the JSON block the server puts in index.html', () => {
    withBrandBlock(
      JSON.stringify({
        name: 'Mutuelle Azur',
        provider: 'Azur',
        publicSiteUrl: 'https://azur.example/',
        feedbackUrl: 'https://azur.example/avis',
        primaryColor: '#123456',
        logoUrl: '/brand/logo',
        accessibilite: {
          etat: 'partiellement conforme',
          tauxConformite: 80,
          dateAudit: '2026-09-15',
          auditeur: 'Access42',
          nonConformites: ['Un PDF non balisé.'],
          derogations: [],
          contactEmail: 'a11y@azur.example',
          contactUrl: null,
        },
      }),
    );

    expect(readBrand()).toEqual({
      name: 'Mutuelle Azur',
      provider: 'Azur',
      publicSiteUrl: 'https://azur.example/',
      feedbackUrl: 'https://azur.example/avis',
      primaryColor: '#123456',
      logoUrl: '/brand/logo',
      accessibilite: {
        etat: 'partiellement conforme',
        tauxConformite: 80,
        dateAudit: '2026-09-15',
        auditeur: 'Access42',
        nonConformites: ['Un PDF non balisé.'],
        derogations: [],
        contactEmail: 'a11y@azur.example',
        contactUrl: null,
      },
    });
  });

  it('falls back, part by part, to the default statement when it is malformed', () => {
    withBrandBlock(JSON.stringify({ accessibilite: { etat: 'conforme', nonConformites: [3, 'Un PDF.'] } }));

    expect(readBrand().accessibilite).toEqual({
      ...defaultBrand.accessibilite,
      nonConformites: ['Un PDF.'],
    });
  });

  it('uses the defaults when there is no block', () => {
    expect(readBrand()).toEqual(defaultBrand);
  });

  it('uses the defaults when the block is not JSON', () => {
    withBrandBlock('{not json');

    expect(readBrand()).toEqual(defaultBrand);
  });

  it('completes missing fields with the defaults', () => {
    withBrandBlock(JSON.stringify({ name: 'Mutuelle Azur' }));

    expect(readBrand()).toEqual({ ...defaultBrand, name: 'Mutuelle Azur' });
  });
});

describe('applyBrandColour', () => {
  it('sets the primary colour as a CSS variable on the document', () => {
    applyBrandColour({ ...defaultBrand, primaryColor: '#a1b2c3' });

    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#a1b2c3');
  });

  it('ignores a value that is not a hexadecimal colour', () => {
    applyBrandColour({ ...defaultBrand, primaryColor: 'red; background: url(x)' });

    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('');
  });
});
