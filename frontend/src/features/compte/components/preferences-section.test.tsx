import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';
import { errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import type { Envois } from '../api/get-documents';
import type { Preferences } from '../api/get-preferences';
import type { NouvellesPreferences } from '../api/put-preferences';
import { DocumentsSection } from './documents-section';
import { PreferencesSection } from './preferences-section';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(compteTexts);

const enregistrees: Preferences = {
  alertes: { remboursement: true, demande: true, document: false },
  zeroPapier: false,
  emailAlertes: null,
  emailContact: 'marie.dupont@example.org',
};

/** The member API's preferences, saved as the demo one does; what it received, and how. */
function memberApi(initial: Preferences = enregistrees) {
  let current = initial;
  const received = { bodies: [] as NouvellesPreferences[], xsrf: [] as (string | null)[] };
  server.use(
    http.get('/api/assure/preferences', () => HttpResponse.json(current)),
    http.put('/api/assure/preferences', async ({ request }) => {
      const body = (await request.json()) as NouvellesPreferences;
      received.bodies.push(body);
      received.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      const [local = '', domaine = ''] = body.emailAlertes?.split('@') ?? [];
      current = {
        ...body,
        emailAlertes: body.emailAlertes === null ? null : `${local}@${domaine.toLowerCase()}`,
        emailContact: current.emailContact,
      };
      return HttpResponse.json(current);
    }),
  );
  return received;
}

function section() {
  return screen.getByRole('region', { name: 'Mes préférences' });
}

/** The term's value in the part's lists. */
function valueOf(term: string) {
  return within(section()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openEditor() {
  render(<PreferencesSection />);
  await userEvent.click(await within(section()).findByRole('button', { name: 'Modifier' }));
  return screen.findByRole('group', { name: 'Alertes par courriel' });
}

describe('Mes préférences', () => {
  it('shows each alert, where alerts go, « zéro papier », and that security emails are always sent', async () => {
    memberApi();
    render(<PreferencesSection />);

    expect(await within(section()).findByText('Un nouveau remboursement')).toBeVisible();
    expect(valueOf('Un nouveau remboursement')).toBe('Oui');
    expect(valueOf('Une demande change d’état ou reçoit une réponse')).toBe('Oui');
    expect(valueOf('Un nouveau document')).toBe('Non');
    expect(valueOf('Adresse de réception des alertes')).toBe('marie.dupont@example.org');
    expect(valueOf('Recevoir mes documents uniquement dans mon espace assuré')).toBe('Non');
    expect(
      within(section()).getByText(
        'Les courriels de sécurité vous sont toujours envoyés, quels que soient vos choix : modification de vos coordonnées bancaires, connexion depuis un nouvel appareil.',
      ),
    ).toBeVisible();
  });

  it('shows the other address the alerts go to', async () => {
    memberApi({ ...enregistrees, emailAlertes: 'alertes@example.fr' });
    render(<PreferencesSection />);

    await within(section()).findByText('Un nouveau remboursement');
    expect(valueOf('Adresse de réception des alertes')).toBe('alertes@example.fr');
  });

  it('groups the choices under their questions, the security emails said beside the alerts', async () => {
    memberApi();
    const alertes = await openEditor();

    expect(within(alertes).getByRole('checkbox', { name: 'Un nouveau remboursement' })).toBeChecked();
    expect(
      within(alertes).getByRole('checkbox', { name: 'Une demande change d’état ou reçoit une réponse' }),
    ).toBeChecked();
    expect(within(alertes).getByRole('checkbox', { name: 'Un nouveau document' })).not.toBeChecked();
    expect(alertes).toHaveTextContent(
      'modification de vos coordonnées bancaires, connexion depuis un nouvel appareil',
    );
    const adresse = screen.getByRole('group', { name: 'Adresse de réception des alertes' });
    expect(
      within(adresse).getByRole('radio', { name: 'Mon adresse de contact : marie.dupont@example.org' }),
    ).toBeChecked();
    expect(within(adresse).queryByLabelText('Adresse électronique des alertes')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Zéro papier' })).getByRole('checkbox', {
        name: 'Recevoir mes documents uniquement dans mon espace assuré',
      }),
    ).not.toBeChecked();
  });

  it('saves the new choices with the anti-forgery header, then says so and shows them', async () => {
    document.cookie = 'XSRF-TOKEN=jeton-123; path=/';
    const received = memberApi();
    await openEditor();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Un nouveau remboursement' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Un nouveau document' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Recevoir mes documents uniquement dans mon espace assuré' }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Une autre adresse' }));
    await userEvent.type(screen.getByLabelText('Adresse électronique des alertes'), '  Alertes@Example.FR ');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const saved = await within(section()).findByText('Vos préférences sont enregistrées.');
    expect(saved).toHaveAttribute('role', 'status');
    await waitFor(() => {
      expect(saved).toHaveFocus();
    });
    expect(received.bodies).toEqual([
      {
        alertes: { remboursement: false, demande: true, document: true },
        zeroPapier: true,
        emailAlertes: 'Alertes@Example.FR',
      },
    ]);
    expect(received.xsrf).toEqual(['jeton-123']);
    // The address as the member API keeps it.
    expect(valueOf('Adresse de réception des alertes')).toBe('Alertes@example.fr');
    expect(valueOf('Un nouveau remboursement')).toBe('Non');
    expect(valueOf('Recevoir mes documents uniquement dans mon espace assuré')).toBe('Oui');
  });

  it('sends the alerts back to the contact email, whatever was left in the other address', async () => {
    const received = memberApi({ ...enregistrees, emailAlertes: 'alertes@example.fr' });
    await openEditor();
    expect(screen.getByRole('radio', { name: 'Une autre adresse' })).toBeChecked();
    expect(screen.getByLabelText('Adresse électronique des alertes')).toHaveValue('alertes@example.fr');
    await userEvent.clear(screen.getByLabelText('Adresse électronique des alertes'));
    await userEvent.type(screen.getByLabelText('Adresse électronique des alertes'), 'pas-une-adresse');
    await userEvent.click(screen.getByRole('radio', { name: /^Mon adresse de contact/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await within(section()).findByText('Vos préférences sont enregistrées.');
    expect(received.bodies.map((body) => body.emailAlertes)).toEqual([null]);
    expect(valueOf('Adresse de réception des alertes')).toBe('marie.dupont@example.org');
  });

  it.each([
    ['none', '', 'Indiquez l’adresse électronique où recevoir vos alertes.'],
    ['an incomplete one', 'marie.dupont@', 'Cette adresse électronique n’est pas valide : vérifiez-la.'],
    ['one too long', `${'a'.repeat(250)}@example.fr`, 'Une adresse électronique compte au plus 254 caractères.'],
  ])('says, next to the field, what is wrong with the address typed (%s), and sends nothing', async (_, typed, text) => {
    const received = memberApi();
    await openEditor();
    await userEvent.click(screen.getByRole('radio', { name: 'Une autre adresse' }));
    const email = screen.getByLabelText('Adresse électronique des alertes');
    if (typed !== '') await userEvent.type(email, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const message = await screen.findByText(text);
    expect(message).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
    expect(received.bodies).toHaveLength(0);
  });

  it('keeps the choices, with the member API’s refusal focused, when the save is refused', async () => {
    memberApi();
    server.use(
      http.put('/api/assure/preferences', () =>
        errorBody(400, 'bad_request', 'L’adresse électronique des alertes n’a pas un domaine valide.'),
      ),
    );
    await openEditor();
    await userEvent.click(screen.getByRole('radio', { name: 'Une autre adresse' }));
    await userEvent.type(screen.getByLabelText('Adresse électronique des alertes'), 'marie@exemple.invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const refus = await within(section()).findByRole('alert');
    expect(refus).toHaveTextContent('L’adresse électronique des alertes n’a pas un domaine valide.');
    await waitFor(() => {
      expect(refus).toHaveFocus();
    });
    expect(screen.getByLabelText('Adresse électronique des alertes')).toHaveValue('marie@exemple.invalid');
    expect(screen.queryByText('Vos préférences sont enregistrées.')).not.toBeInTheDocument();
  });

  it('has « Mes documents » read its choices again when « zéro papier » changes, which sets them all', async () => {
    memberApi();
    let envois: Envois = { ATTESTATION: 'POSTE', RELEVE: 'POSTE', COURRIER: 'EN_LIGNE', ACCORD: 'POSTE' };
    let documentsReads = 0;
    server.use(
      http.get('/api/assure/documents', () => {
        documentsReads += 1;
        return HttpResponse.json({ envois, documents: [] });
      }),
      // As the member API does: « zéro papier » on puts every kind online.
      http.put('/api/assure/preferences', async ({ request }) => {
        const body = (await request.json()) as NouvellesPreferences;
        if (body.zeroPapier) envois = { ATTESTATION: 'EN_LIGNE', RELEVE: 'EN_LIGNE', COURRIER: 'EN_LIGNE', ACCORD: 'EN_LIGNE' };
        return HttpResponse.json({ ...body, emailAlertes: null, emailContact: enregistrees.emailContact });
      }),
    );
    render(
      <MemoryRouter>
        <PreferencesSection />
        <DocumentsSection />
      </MemoryRouter>,
    );
    const documents = screen.getByRole('region', { name: 'Mes documents' });
    const attestation = await within(documents).findByRole('group', { name: 'Attestation' });
    expect(within(attestation).getByRole('radio', { name: 'Par courrier' })).toBeChecked();

    await userEvent.click(await within(section()).findByRole('button', { name: 'Modifier' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Recevoir mes documents uniquement dans mon espace assuré' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => {
      expect(within(attestation).getByRole('radio', { name: 'En ligne' })).toBeChecked();
    });
    expect(documentsReads).toBe(2);
    for (const group of within(documents).getAllByRole('group')) {
      expect(within(group).getByRole('radio', { name: 'En ligne' })).toBeChecked();
    }
  });

  it('closes the form on « Annuler » without sending anything', async () => {
    const received = memberApi();
    await openEditor();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Un nouveau remboursement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(await within(section()).findByRole('button', { name: 'Modifier' })).toBeVisible();
    expect(valueOf('Un nouveau remboursement')).toBe('Oui');
    expect(received.bodies).toHaveLength(0);
  });

  it('says it could not load the choices, with a retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/assure/preferences', () => {
        calls += 1;
        return calls === 1 ? errorBody(502, 'bad_gateway', 'Indisponible.') : HttpResponse.json(enregistrees);
      }),
    );
    render(<PreferencesSection />);

    expect(await within(section()).findByText('Vos préférences n’ont pas pu être chargées.')).toBeVisible();
    await userEvent.click(within(section()).getByRole('button', { name: 'Réessayer' }));

    expect(await within(section()).findByText('Un nouveau remboursement')).toBeVisible();
  });
});
