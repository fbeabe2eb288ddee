import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readConsent } from '@/entities/consentement/cookie-consent';
import { signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

async function openPanel() {
  server.use(...signedIn());
  renderApp('/home');
  await userEvent.click(await screen.findByRole('button', { name: 'Gestion des cookies' }));
  // Its code is loaded when first asked for.
  return screen.findByRole('dialog', { name: 'Gestion des cookies' });
}

describe('the cookie management panel', () => {
  it('lists the cookies the portal sets', async () => {
    const panel = await openPanel();

    const table = within(panel).getByRole('table', {
      name: 'Cookies déposés par votre espace assuré',
    });
    expect(
      within(table).getByRole('rowheader', { name: '__Host-espace-assure-session' }),
    ).toBeVisible();
    expect(within(table).getByRole('rowheader', { name: '__Host-XSRF-TOKEN' })).toBeVisible();
  });

  it('offers "Tout accepter" and "Tout refuser" side by side with the same look', async () => {
    const panel = await openPanel();

    const accept = within(panel).getByRole('button', { name: 'Tout accepter' });
    const refuse = within(panel).getByRole('button', { name: 'Tout refuser' });
    expect(accept.nextElementSibling).toBe(refuse);
    expect(accept.className).toBe(refuse.className);
  });

  it.each([
    ['Tout accepter', 'accepted'],
    ['Tout refuser', 'refused'],
  ] as const)('keeps the answer "%s" and closes', async (button, choice) => {
    const panel = await openPanel();

    await userEvent.click(within(panel).getByRole('button', { name: button }));

    expect(readConsent()?.choice).toBe(choice);
    expect(panel).not.toHaveAttribute('open');
  });

  it('shows the current choice when opened again', async () => {
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tout refuser' }));

    await userEvent.click(screen.getByRole('button', { name: 'Gestion des cookies' }));

    expect(
      within(panel).getByText(
        /^Votre choix : tout refuser, conservé jusqu’au \d{2}\/\d{2}\/\d{4}\.$/,
      ),
    ).toBeVisible();
  });

  it('closes with its "Fermer" button', async () => {
    const panel = await openPanel();

    await userEvent.click(within(panel).getByRole('button', { name: 'Fermer' }));

    expect(panel).not.toHaveAttribute('open');
  });
});
