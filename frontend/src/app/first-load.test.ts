import { describe, expect, it } from 'vitest';
import { staticClosure } from '@/test/module-graph';

/**
 * What each script brings, read from the sources' imports: what a first load downloads and
 * evaluates before the page appears. `packaging/bench/bundle-size.mjs` gives the bytes.
 */

/** Libraries only some steps of some pages need. */
const pageLibraries = [
  'npm:zod',
  'npm:react-hook-form',
  'npm:@hookform/resolvers',
  'npm:altcha-lib',
  'npm:idb-keyval',
  'npm:uqr',
];

function among(closure: Set<string>, names: readonly string[]): string[] {
  return names.filter((name) => closure.has(name));
}

describe('the first script, all `/` loads', () => {
  const first = staticClosure('main.tsx');

  it('holds neither the member space nor its data layer, nor any page’s libraries', () => {
    expect(among(first, ['npm:swr', 'app/member-routes.tsx', 'app/section-routes.tsx', ...pageLibraries])).toEqual([]);
  });

  it('holds only the common section of the catalogue', () => {
    expect([...first].filter((name) => name.startsWith('i18n/fr/'))).toEqual(['i18n/fr/common.json']);
  });
});

describe('the member space, with the first script `/home`’s first load', () => {
  const memberSpace = staticClosure('app/member-routes.tsx');

  it('holds no section’s routes or pages, and none of their libraries', () => {
    expect(
      among(memberSpace, [
        'app/section-routes.tsx',
        'app/lazy-pages.ts',
        'app/shell/cookie-consent-dialog.tsx',
        'features/auth/components/sign-in-again-dialog.tsx',
        'entities/carte-tp/saved-card.ts',
        ...pageLibraries,
      ]),
    ).toEqual([]);
  });

  it('leaves out the home’s NOEMIE notices and their texts, which only some members see', () => {
    expect(
      among(memberSpace, ['features/home/components/raccordements-section.tsx', 'i18n/fr/noemie.json']),
    ).toEqual([]);
  });

  it('leaves out the notices of a contract that covers nothing today and of a rejected debit, the banner of someone acting for a member, and their texts', () => {
    expect(
      among(memberSpace, [
        'features/home/components/home-notices.tsx',
        'app/shell/delegation-banner.tsx',
        'i18n/fr/delegation-banner.json',
        'features/home/components/contrat-notice.tsx',
        'features/home/components/impaye-notice.tsx',
        'i18n/fr/home-notices.json',
      ]),
    ).toEqual([]);
  });

  it('holds the texts of the shell and the home page only', () => {
    expect([...memberSpace].filter((name) => name.startsWith('i18n/fr/')).sort()).toEqual([
      'i18n/fr/common.json',
      'i18n/fr/demande-labels.json',
      'i18n/fr/home.json',
      'i18n/fr/shell.json',
    ]);
  });
});

describe('the pages with a form', () => {
  const forms = ['npm:zod', 'npm:react-hook-form', 'npm:@hookform/resolvers'];

  it.each([
    ['the termination', 'features/resiliation/components/resiliation-page.tsx', 'features/resiliation/components/resiliation-formulaire-step.tsx'],
    ['a new request', 'features/demandes/components/creation-demande-page.tsx', 'features/demandes/components/details-step.tsx'],
    ['the personal information', 'features/compte/components/informations-personnelles-page.tsx', 'features/compte/components/adresse-editor.tsx'],
    ['the personal information', 'features/compte/components/informations-personnelles-page.tsx', 'features/compte/components/banque-editor.tsx'],
    ['the personal information', 'features/compte/components/informations-personnelles-page.tsx', 'features/compte/components/preferences-editor.tsx'],
    ['a care report', 'features/signalement/components/signalement-soin-page.tsx', 'features/signalement/components/signalement-form.tsx'],
    ['the contributions’ account', 'features/garanties/components/garanties-page.tsx', 'features/garanties/components/mandat-editor.tsx'],
  ])('load the forms library with the part that shows a form: %s', (_, page, part) => {
    expect(among(staticClosure(page), forms)).toEqual([]);
    expect(among(staticClosure(part), forms)).toEqual(forms);
  });
});

describe('the card page', () => {
  it('encodes its 2D code apart, in a worker, not with its own code', () => {
    expect(among(staticClosure('features/carte-tp/components/carte-tp-page.tsx'), ['npm:uqr'])).toEqual([]);
  });
});
