import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';
import { aDocumentEmis, errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import type { DocumentEmis, Envois } from '../api/get-documents';
import type { Preferences } from '../api/get-preferences';
import { DocumentsSection } from './documents-section';
import { PreferencesSection } from './preferences-section';
import { recordSavedFiles, servePdfDocuments } from '@/test/downloads';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(compteTexts);

afterEach(() => {
  vi.restoreAllMocks();
});

const parCourrier: Envois = { ATTESTATION: 'POSTE', RELEVE: 'POSTE', COURRIER: 'POSTE', ACCORD: 'POSTE' };

/** Newest first, as the member API lists them: a letter on a request, a statement, an older certificate. */
const emis: DocumentEmis[] = [
  aDocumentEmis(),
  aDocumentEmis({
    id: 40,
    nomFichier: 'releve-novembre-2026.pdf',
    dateEmission: '2026-11-30',
    categorie: 'RELEVE',
    canal: 'EN_LIGNE',
    idDemande: null,
    objetDemande: null,
  }),
  // Issued before the member API recorded how.
  aDocumentEmis({
    id: 7,
    nomFichier: 'attestation-droits.pdf',
    dateEmission: '2026-01-15',
    categorie: 'ATTESTATION',
    canal: null,
    idDemande: null,
    objetDemande: null,
  }),
];

/**
 * The member API's documents and preferences, the choices saved as the demo one does (« zéro
 * papier » true exactly when every kind is online); what it received, and how often each was read.
 */
function memberApi({ documents = emis, envois = parCourrier }: { documents?: DocumentEmis[]; envois?: Envois } = {}) {
  let current = envois;
  const received = { bodies: [] as unknown[], xsrf: [] as (string | null)[], documentsReads: 0, preferencesReads: 0 };
  server.use(
    http.get('/api/assure/documents', () => {
      received.documentsReads += 1;
      return HttpResponse.json({ envois: current, documents });
    }),
    http.put('/api/assure/documents/envois', async ({ request }) => {
      const body = (await request.json()) as Envois;
      received.bodies.push(body);
      received.xsrf.push(request.headers.get('X-XSRF-TOKEN'));
      current = body;
      return HttpResponse.json(current);
    }),
    http.get('/api/assure/preferences', () => {
      received.preferencesReads += 1;
      const preferences: Preferences = {
        alertes: { remboursement: true, demande: true, document: true },
        zeroPapier: Object.values(current).every((canal) => canal === 'EN_LIGNE'),
        emailAlertes: null,
        emailContact: 'marie.dupont@example.org',
      };
      return HttpResponse.json(preferences);
    }),
  );
  return received;
}

function renderSection() {
  render(
    <MemoryRouter>
      <DocumentsSection />
    </MemoryRouter>,
  );
}

function section() {
  return screen.getByRole('region', { name: 'Mes documents' });
}

async function items() {
  const list = await within(section()).findByRole('list', { name: 'Les documents de la mutuelle' });
  return within(list).getAllByRole('listitem');
}

async function item(index: number): Promise<HTMLElement> {
  const found = (await items())[index];
  if (!found) throw new Error(`No document n° ${String(index + 1)}`);
  return found;
}

/** The radio of `canal` in the question about `categorie`. */
function radio(categorie: string, canal: 'En ligne' | 'Par courrier') {
  return within(within(section()).getByRole('group', { name: categorie })).getByRole('radio', { name: canal });
}

describe('Mes documents', () => {
  it('lists each document with its kind, its request, its date and how it was sent', async () => {
    memberApi();
    renderSection();

    const courrier = await item(0);
    const releve = await item(1);
    const attestation = await item(2);
    expect(courrier).toHaveTextContent('Courrier');
    expect(within(courrier).getByRole('link', { name: 'Devis de lunettes' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/12',
    );
    expect(courrier).toHaveTextContent('Émis le 02/12/2026');
    expect(courrier).toHaveTextContent('Envoyé par courrier et disponible en ligne');

    expect(releve).toHaveTextContent('Relevé de remboursements');
    expect(releve).toHaveTextContent('Émis le 30/11/2026');
    expect(within(releve).getByText('Disponible en ligne')).toBeVisible();
    expect(within(releve).queryByRole('link')).not.toBeInTheDocument();

    expect(attestation).toHaveTextContent('Attestation');
    expect(attestation).toHaveTextContent('Émis le 15/01/2026');
    expect(attestation).not.toHaveTextContent('Disponible en ligne');
    expect(attestation).not.toHaveTextContent('Envoyé par courrier');
  });

  it('names each kind of document in words', async () => {
    memberApi({ documents: [aDocumentEmis({ categorie: 'ACCORD', objetDemande: 'Hospitalisation à la Clinique du Parc' })] });
    renderSection();

    const accord = await item(0);
    expect(accord).toHaveTextContent('Accord de prise en charge');
    expect(within(accord).getByRole('link', { name: 'Hospitalisation à la Clinique du Parc' })).toBeVisible();
  });

  it('says when the mutual has sent no document yet', async () => {
    memberApi({ documents: [] });
    renderSection();

    expect(await within(section()).findByText('La mutuelle ne vous a encore envoyé aucun document.')).toBeVisible();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('downloads a document under its own name and type, its button named after the file', async () => {
    memberApi();
    const asked = servePdfDocuments();
    const saved = recordSavedFiles();
    renderSection();

    const button = await within(section()).findByRole('button', { name: 'Télécharger reponse-devis-optique.pdf' });
    expect(button).toHaveTextContent(/^Télécharger$/);
    await userEvent.click(button);

    await waitFor(() => {
      expect(saved).toEqual(['reponse-devis-optique.pdf']);
    });
    expect(asked).toEqual(['41 application/pdf']);
  });

  it('asks how each kind is to come, the member’s choices checked, and says what each way means', async () => {
    memberApi({ envois: { ATTESTATION: 'EN_LIGNE', RELEVE: 'EN_LIGNE', COURRIER: 'POSTE', ACCORD: 'POSTE' } });
    renderSection();

    const form = await within(section()).findByRole('form', { name: 'Comment recevoir vos documents' });
    expect(
      within(section()).getByText(
        'En ligne, le document vous attend dans votre espace et une alerte vous le signale si vous l’avez choisie ; par courrier, il est aussi posté à votre adresse.',
      ),
    ).toBeVisible();
    expect(within(form).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Attestation',
      'Relevé de remboursements',
      'Courrier',
      'Accord de prise en charge',
    ]);
    expect(radio('Attestation', 'En ligne')).toBeChecked();
    expect(radio('Relevé de remboursements', 'En ligne')).toBeChecked();
    expect(radio('Courrier', 'Par courrier')).toBeChecked();
    expect(radio('Courrier', 'En ligne')).not.toBeChecked();
    expect(radio('Accord de prise en charge', 'Par courrier')).toBeChecked();
  });

  it('saves the four choices at once with the anti-forgery header, then says so', async () => {
    document.cookie = 'XSRF-TOKEN=jeton-123; path=/';
    const received = memberApi();
    renderSection();
    await within(section()).findByRole('form', { name: 'Comment recevoir vos documents' });
    const status = within(section()).getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await userEvent.click(radio('Courrier', 'En ligne'));
    await userEvent.click(within(section()).getByRole('button', { name: 'Enregistrer mes choix' }));

    await waitFor(() => {
      expect(status).toHaveTextContent('Vos choix sont enregistrés.');
    });
    expect(received.bodies).toEqual([{ ATTESTATION: 'POSTE', RELEVE: 'POSTE', COURRIER: 'EN_LIGNE', ACCORD: 'POSTE' }]);
    expect(received.xsrf).toEqual(['jeton-123']);
    expect(radio('Courrier', 'En ligne')).toBeChecked();
    expect(radio('Attestation', 'Par courrier')).toBeChecked();
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has « Mes préférences » read « zéro papier » again once the choices are saved', async () => {
    const received = memberApi();
    render(
      <MemoryRouter>
        <PreferencesSection />
        <DocumentsSection />
      </MemoryRouter>,
    );
    const preferences = screen.getByRole('region', { name: 'Mes préférences' });
    const zeroPapier = await within(preferences).findByText('Recevoir mes documents uniquement dans mon espace assuré');
    expect(zeroPapier.nextElementSibling).toHaveTextContent('Non');
    await within(section()).findByRole('form', { name: 'Comment recevoir vos documents' });

    for (const categorie of ['Attestation', 'Relevé de remboursements', 'Courrier', 'Accord de prise en charge']) {
      await userEvent.click(radio(categorie, 'En ligne'));
    }
    await userEvent.click(within(section()).getByRole('button', { name: 'Enregistrer mes choix' }));

    await waitFor(() => {
      expect(zeroPapier.nextElementSibling).toHaveTextContent('Oui');
    });
    expect(received.preferencesReads).toBe(2);
  });

  it('shows the member API’s refusal and keeps the choices', async () => {
    memberApi();
    server.use(
      http.put('/api/assure/documents/envois', () =>
        errorBody(400, 'bad_request', 'Indiquez pour chaque type de document : EN_LIGNE ou POSTE.'),
      ),
    );
    renderSection();
    await within(section()).findByRole('form', { name: 'Comment recevoir vos documents' });

    await userEvent.click(radio('Relevé de remboursements', 'En ligne'));
    await userEvent.click(within(section()).getByRole('button', { name: 'Enregistrer mes choix' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Indiquez pour chaque type de document : EN_LIGNE ou POSTE.',
    );
    expect(within(section()).getByRole('status')).toBeEmptyDOMElement();
    expect(radio('Relevé de remboursements', 'En ligne')).toBeChecked();
  });

  it('says the documents could not be loaded, with a retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/assure/documents', () => {
        calls += 1;
        return calls === 1
          ? errorBody(502, 'bad_gateway', 'Indisponible.')
          : HttpResponse.json({ envois: parCourrier, documents: emis });
      }),
    );
    renderSection();

    expect(await within(section()).findByText('Vos documents n’ont pas pu être chargés.')).toBeVisible();
    await userEvent.click(within(section()).getByRole('button', { name: 'Réessayer' }));

    expect(await items()).toHaveLength(3);
  });

  it('tells screen readers the documents are loading', async () => {
    memberApi();
    renderSection();

    expect(within(section()).getByText('Chargement de vos documents…')).toBeInTheDocument();
    expect(await items()).toHaveLength(3);
  });
});
