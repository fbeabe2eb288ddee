import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { altchaBrand, altchaPortal } from '@/test/altcha';
import { aLigne, aPaiement, errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type SignalementSoin = MemberApi<'SignalementSoin'>;

const paiement = aPaiement({
  paymentId: 'P7',
  paymentDate: '2026-11-17',
  beneficiaryFirstName: 'lucas',
  beneficiaryLastName: 'Dupont',
  detailRemboursement: [
    aLigne(),
    aLigne({
      idLigne: 2,
      labelExternalCode: 'Séance de kinésithérapie',
      startDate: '2026-11-12',
      professionnelSante: 'M. Petit',
      expenseAmount: 1250,
      montantSecu: 10.5,
      refundableAmount: 4.2,
    }),
  ],
});

const adresse = '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=2';

function demandeCreee(body: SignalementSoin): MemberApi<'Demande'> {
  return {
    id: 61,
    DateCreation: '2026-11-27',
    TypeCode: 'SNR',
    Etat: 'A_TRAITER',
    type: 'SOIN_NON_RECONNU',
    objet: 'Signalement d’un soin non reconnu',
    commentaire: body.commentaire ?? null,
    dateMiseAJour: '2026-11-27',
    beneficiaire: null,
    documents: [],
    messages: [],
    signalement: { paymentId: body.paymentId, idLigne: body.idLigne, motif: body.motif },
  };
}

/** The member API as the report uses it; the bodies and proofs it received. */
function memberApi() {
  const received = { bodies: [] as SignalementSoin[], captcha: [] as (string | null)[], days: [] as string[] };
  server.use(
    ...signedIn(),
    http.get('/api/assure/prestations', ({ request }) => {
      received.days.push(new URL(request.url).search);
      return HttpResponse.json([paiement]);
    }),
    http.post('/api/document/signalementSoin', async ({ request }) => {
      const body = (await request.json()) as SignalementSoin;
      received.bodies.push(body);
      received.captcha.push(request.headers.get('X-Captcha'));
      return HttpResponse.json(demandeCreee(body), { status: 201 });
    }),
  );
  return received;
}

async function openReport(path = adresse, options = {}) {
  const view = await renderAppLoaded(path, options);
  await screen.findByRole('heading', { level: 1, name: 'Je ne reconnais pas ce soin' });
  return view;
}

function motifs() {
  return screen.findByRole('group', { name: 'Pourquoi signalez-vous ce soin ?' });
}

function envoyer() {
  return userEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
}

describe('« Je ne reconnais pas ce soin »', () => {
  it('shows the care reported, read only, from the payments of its day', async () => {
    const received = memberApi();
    await openReport();

    const soin = await screen.findByRole('region', { name: 'Le soin concerné' });
    expect(
      within(soin)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Paiement du', '17/11/2026'],
      ['Bénéficiaire', 'Lucas DUPONT'],
      ['Date des soins', '12/11/2026'],
      ['Acte', 'Séance de kinésithérapie'],
      ['Professionnel de santé', 'M. Petit'],
      ['Montant réel', '1\u202f250,00\u00a0€'],
      ['Part Sécurité sociale', '10,50\u00a0€'],
      ['Remb. Cogévie', '4,20\u00a0€'],
    ]);
    expect(within(soin).queryByRole('textbox')).not.toBeInTheDocument();
    expect(received.days).toEqual(['?dateDebut=2026-11-17&dateFin=2026-11-17']);
    expect(
      screen.getByText(/^Un soin de vos remboursements que vous n’avez pas reçu, un montant qui ne correspond pas/),
    ).toBeVisible();
  });

  it('offers the four motifs, and the comment, optional but for « Autre motif »', async () => {
    memberApi();
    await openReport();

    const group = await motifs();
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Je n’ai pas reçu ce soin',
      'Le montant ne correspond pas',
      'Je ne connais pas ce professionnel de santé',
      'Autre motif',
    ]);
    expect(screen.getByLabelText('Commentaire')).toHaveAccessibleDescription(
      'Obligatoire pour « Autre motif », facultatif sinon ; 1\u202f000 caractères au plus.',
    );
  });

  it('sends the report, then acknowledges it with a link to the request in « Mes demandes »', async () => {
    const received = memberApi();
    await openReport();
    await userEvent.click(within(await motifs()).getByRole('radio', { name: 'Je n’ai pas reçu ce soin' }));
    await envoyer();

    const accuse = await screen.findByText('Votre signalement a bien été envoyé.');
    expect(accuse.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => {
      expect(accuse.closest('[tabindex="-1"]')).toHaveFocus();
    });
    expect(screen.getByText('Votre mutuelle le vérifie et vous répondra dans « Mes demandes ».')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir votre signalement dans « Mes demandes »' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/61',
    );
    expect(received.bodies).toEqual([{ paymentId: 'P7', idLigne: 2, motif: 'SOIN_NON_RECU', commentaire: null }]);
    expect(screen.queryByRole('group', { name: 'Pourquoi signalez-vous ce soin ?' })).not.toBeInTheDocument();
  });

  it('asks for a motif before sending anything', async () => {
    const received = memberApi();
    await openReport();
    await motifs();
    await envoyer();

    const message = await screen.findByText('Choisissez pourquoi vous signalez ce soin.');
    expect(message).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('group', { name: 'Pourquoi signalez-vous ce soin ?' })).toHaveAccessibleDescription(
      'Choisissez pourquoi vous signalez ce soin.',
    );
    expect(received.bodies).toHaveLength(0);
  });

  it('asks, next to the comment, for the member’s words with « Autre motif », then sends them trimmed', async () => {
    const received = memberApi();
    await openReport();
    await userEvent.click(within(await motifs()).getByRole('radio', { name: 'Autre motif' }));
    await userEvent.type(screen.getByLabelText('Commentaire'), '   ');
    await envoyer();

    const commentaire = screen.getByLabelText('Commentaire');
    const message = await screen.findByText('Précisez dans le commentaire pourquoi vous signalez ce soin.');
    expect(commentaire).toHaveAttribute('aria-invalid', 'true');
    expect(commentaire.getAttribute('aria-describedby')).toContain(message.id);
    expect(received.bodies).toHaveLength(0);

    await userEvent.type(commentaire, 'Deux séances facturées, une seule faite.{enter}Le 12 novembre. ');
    await envoyer();

    await screen.findByText('Votre signalement a bien été envoyé.');
    expect(received.bodies).toEqual([
      {
        paymentId: 'P7',
        idLigne: 2,
        motif: 'AUTRE',
        commentaire: 'Deux séances facturées, une seule faite.\nLe 12 novembre.',
      },
    ]);
  });

  it.each([
    [409, 'Vous avez déjà signalé ce soin.'],
    [422, 'Cette ligne ne fait pas partie de ce paiement.'],
    [403, 'Ce paiement ne vous concerne pas.'],
  ])('shows the member API’s refusal (%i), focused, and keeps what was written', async (status, text) => {
    memberApi();
    server.use(http.post('/api/document/signalementSoin', () => errorBody(status, 'refus', text)));
    await openReport();
    await userEvent.click(within(await motifs()).getByRole('radio', { name: 'Le montant ne correspond pas' }));
    await userEvent.type(screen.getByLabelText('Commentaire'), 'J’ai payé 30 €.');
    await envoyer();

    const refus = await within(screen.getByRole('region', { name: 'Votre signalement' })).findByText(text);
    expect(refus).toHaveAttribute('role', 'alert');
    await waitFor(() => {
      expect(refus).toHaveFocus();
    });
    expect(screen.getByRole('radio', { name: 'Le montant ne correspond pas' })).toBeChecked();
    expect(screen.getByLabelText('Commentaire')).toHaveValue('J’ai payé 30 €.');
    expect(screen.queryByText('Votre signalement a bien été envoyé.')).not.toBeInTheDocument();
  });

  it('sends ALTCHA’s payload with the report, as the other creations do', async () => {
    const received = memberApi();
    const portal = altchaPortal();
    await openReport(adresse, { brand: altchaBrand });
    await userEvent.click(within(await motifs()).getByRole('radio', { name: 'Je ne connais pas ce professionnel de santé' }));
    await envoyer();

    await screen.findByText('Votre signalement a bien été envoyé.');
    expect(received.captcha).toHaveLength(1);
    expect(await portal.solved(received.captcha[0] ?? null)).not.toBeNull();
  });

  it('leads back to the payment day with « Annuler »', async () => {
    memberApi();
    await openReport();
    await motifs();

    expect(screen.getByRole('link', { name: 'Annuler' })).toHaveAttribute('href', '/mutuelle/remboursements/2026-11-17');
  });

  it.each([
    ['a line the payment does not hold', '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=9'],
    ['a payment not of that day', '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P8&ligne=1'],
  ])('says the care is not among the reimbursements for %s', async (_, path) => {
    memberApi();
    await openReport(path);

    expect(await screen.findByText('Ce soin ne figure pas parmi vos remboursements.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir tous vos remboursements' })).toHaveAttribute(
      'href',
      '/mutuelle/remboursements',
    );
    expect(screen.queryByRole('group', { name: 'Pourquoi signalez-vous ce soin ?' })).not.toBeInTheDocument();
  });

  it('asks nothing for an address that names no line', async () => {
    server.use(...signedIn());
    await openReport('/mutuelle/remboursements/signalement?jour=demain&paiement=P7');

    expect(await screen.findByText('Ce soin ne figure pas parmi vos remboursements.')).toBeVisible();
  });

  it('says the care could not be loaded, with a retry', async () => {
    memberApi();
    server.use(http.get('/api/assure/prestations', () => errorBody(502, 'bad_gateway', 'Indisponible.')));
    await openReport();

    expect(await screen.findByText('Ce soin n’a pas pu être chargé.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});
