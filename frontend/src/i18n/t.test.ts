import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { isMessageKey, type MessageKey, t } from './t';

describe('t', () => {
  it('returns the catalogue text for a key', () => {
    expect(t('auth.landing.title')).toBe('Bienvenue sur votre espace assuré');
  });

  it('replaces placeholders with the given parameters', () => {
    expect(t('app.pageTitle', { page: 'Accueil' })).toBe('Accueil – Espace assuré');
  });

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(t('app.pageTitle', {})).toBe('{page} – Espace assuré');
  });

  it('only accepts keys present in a section of the catalogue (checked by `npm run typecheck`)', () => {
    expectTypeOf<'auth.landing.title'>().toExtend<MessageKey>();
    expectTypeOf<'fallback.backToSite'>().toExtend<MessageKey>();
    expectTypeOf<'auth.landing.unknown'>().not.toExtend<MessageKey>();
  });

  it('tells a catalogue key built at run time from any other text', () => {
    expect(isMessageKey('auth.landing.title')).toBe(true);
    expect(isMessageKey('auth.landing.unknown')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('a section of the catalogue', () => {
  it('is not known before the code that shows it has added it: never a key or a blank', () => {
    expect(isMessageKey('fallback.backToSite')).toBe(false);
    expect(() => t('fallback.backToSite', { brand: 'Cogévie' })).toThrow(/fallback\.backToSite/);
  });

  it('gives its texts once added', async () => {
    const { addMessages } = await import('./t');
    const { default: fallback } = await import('./fr/fallback.json');
    addMessages(fallback);
    expect(isMessageKey('fallback.backToSite')).toBe(true);
    expect(t('fallback.backToSite', { brand: 'Cogévie' })).toBe('Retour au site de Cogévie');
  });
});

describe('the partner’s wording', () => {
  /** `t` as a page reads it under a brand block whose `messages` are `messages`. */
  async function withMessages(messages: Record<string, unknown>) {
    vi.resetModules();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'brand';
    block.textContent = JSON.stringify({ messages });
    document.body.append(block);
    return import('./t');
  }

  afterEach(() => {
    document.getElementById('brand')?.remove();
  });

  it('replaces the catalogue’s text, placeholders included, in any section once added', async () => {
    const i18n = await withMessages({
      'app.pageTitle': '{page} | Mon espace',
      'fallback.backToSite': 'Revenir sur {brand}',
    });
    expect(i18n.t('app.pageTitle', { page: 'Accueil' })).toBe('Accueil | Mon espace');
    i18n.addMessages((await import('./fr/fallback.json')).default);
    expect(i18n.t('fallback.backToSite', { brand: 'Cogévie' })).toBe('Revenir sur Cogévie');
  });

  it('shows nowhere for a key the catalogue does not have', async () => {
    const i18n = await withMessages({ 'home.tiles.inconnue': 'Une tuile que l’application n’a pas' });
    expect(i18n.isMessageKey('home.tiles.inconnue')).toBe(false);
  });
});
