import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { aBeneficiaire, aLigne, aPaiement, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';

const lucas = aBeneficiaire({ id: 3, prenom: 'Lucas', nom: 'DUPONT', lien: 'ENFANT' });

const paiements = [
  aPaiement({
    paymentDate: '2026-03-09',
    detailRemboursement: [aLigne({ startDate: '2026-03-02' })],
  }),
  aPaiement({
    paymentId: 'P2',
    paymentDate: '2026-07-20',
    beneficiaryFirstName: 'Lucas',
    detailRemboursement: [
      aLigne({
        codeActe: 'OPTI',
        labelExternalCode: 'Verres',
        startDate: '2026-07-14',
        expenseAmount: 420,
        montantSecu: 0.09,
        refundableAmount: 300,
        resteACharge: 119.91,
      }),
    ],
  }),
];

/** The payments the member API selects, like a real one: by payment day and beneficiary. */
function selected(url: URL) {
  const from = url.searchParams.get('dateDebut') ?? '';
  const to = url.searchParams.get('dateFin') ?? '';
  const beneficiary = url.searchParams.get('idBeneficiaire');
  return HttpResponse.json(
    paiements.filter(
      (paiement) =>
        paiement.paymentDate >= from &&
        paiement.paymentDate <= to &&
        (beneficiary === null || (beneficiary === '3') === (paiement.beneficiaryFirstName === 'Lucas')),
    ),
  );
}

/** What the member API was asked for the payments, in order. */
let asked: URL[] = [];

function memberApi(answer: (url: URL) => Response = selected) {
  asked = [];
  server.use(
    ...signedIn(),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json([aBeneficiaire(), lucas])),
    http.get('/api/assure/prestations', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return answer(url);
    }),
  );
}

async function openPage(path = '/mutuelle/remboursements/annee-sante') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Mon année santé' });
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 24) });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Mon année santé', () => {
  it('is reached from Mes remboursements', async () => {
    memberApi();
    server.use(http.get('/api/assure/prestations-pro', () => HttpResponse.json([])));
    const { router } = renderApp('/mutuelle/remboursements');
    await userEvent.click(await screen.findByRole('link', { name: 'Voir mon année santé' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon année santé' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/mutuelle/remboursements/annee-sante');
  });

  it('shows the year’s totals, its chart and the figures of each month', async () => {
    memberApi();
    await openPage();
    const totals = await screen.findByRole('heading', { level: 2, name: 'Votre année 2026' });
    const summary = totals.parentElement;
    expect(summary).toHaveTextContent('Dépensé450,00 €');
    expect(summary).toHaveTextContent('Sécurité sociale20,09 €');
    expect(summary).toHaveTextContent('Mutuelle309,00 €');
    expect(summary).toHaveTextContent('Reste à charge120,91 €');
    expect(asked.at(-1)?.search).toBe('?dateDebut=2026-01-01&dateFin=2026-12-31');

    // Amounts are written with no-break spaces, which `\s` matches.
    expect(screen.getByRole('img', { name: /^Dépenses de santé par mois en 2026/ })).toHaveAccessibleName(
      expect.stringMatching(
        /Sur l’année, 450,00\s€ dépensés, .* Le mois le plus élevé est juillet, avec 420,00\s€\./,
      ),
    );

    await userEvent.click(screen.getByText('Voir les chiffres du graphique'));
    const months = screen.getByRole('table', { name: 'Dépenses de santé par mois en 2026' });
    expect(within(months).getAllByRole('row')).toHaveLength(14);
    expect(within(months).getByRole('rowheader', { name: 'juillet' }).closest('tr')).toHaveTextContent(
      'juillet420,00 €0,09 €300,00 €119,91 €',
    );
  });

  it('splits the year by kind of care, most spent first, and by person', async () => {
    memberApi();
    await openPage();
    const kinds = await screen.findByRole('table', { name: /par type de soins en 2026/ });
    const kindRows = within(kinds).getAllByRole('row');
    expect(kindRows).toHaveLength(4);
    expect(kindRows[1]).toHaveTextContent('Verres420,00 €0,09 €300,00 €119,91 €');
    expect(kindRows[2]).toHaveTextContent('Consultation généraliste30,00 €20,00 €9,00 €1,00 €');
    expect(kindRows[3]).toHaveTextContent('Total450,00 €20,09 €309,00 €120,91 €');
    const persons = screen.getByRole('table', { name: /par personne couverte en 2026/ });
    expect(within(persons).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Marie DUPONT',
      'Lucas DUPONT',
      'Total',
    ]);
  });

  it('keeps the chosen person and year in the address and asks for them', async () => {
    memberApi();
    const { router } = await openPage();
    await userEvent.selectOptions(
      screen.getByLabelText('Personne couverte'),
      await screen.findByRole('option', { name: 'Lucas DUPONT' }),
    );
    await waitFor(() => {
      expect(router.state.location.search).toBe('?annee=2026&beneficiaire=3');
    });
    // Asked, whenever it comes: an earlier request of the page may still answer after it.
    await waitFor(() => {
      expect(asked.map((url) => url.searchParams.get('idBeneficiaire'))).toContain('3');
    });
    const kinds = await screen.findByRole('table', { name: /par type de soins en 2026/ });
    expect(within(kinds).getAllByRole('row')).toHaveLength(3);
    // One person: no table to split the year between persons.
    expect(screen.queryByRole('table', { name: /par personne couverte/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Année'), '2024');
    await waitFor(() => {
      expect(router.state.location.search).toBe('?annee=2024&beneficiaire=3');
    });
    await waitFor(() => {
      expect(asked.map((url) => url.search)).toContain('?dateDebut=2024-01-01&dateFin=2024-12-31&idBeneficiaire=3');
    });
    expect(await screen.findByText('Aucun remboursement en 2024.')).toBeVisible();
  });

  it('shows the current year for a year it does not offer', async () => {
    memberApi();
    await openPage('/mutuelle/remboursements/annee-sante?annee=2019');
    expect(screen.getByLabelText('Année')).toHaveValue('2026');
    await waitFor(() => {
      expect(asked.at(-1)?.search).toBe('?dateDebut=2026-01-01&dateFin=2026-12-31');
    });
  });

  it('says when nothing was paid that year, without a chart', async () => {
    memberApi(() => HttpResponse.json([]));
    await openPage('/mutuelle/remboursements/annee-sante?annee=2025');
    expect(await screen.findByText('Aucun remboursement en 2025.')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exporter en CSV' })).not.toBeInTheDocument();
  });

  it('says the year failed to load, and a retry brings it', async () => {
    let calls = 0;
    memberApi(() => {
      calls += 1;
      return calls === 1
        ? errorBody(502, 'bad_gateway', 'Le service est momentanément indisponible.')
        : HttpResponse.json(paiements);
    });
    await openPage();
    expect(await screen.findByText('Votre année santé n’a pas pu être chargée.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre année 2026' })).toBeVisible();
  });

  it('exports the months and kinds of care as a CSV file named after the year', async () => {
    memberApi();
    const blobs: Blob[] = [];
    const names: string[] = [];
    // Spied on rather than assigned: URL's own functions are back for the tests after this one.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:annee-sante';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    onTestFinished(() => {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Exporter en CSV' }));
    expect(names).toEqual(['annee-sante-2026.csv']);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]?.arrayBuffer());
    expect(text.split('\r\n')).toContain('juillet;420,00;0,09;300,00;119,91');
    click.mockRestore();
  });
});
