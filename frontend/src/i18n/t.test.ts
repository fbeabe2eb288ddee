import { describe, expect, expectTypeOf, it } from 'vitest';
import { isMessageKey, type MessageKey, t } from './t';

describe('t', () => {
  it('returns the catalogue text for a key', () => {
    expect(t('auth.landing.title')).toBe('Bienvenue sur votre espace assuré');
  });

  it('replaces placeholders with the given parameters', () => {
    expect(t('fallback.backToSite', { brand: 'Cogévie' })).toBe('Retour au site de Cogévie');
  });

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(t('fallback.backToSite', {})).toBe('Retour au site de {brand}');
  });

  it('only accepts keys present in fr.json (checked by `npm run typecheck`)', () => {
    expectTypeOf<'auth.landing.title'>().toExtend<MessageKey>();
    expectTypeOf<'auth.landing.unknown'>().not.toExtend<MessageKey>();
  });

  it('tells a catalogue key built at run time from any other text', () => {
    expect(isMessageKey('auth.landing.title')).toBe(true);
    expect(isMessageKey('auth.landing.unknown')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});
