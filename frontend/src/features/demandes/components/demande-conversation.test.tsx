import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type Demande = MemberApi<'Demande'>;
type DocumentInfo = MemberApi<'DocumentInfo'>;

function aDocument(id: number, nomFichier: string, nature: DocumentInfo['nature'] = 'PIECE_JOINTE'): DocumentInfo {
  return { id, nomFichier, typeMime: 'application/pdf', taille: 2048, dateDepot: '2026-11-20', nature, idDemande: 12 };
}

const demande: Demande = {
  id: 12,
  DateCreation: '2026-11-17',
  TypeCode: 'OPT',
  Etat: 'EN_COURS',
  type: 'DEMANDE_DE_REMBOURSEMENT_OPTIQUE',
  objet: 'Demande de remboursement optique',
  commentaire: null,
  dateMiseAJour: '2026-11-19',
  beneficiaire: null,
  documents: [aDocument(31, 'facture.pdf'), aDocument(40, 'devis-corrige.pdf')],
  messages: [
    {
      id: 1,
      auteur: 'ADHERENT',
      texte: 'Voici le devis corrigé.',
      envoyeLe: '2026-11-20T09:00:00Z',
      lu: true,
      documents: [aDocument(40, 'devis-corrige.pdf')],
    },
    {
      id: 2,
      auteur: 'MUTUELLE',
      texte: 'Merci, le remboursement suit.',
      envoyeLe: '2026-11-21T10:00:00Z',
      lu: false,
      documents: [],
    },
  ],
};

/** The request, the reads of the member API and the unread count the sidebar asks for. */
function conversation(initial: Demande = demande) {
  const calls = { lus: 0, nonLus: 0, demande: 0, envois: [] as unknown[] };
  let current = initial;
  // The first handler for a path answers: these before the shell's usual ones.
  server.use(
    http.get('/api/demande/12', () => {
      calls.demande += 1;
      return HttpResponse.json(current);
    }),
    http.get('/api/demandes/nonLus', () => {
      calls.nonLus += 1;
      return HttpResponse.json(
        calls.lus > 0 ? { total: 0, demandes: [] } : { total: 1, demandes: [{ id: 12, nonLus: 1 }] },
      );
    }),
    http.post('/api/demande/12/messages/lus', () => {
      calls.lus += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/demande/12/messages', async ({ request }) => {
      const body = (await request.json()) as { texte: string; idDocuments: number[] };
      calls.envois.push(body);
      const message = {
        id: 3,
        auteur: 'ADHERENT' as const,
        texte: body.texte.trim(),
        envoyeLe: '2026-11-22T08:00:00Z',
        lu: true,
        documents: body.idDocuments.map((id) => aDocument(id, 'ordonnance.pdf')),
      };
      current = { ...current, Etat: 'A_TRAITER', messages: [...current.messages, message] };
      return HttpResponse.json(message, { status: 201 });
    }),
    http.get('/api/demandes', () => HttpResponse.json([current])),
    http.post('/api/document/upload', () => HttpResponse.json([aDocument(77, 'ordonnance.pdf')], { status: 201 })),
    ...signedIn(),
  );
  return calls;
}

async function messages() {
  return screen.findByRole('region', { name: 'Messages' });
}

