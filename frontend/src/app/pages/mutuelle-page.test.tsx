import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';

/** The links of the page's content, as [label, address]. */
function contentLinks() {
  return within(screen.getByRole('main'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('/mutuelle', () => {
  it('lists the pages of the section, titled "Ma mutuelle"', async () => {
    server.use(...signedIn());

    renderApp('/mutuelle');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ma mutuelle' })).toBeVisible();
    await pageReady('Ma mutuelle');
    expect(contentLinks()).toEqual([
      ['Ma carte de Tiers Payant', '/mutuelle/smart-carte'],
      ['Mes remboursements', '/mutuelle/remboursements'],
      ['Mes garanties et mes services', '/mutuelle/contrats-garanties'],
      ['Mes demandes', '/mutuelle/demandes'],
    ]);
  });

  it.each([
    { Radie: false, CarteTp: false },
    { Radie: true, CarteTp: true },
  ])('leaves out the card, as the sidebar does, when Radie is $Radie and CarteTp is $CarteTp', async (flags) => {
    server.use(...signedIn(flags));

    renderApp('/mutuelle');

    await screen.findByRole('heading', { level: 1, name: 'Ma mutuelle' });
    expect(contentLinks()).toEqual([
      ['Mes remboursements', '/mutuelle/remboursements'],
      ['Mes garanties et mes services', '/mutuelle/contrats-garanties'],
      ['Mes demandes', '/mutuelle/demandes'],
    ]);
  });
});
