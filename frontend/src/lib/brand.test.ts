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
      }),
    );

    expect(readBrand()).toEqual({
      name: 'Mutuelle Azur',
      provider: 'Azur',
      publicSiteUrl: 'https://azur.example/',
      feedbackUrl: 'https://azur.example/avis',
      primaryColor: '#123456',
      logoUrl: '/brand/logo',
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
