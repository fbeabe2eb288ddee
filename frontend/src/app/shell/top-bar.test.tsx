import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { anActingSession, sessionIs, shellContent, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the top bar', () => {
  it('welcomes the member', async () => {
    server.use(...signedIn());

    renderApp('/home');

    expect(await screen.findByRole('banner')).toHaveTextContent(
      'Bienvenue sur votre espace assuré',
    );
  });

  it.each([
    [{ Civilite: 'Mme', Prenom: 'marie', Nom: 'Dupont' }, 'Mme Marie DUPONT'],
    [{ Civilite: 'M.', Prenom: 'JEAN-PIERRE', Nom: 'martin' }, 'M. Jean-Pierre MARTIN'],
    [{ Civilite: 'Mme', Prenom: 'léa', Nom: 'Bernard-Lefèvre' }, 'Mme Léa BERNARD-LEFÈVRE'],
  ])('names the member %o as "%s", linking to the personal information', async (user, name) => {
    server.use(...signedIn(user));

    renderApp('/home');

    expect(await screen.findByRole('link', { name })).toHaveAttribute(
      'href',
      '/compte/informations-personnelles',
    );
  });

  it('names the member acted for without a link to their personal information, which the delegation does not open', async () => {
    server.use(sessionIs(anActingSession()), ...shellContent());

    renderApp('/home');

    expect(await screen.findByRole('banner')).toHaveTextContent('M. Jean MARTIN');
    expect(screen.queryByRole('link', { name: 'M. Jean MARTIN' })).not.toBeInTheDocument();
  });

  it('signs the member out with "Se déconnecter"', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    server.use(
      ...signedIn(),
      http.post('/auth/logout', () => HttpResponse.json({ redirectTo: 'https://idp.example/end' })),
    );
    renderApp('/home');

    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://idp.example/end');
    });
  });
});
