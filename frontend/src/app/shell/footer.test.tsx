import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBrand } from '@/config/brand';
import { aSession, sessionIs, shellContent } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

afterEach(() => {
  vi.useRealTimers();
});

async function footer() {
  return screen.findByRole('contentinfo');
}

describe('the footer', () => {
  it('shows the current year and the version from the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-04T12:00:00'));
    server.use(sessionIs(aSession({}, { VersionNum: '2.7.1' })), ...shellContent());

    renderApp('/home');

    const content = await footer();
    expect(content).toHaveTextContent('© 2031 Mutuelle Cogévie');
    expect(content).toHaveTextContent('Version 2.7.1');
  });

  it('links to the legal notice and the terms of use', async () => {
    server.use(sessionIs(aSession()), ...shellContent());

    renderApp('/home');
    const content = await footer();

    expect(within(content).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/home/mentions-legales',
    );
    expect(
      within(content).getByRole('link', { name: 'Conditions générales d’utilisation' }),
    ).toHaveAttribute('href', '/home/cgu');
    expect(
      within(content).getByRole('link', { name: 'Accessibilité : non conforme' }),
    ).toHaveAttribute('href', '/home/accessibilite');
  });

  it('opens the feedback survey of the brand in a new tab', async () => {
    server.use(sessionIs(aSession()), ...shellContent());

    renderApp('/home', { brand: { ...defaultBrand, feedbackUrl: 'https://avis.example/form' } });
    const link = within(await footer()).getByRole('link', { name: /^Donner votre avis/ });

    expect(link).toHaveAttribute('href', 'https://avis.example/form');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Donner votre avis (nouvel onglet)');
  });

  it('opens the cookie management panel', async () => {
    server.use(sessionIs(aSession()), ...shellContent());
    renderApp('/home');

    within(await footer())
      .getByRole('button', { name: 'Gestion des cookies' })
      .click();

    expect(await screen.findByRole('dialog', { name: 'Gestion des cookies' })).toBeVisible();
  });
});
