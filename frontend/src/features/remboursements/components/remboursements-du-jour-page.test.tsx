import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aLigne, aPaiement, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const account = {
  id: 1,
  usage: 'PRESTATIONS',
  titulaire: 'Marie DUPONT',
  ibanMasque: 'FR76 **** **** **** **** ***0 189',
  bic: 'AGRIFRPPXXX',
  domiciliation: null,
  dateMiseAJour: '2026-01-01',
};

function memberApi(answer: Parameters<typeof HttpResponse.json>[0]) {
  const asked: URL[] = [];
  server.use(
    ...signedIn(),
    http.get('/api/assure/prestations', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(answer);
    }),
    http.get('/api/assure/banques', () => HttpResponse.json([account])),
  );
  return asked;
}

describe('a payment day', () => {
  it('shows every payment of the day with all its lines, totals and where it was paid', async () => {
    const asked = memberApi([
      aPaiement({
        montantDepense: 90,
        montantSecu: 40,
        montantRembourse: 30,
        resteACharge: 20,
        detailRemboursement: [
          aLigne({ idLigne: 1 }),
          aLigne({ idLigne: 2, labelExternalCode: 'Radiographie', professionnelSante: '' }),
          aLigne({ idLigne: 3, labelExternalCode: 'Analyse sanguine', refundableAmount: 12.5 }),
        ],
      }),
      aPaiement({
        paymentId: 'P2',
        beneficiaryFirstName: 'Lucas',
        destinataire: 'PROFESSIONNEL_DE_SANTE',
        nomDestinataire: 'Pharmacie du Centre',
      }),
    ]);
    renderApp('/mutuelle/remboursements/2026-11-17');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remboursements du 17/11/2026' }),
    ).toBeVisible();
    const marie = await screen.findByRole('region', { name: 'Marie DUPONT' });
    const rows = within(marie).getAllByRole('row');
    // The header, three lines (not only two), the totals.
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('10/11/2026Consultation généralisteDr Martin30,00 €20,00 €9,00 €1,00 €');
    expect(rows[2]).toHaveTextContent('Radiographie-');
    expect(rows[3]).toHaveTextContent('12,50 €');
    expect(rows[4]).toHaveTextContent('Total90,00 €40,00 €30,00 €20,00 €');
    expect(
      await within(marie).findByText('Versé sur votre compte FR76 **** **** **** **** ***0 189'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Lucas DUPONT' })).getByText(
        'Versé à Pharmacie du Centre (tiers payant)',
      ),
    ).toBeVisible();
    expect(asked[0]?.search).toBe('?dateDebut=2026-11-17&dateFin=2026-11-17');
  });

  it.each(['2026-02-30', '0999-01-01', '17-11-2026', 'demain'])(
    'explains that %s is not a day and leads back to the list, asking nothing',
    async (date) => {
      const asked = memberApi([]);
      renderApp(`/mutuelle/remboursements/${date}`);
      expect(
        await screen.findByText('Cette adresse ne correspond à aucune date de paiement.'),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Voir tous vos remboursements' })).toHaveAttribute(
        'href',
        '/mutuelle/remboursements',
      );
      expect(asked).toHaveLength(0);
    },
  );

  it('says when nothing was paid that day', async () => {
    memberApi([]);
    renderApp('/mutuelle/remboursements/2026-11-16');
    expect(await screen.findByText('Aucun remboursement n’a été versé ce jour-là.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir tous vos remboursements' })).toBeVisible();
  });

  it('says the day could not be loaded, with a retry', async () => {
    memberApi([]);
    server.use(
      http.get('/api/assure/prestations', () =>
        errorBody(502, 'bad_gateway', 'Le service est momentanément indisponible.'),
      ),
    );
    renderApp('/mutuelle/remboursements/2026-11-17');
    expect(
      await screen.findByText('Les remboursements de ce jour n’ont pas pu être chargés.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

describe('« Je ne reconnais pas ce soin » on a payment day', () => {
  it('is offered on each line, named after its act and day, leading to the line’s report', async () => {
    memberApi([
      aPaiement({
        paymentId: 'P7',
        detailRemboursement: [
          aLigne({ idLigne: 1 }),
          aLigne({ idLigne: 2, labelExternalCode: 'Radiographie', startDate: '2026-11-12' }),
        ],
      }),
    ]);
    renderApp('/mutuelle/remboursements/2026-11-17');

    const marie = await screen.findByRole('region', { name: 'Marie DUPONT' });
    const links = within(marie).getAllByRole('link', { name: /^Je ne reconnais pas ce soin/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [
        'Je ne reconnais pas ce soin',
        'Je ne reconnais pas ce soin : Consultation généraliste du 10/11/2026',
        '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=1',
      ],
      [
        'Je ne reconnais pas ce soin',
        'Je ne reconnais pas ce soin : Radiographie du 12/11/2026',
        '/mutuelle/remboursements/signalement?jour=2026-11-17&paiement=P7&ligne=2',
      ],
    ]);
    // Its column is named for screen readers; the totals row has none.
    expect(within(marie).getByRole('columnheader', { name: 'Signalement' })).toBeInTheDocument();
    const [totals] = within(marie).getAllByRole('row').slice(-1);
    expect(totals).toHaveTextContent(/^Total/);
    expect(totals?.querySelector('a')).toBeNull();
  });
});
