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
        mediateur: {
          nom: 'Médiateur de la consommation CNPM',
          adresse: ['CNPM Médiation Consommation', '27 avenue de la Libération', '42400 Saint-Chamond'],
          site: 'https://www.cnpm-mediation-consommation.eu/',
        },
        messages: { 'home.tiles.facture': 'Transmettre une facture' },
        captcha: { provider: 'altcha' },
        keptCardDays: 2,
        wallets: { apple: true, google: 'oui' },
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
      mediateur: {
        nom: 'Médiateur de la consommation CNPM',
        adresse: ['CNPM Médiation Consommation', '27 avenue de la Libération', '42400 Saint-Chamond'],
        site: 'https://www.cnpm-mediation-consommation.eu/',
      },
      messages: { 'home.tiles.facture': 'Transmettre une facture' },
      captcha: { provider: 'altcha' },
      keptCardDays: 2,
      // Only `true` turns a wallet on: a button for a wallet not set up would fail.
      wallets: { apple: true, google: false },
    });
  });

  it('keeps, of the partner’s wording, only the texts that are not empty', () => {
    withBrandBlock(
      JSON.stringify({
        messages: {
          'home.tiles.facture': 'Transmettre une facture',
          'home.tiles.garanties': 42,
          'home.tiles.cotisations': '',
          'home.tiles.estimation': null,
        },
      }),
    );

    expect(readBrand().messages).toEqual({ 'home.tiles.facture': 'Transmettre une facture' });
  });

  it.each([['a list', ['Transmettre une facture']], ['a text', 'Transmettre une facture'], ['null', null]])(
    'has no wording of its own when `messages` is %s',
    (_, messages) => {
      withBrandBlock(JSON.stringify({ name: 'Mutuelle Azur', messages }));

      expect(readBrand().messages).toEqual({});
      expect(readBrand().name).toBe('Mutuelle Azur');
    },
  );

  it.each([
    [{ provider: 'none' }, { provider: 'none' }],
    [{ provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' }, { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' }],
    [{ provider: 'altcha', siteKey: 'inutile' }, { provider: 'altcha' }],
  ])('reads the captcha %j', (captcha, expected) => {
    withBrandBlock(JSON.stringify({ captcha }));

    expect(readBrand().captcha).toEqual(expected);
  });

  it.each([
    ['missing', undefined],
    ['not an object', 'altcha'],
    ['an unknown provider', { provider: 'recaptcha', siteKey: 'abc' }],
    ['a provider this portal does not offer', { provider: 'friendly-captcha', siteKey: 'FCMGEMUD2KTDSQ5H' }],
    ['hCaptcha without its site key', { provider: 'hcaptcha' }],
    ['hCaptcha with an empty site key', { provider: 'hcaptcha', siteKey: '' }],
  ])('asks for no captcha when the field is %s', (_, captcha) => {
    withBrandBlock(JSON.stringify({ captcha }));

    expect(readBrand().captcha).toEqual({ provider: 'none' });
  });

  it('keeps the card 7 days after the last sign-in by default', () => {
    expect(defaultBrand.keptCardDays).toBe(7);
  });

  it.each([
    ['missing', undefined],
    ['zero', 0],
    ['negative', -3],
    ['not a whole number', 1.5],
    ['a text', '2'],
    ['null', null],
  ])('keeps the card the default number of days when the field is %s', (_, keptCardDays) => {
    withBrandBlock(JSON.stringify({ name: 'Mutuelle Azur', keptCardDays }));

    expect(readBrand().keptCardDays).toBe(7);
    expect(readBrand().name).toBe('Mutuelle Azur');
  });

  it('falls back, part by part, to the default statement when it is malformed', () => {
    withBrandBlock(JSON.stringify({ accessibilite: { etat: 'conforme', nonConformites: [3, 'Un PDF.'] } }));

    expect(readBrand().accessibilite).toEqual({
      ...defaultBrand.accessibilite,
      nonConformites: ['Un PDF.'],
    });
  });

  it('names the Mutualité française’s mediator by default', () => {
    expect(defaultBrand.mediateur).toEqual({
      nom: 'Médiateur de la Mutualité française',
      adresse: ['FNMF', '255 rue de Vaugirard', '75719 Paris Cedex 15'],
      site: 'https://www.mediateur-mutualite.fr/',
    });
  });

  it.each([
    ['missing', undefined],
    ['not an object', 'Médiateur CNPM'],
    ['without a name', { nom: '', adresse: ['27 avenue de la Libération'], site: 'https://cnpm.example/' }],
    ['without an address', { nom: 'CNPM', adresse: [], site: 'https://cnpm.example/' }],
    ['with an address line that is not text', { nom: 'CNPM', adresse: ['CNPM', 42], site: 'https://cnpm.example/' }],
    ['with a blank address line', { nom: 'CNPM', adresse: ['CNPM', ' '], site: 'https://cnpm.example/' }],
    ['without a site', { nom: 'CNPM', adresse: ['CNPM'] }],
    ['with a site that is not a web address', { nom: 'CNPM', adresse: ['CNPM'], site: 'javascript:alert(1)' }],
  ])('uses the default mediator, whole, when the block’s is %s', (_, mediateur) => {
    withBrandBlock(JSON.stringify({ name: 'Mutuelle Azur', mediateur }));

    expect(readBrand().mediateur).toEqual(defaultBrand.mediateur);
    expect(readBrand().name).toBe('Mutuelle Azur');
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
