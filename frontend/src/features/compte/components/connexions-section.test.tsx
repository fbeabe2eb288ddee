import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import type { Connexion } from '../api/get-connexions';
import { ConnexionsSection } from './connexions-section';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(compteTexts);

/**
 * An instant given as the browser's own clock shows it, so that the expected texts hold in
 * any time zone the tests run in (the API sends an offset; the page shows the browser's time).
 */
function at(day: number, hours: number, minutes: number): string {
  return new Date(2026, 10, day, hours, minutes).toISOString();
}

const ici: Connexion = {
  id: 'c-ici',
  ouverteLe: at(24, 9, 12),
  derniereActivite: at(24, 10, 40),
  navigateur: 'Chrome 131',
  systeme: 'Windows',
  cetAppareil: true,
};

const telephone: Connexion = {
  id: 'c/telephone',
  ouverteLe: at(22, 18, 5),
  derniereActivite: at(23, 21, 30),
  navigateur: 'Firefox 133',
  systeme: 'Android',
  cetAppareil: false,
};

const tablette: Connexion = {
  id: 'c-tablette',
  ouverteLe: at(2, 8, 0),
  derniereActivite: at(20, 7, 45),
  navigateur: 'Safari 18',
  systeme: 'iOS',
  cetAppareil: false,
};

/** The portal's sessions routes over a list the test can change; what was closed. */
function portal(initial: Connexion[]) {
  let sessions = [...initial];
  const received = { deleted: [] as string[], xsrf: [] as (string | null)[], lists: 0 };
  server.use(
    http.get('/api/connexions', () => {
      received.lists += 1;
      return HttpResponse.json(sessions);
    }),
    http.delete('/api/connexions/:id', ({ params, request }) => {
      const id = String(params.id);
      received.deleted.push(id);
      received.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      if (!sessions.some((session) => session.id === id)) {
        return errorBody(404, 'not_found', 'Cette session est déjà fermée.');
      }
      sessions = sessions.filter((session) => session.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/connexions', ({ request }) => {
      received.deleted.push('*');
      received.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      const fermees = sessions.filter((session) => !session.cetAppareil).length;
      sessions = sessions.filter((session) => session.cetAppareil);
      return HttpResponse.json({ fermees });
    }),
  );
  return {
    received,
    /** Another tab or device ends a session behind the page's back. */
    end(id: string) {
      sessions = sessions.filter((session) => session.id !== id);
    },
  };
}

function section() {
  return screen.getByRole('region', { name: 'Mes connexions' });
}

async function items() {
  return within(await screen.findByRole('list')).getAllByRole('listitem');
}

async function item(index: number): Promise<HTMLElement> {
  const found = (await items())[index];
  if (!found) throw new Error(`No session n° ${String(index + 1)}`);
  return found;
}

describe('Mes connexions', () => {
  it('lists each session with its device, its opening and its last activity, this one marked', async () => {
    portal([ici, telephone]);
    render(<ConnexionsSection />);

    expect(
      screen.getByText('Les appareils où votre espace est ouvert. Fermez une connexion que vous ne reconnaissez pas.'),
    ).toBeVisible();
    const first = await item(0);
    const second = await item(1);
    expect(first).toHaveTextContent('Chrome 131 sur Windows');
    expect(within(first).getByText('Cet appareil')).toBeVisible();
    expect(first).toHaveTextContent('Ouverte le 24/11/2026 à 09:12');
    expect(first).toHaveTextContent('Dernière activité le 24/11/2026 à 10:40');
    expect(within(first).queryByRole('button')).toBeNull();

    expect(second).toHaveTextContent('Firefox 133 sur Android');
    expect(second).not.toHaveTextContent('Cet appareil');
    expect(second).toHaveTextContent('Ouverte le 22/11/2026 à 18:05');
    expect(second).toHaveTextContent('Dernière activité le 23/11/2026 à 21:30');
    const button = within(second).getByRole('button', {
      name: 'Fermer cette session : Firefox 133 sur Android',
    });
    expect(button).toHaveTextContent('Fermer cette session');
    expect(button).toHaveAccessibleDescription('Ouverte le 22/11/2026 à 18:05');
    expect(screen.getByRole('button', { name: 'Me déconnecter partout ailleurs' })).toBeVisible();
  });

  it('closes one session with the anti-forgery header, says so and shows the list again', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const { received } = portal([ici, telephone, tablette]);
    render(<ConnexionsSection />);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Fermer cette session : Firefox 133 sur Android' }),
    );

    expect(await within(section()).findByRole('status')).toHaveTextContent('Session fermée.');
    await waitFor(async () => {
      expect(await items()).toHaveLength(2);
    });
    expect(section()).not.toHaveTextContent('Firefox 133 sur Android');
    expect(section()).toHaveTextContent('Safari 18 sur iOS');
    expect(received.deleted).toEqual(['c/telephone']);
    expect(received.xsrf).toEqual(['jeton']);
    expect(received.lists).toBe(2);
    expect(screen.getByRole('heading', { name: 'Mes connexions' })).toHaveFocus();
  });

  it('closes every other session at once, counts them, and has none left to close', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const { received } = portal([ici, telephone, tablette]);
    render(<ConnexionsSection />);

    await userEvent.click(await screen.findByRole('button', { name: 'Me déconnecter partout ailleurs' }));

    expect(await within(section()).findByRole('status')).toHaveTextContent('2 sessions fermées.');
    expect(await screen.findByText('Aucune autre connexion ouverte.')).toBeVisible();
    expect(await items()).toHaveLength(1);
    expect(within(section()).queryByRole('button')).toBeNull();
    expect(received.deleted).toEqual(['*']);
    expect(received.xsrf).toEqual(['jeton']);
  });

  it('says a single session was closed in the singular', async () => {
    portal([ici, tablette]);
    render(<ConnexionsSection />);

    await userEvent.click(await screen.findByRole('button', { name: 'Me déconnecter partout ailleurs' }));

    expect(await within(section()).findByRole('status')).toHaveTextContent('Session fermée.');
  });

  it('shows the server’s message for a session already closed, and the list as it now is', async () => {
    const api = portal([ici, telephone, tablette]);
    render(<ConnexionsSection />);
    const button = await screen.findByRole('button', { name: 'Fermer cette session : Safari 18 sur iOS' });
    api.end('c-tablette');

    await userEvent.click(button);

    expect(await within(section()).findByRole('alert')).toHaveTextContent('Cette session est déjà fermée.');
    await waitFor(() => {
      expect(section()).not.toHaveTextContent('Safari 18 sur iOS');
    });
    expect(within(section()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says when no other session is open', async () => {
    portal([ici]);
    render(<ConnexionsSection />);

    expect(await screen.findByText('Aucune autre connexion ouverte.')).toBeVisible();
    expect(await items()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Me déconnecter partout ailleurs' })).toBeNull();
  });

  it('says the list could not be loaded, and asks again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/connexions', () => {
        calls += 1;
        return calls === 1
          ? errorBody(502, 'bad_gateway', 'Le service est momentanément indisponible.')
          : HttpResponse.json([ici, telephone]);
      }),
    );
    render(<ConnexionsSection />);

    expect(await screen.findByText('Vos connexions n’ont pas pu être chargées.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByText('Firefox 133 sur Android')).toBeVisible();
  });

  it('tells screen readers the list is loading', async () => {
    portal([ici]);
    render(<ConnexionsSection />);

    expect(screen.getByText('Chargement de vos connexions…')).toBeInTheDocument();
    expect(await screen.findByText('Chrome 131 sur Windows')).toBeVisible();
  });
});