describe('the conversation on a request', () => {
  it('marks the mutual’s unread message as new, and each message’s attachments with it', async () => {
    conversation();
    await renderAppLoaded('/mutuelle/demandes/12');

    const mutuelle = within(await messages()).getByText('Merci, le remboursement suit.').closest('li');
    expect(within(mutuelle ?? document.body).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Réponse de votre mutuelleNouveau',
    );
    const pieces = within(await messages()).getByRole('list', { name: 'Pièces jointes' });
    expect(within(pieces).getByRole('button', { name: 'Télécharger devis-corrige.pdf' })).toBeVisible();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Télécharger facture.pdf',
    ]);
  });

  it('tells the member API the messages are read, once, and reads the unread count again', async () => {
    const calls = conversation();
    await renderAppLoaded('/mutuelle/demandes/12');

    await waitFor(() => {
      expect(calls.lus).toBe(1);
    });
    await waitFor(() => {
      expect(calls.nonLus).toBeGreaterThanOrEqual(2);
    });
    expect(await screen.findByRole('link', { name: 'Mes demandes' })).toBeVisible();
  });

  it('does not tell it again when everything is read', async () => {
    const calls = conversation({
      ...demande,
      messages: demande.messages.map((message) => ({ ...message, lu: true })),
    });
    await renderAppLoaded('/mutuelle/demandes/12');

    await messages();
    expect(screen.queryByText('Nouveau')).not.toBeInTheDocument();
    expect(calls.lus).toBe(0);
  });

  it('sends the member’s reply with its document and shows it in the conversation', async () => {
    const calls = conversation();
    await renderAppLoaded('/mutuelle/demandes/12');

    const form = screen.getByRole('region', { name: 'Écrire à votre mutuelle' });
    await userEvent.type(within(form).getByLabelText('Votre message'), '  Voici mon ordonnance.  ');
    await userEvent.upload(within(form).getByTestId('documents-input'), [
      new File(['%PDF-1.4'], 'ordonnance.pdf', { type: 'application/pdf' }),
    ]);
    expect(await within(form).findByText('Envoyé')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Envoyer le message' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Votre message a été envoyé à votre mutuelle.');
    expect(calls.envois).toEqual([{ texte: '  Voici mon ordonnance.  ', idDocuments: [77] }]);
    const sent = await within(await messages()).findByText('Voici mon ordonnance.');
    expect(sent.closest('li')).toHaveTextContent('Télécharger ordonnance.pdf');
    expect(within(form).getByLabelText('Votre message')).toHaveValue('');
    expect(await screen.findByText('À traiter')).toBeVisible();
  });

  it('says what to write before sending, and shows the member API’s refusal as it is', async () => {
    const calls = conversation();
    await renderAppLoaded('/mutuelle/demandes/12');
    const form = screen.getByRole('region', { name: 'Écrire à votre mutuelle' });
    const envoyer = within(form).getByRole('button', { name: 'Envoyer le message' });

    await userEvent.click(envoyer);
    expect(within(form).getByLabelText('Votre message')).toHaveAccessibleDescription(
      '4\u202f000 caractères au plus. Écrivez votre message.',
    );
    expect(calls.envois).toEqual([]);

    const refus =
      'Vous avez déjà envoyé 50 messages sur cette demande : pour un autre sujet, faites une nouvelle demande.';
    server.use(http.post('/api/demande/12/messages', () => errorBody(409, 'conflict', refus)));
    await userEvent.type(within(form).getByLabelText('Votre message'), 'Encore un mot.');
    await userEvent.click(envoyer);
    expect(await within(form).findByRole('alert')).toHaveTextContent(refus);
    expect(within(form).getByLabelText('Votre message')).toHaveValue('Encore un mot.');
  });
});

describe('the conversation on a finished request', () => {
  it('shows the mutual’s answers and still takes a reply, which reopens it', async () => {
    conversation({ ...demande, Etat: 'TERMINE' });
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(within(await messages()).getByText('Merci, le remboursement suit.')).toBeVisible();
    expect(within(await messages()).getByText('Voici le devis corrigé.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Écrire à votre mutuelle' })).toBeVisible();
  });

  it('reads as finished once the mutual has refused the complaint, whatever its state says', async () => {
    conversation({
      ...demande,
      TypeCode: 'REC',
      type: 'RECLAMATION',
      Etat: 'EN_COURS',
      reclamation: {
        motif: 'REMBOURSEMENT',
        numeroContrat: null,
        paymentId: null,
        recueLe: '2026-11-17T10:15:00+01:00',
        accuseReceptionAvant: '2026-12-01',
        reponseAvant: '2027-01-17',
        issue: 'REFUSEE',
        reponduLe: '2026-11-21',
      },
    });
    await renderAppLoaded('/mutuelle/demandes/12');

    expect(within(await messages()).getByText('Merci, le remboursement suit.')).toBeVisible();
    const etat = screen.getByText('État', { selector: 'dt' });
    expect(etat.nextElementSibling).toHaveTextContent(/^Terminée$/);
  });
});

describe('the unread count', () => {
  it('is in the name of « Mes demandes » in the sidebar', async () => {
    server.use(...signedIn({}, { nonLus: { total: 2, demandes: [{ id: 12, nonLus: 2 }] } }));
    await renderAppLoaded('/mutuelle/demandes/creation');

    expect(await screen.findByRole('link', { name: 'Mes demandes, 2 messages non lus' })).toBeVisible();
  });

  it('speaks of one message in the singular', async () => {
    server.use(...signedIn({}, { nonLus: { total: 1, demandes: [{ id: 12, nonLus: 1 }] } }));
    await renderAppLoaded('/mutuelle/demandes/creation');

    expect(await screen.findByRole('link', { name: 'Mes demandes, 1 message non lu' })).toBeVisible();
  });

  it('shows beside each request of the list', async () => {
    server.use(
      ...signedIn({}, { nonLus: { total: 2, demandes: [{ id: 12, nonLus: 2 }] } }),
      http.get('/api/demandes', () => HttpResponse.json([demande, { ...demande, id: 13, messages: [] }])),
    );
    await renderAppLoaded('/mutuelle/demandes');

    const row = (await screen.findByRole('cell', { name: '12' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2 messages non lus');
    const other = screen.getByRole('cell', { name: '13' }).closest('tr') as HTMLElement;
    expect(other).not.toHaveTextContent('non lu');
  });
});
