import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aBeneficiaire, aContrat, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const title = 'Ce qu’il reste de vos plafonds';

function lunettes(overrides: Partial<MemberApi<'PlafondGarantie'>> = {}): MemberApi<'PlafondGarantie'> {
  return {
    categorie: 'OPTIQUE',
    libelle: 'Monture et verres hors 100 % Santé (classe B)',
    regle: '100 % BRSS + 250 €',
    soin: 'OPTIQUE_VERRES_SIMPLES',
    plafond: { montant: 250, periodicite: '2 ans', depuis: '2026-01-01', dejaUtilise: 100.5, disponible: 149.5 },
    renouvellement: { annees: 2, dernierEquipement: '2025-06-10', possibleLe: '2027-06-10' },
    ...overrides,
  };
}

const osteopathie: MemberApi<'PlafondGarantie'> = {
  categorie: 'MEDECINES_DOUCES',
  libelle: 'Ostéopathie, chiropraxie, acupuncture',
  regle: '40 €/séance',
  soin: null,
  plafond: { montant: 150, periodicite: 'an', depuis: '2026-01-01', dejaUtilise: 0, disponible: 150 },
  renouvellement: null,
};

function memberApi(plafonds: MemberApi<'PlafondsBeneficiaire'>[] | Response) {
  server.use(
    ...signedIn(),
    http.get('/api/assure/contrats', () => HttpResponse.json([aContrat()])),
    http.get('/api/assure/droitsCompletAdherent', () => HttpResponse.json({ numeroPersonne: '100001', contrats: [] })),
    http.get('/api/assure/droitsAdherent', () =>
      HttpResponse.json({ numeroPersonne: '100001', couvert: true, beneficiaires: [] }),
    ),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json([aBeneficiaire()])),
    http.get('/api/assure/echeance-prochaine', () => HttpResponse.json(null)),
    http.get('/api/assure/plafonds', () => (plafonds instanceof Response ? plafonds : HttpResponse.json(plafonds))),
    http.get('/api/assure/mandats', () => HttpResponse.json({ mandats: [] })),
  );
}

async function openPage() {
  renderApp('/mutuelle/contrats-garanties');
  return screen.findByRole('region', { name: title });
}

describe('what is left of each allowance, on « Mes garanties et mes services »', () => {
  it('shows per person each ceiling, used and left over its period, and when glasses can be renewed', async () => {
    memberApi([
      { idBeneficiaire: 1, prenom: 'Marie', nom: 'DUPONT', garanties: [lunettes(), osteopathie] },
      {
        idBeneficiaire: 3,
        prenom: 'Emma',
        nom: 'DUPONT',
        garanties: [lunettes({ renouvellement: { annees: 1, dernierEquipement: null, possibleLe: null } })],
      },
    ]);
    const section = await openPage();
    const marie = await within(section).findByRole('region', { name: 'Marie DUPONT' });
    const [glasses, osteo] = within(marie).getAllByRole('listitem');
    expect(glasses).toHaveTextContent('Monture et verres hors 100 % Santé (classe B)');
    expect(glasses).toHaveTextContent('100 % BRSS + 250 €');
    expect(glasses).toHaveTextContent('Reste 149,50 € sur 250,00 € tous les 2 ans');
    expect(glasses).toHaveTextContent('100,50 € déjà remboursés depuis le 01/01/2026');
    expect(glasses).toHaveTextContent('Prochain équipement remboursé à partir du 10/06/2027');
    expect(osteo).toHaveTextContent('Reste 150,00 € sur 150,00 € par an');
    expect(osteo).toHaveTextContent('0,00 € déjà remboursés depuis le 01/01/2026');
    const emma = within(section).getByRole('region', { name: 'Emma DUPONT' });
    expect(emma).toHaveTextContent('Un nouvel équipement peut être remboursé dès maintenant.');
  });

  it('leads to the estimate with the person and care chosen, where the estimate has the care', async () => {
    memberApi([{ idBeneficiaire: 1, prenom: 'Marie', nom: 'DUPONT', garanties: [lunettes(), osteopathie] }]);
    const section = await openPage();
    const marie = await within(section).findByRole('region', { name: 'Marie DUPONT' });
    const glasses = within(marie).getByText('Monture et verres hors 100 % Santé (classe B)').closest('li');
    const osteo = within(marie).getByText('Ostéopathie, chiropraxie, acupuncture').closest('li');
    if (!glasses || !osteo) throw new Error('each allowance is an item of the list');
    const link = within(glasses).getByRole('link', {
      name: 'Estimer mon remboursement : Monture et verres hors 100 % Santé (classe B), Marie DUPONT',
    });
    expect(link).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties/estimation?beneficiaire=1&soin=OPTIQUE_VERRES_SIMPLES',
    );
    expect(within(osteo).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when no contract covers anyone today', async () => {
    memberApi([]);
    const section = await openPage();
    expect(
      await within(section).findByText(
        'Aucun contrat ne vous couvre aujourd’hui : vous n’avez pas de plafond en cours.',
      ),
    ).toBeVisible();
  });

  it('says a person without a ceiling has none', async () => {
    memberApi([{ idBeneficiaire: 5, prenom: 'Sophie', nom: 'PETIT', garanties: [] }]);
    const section = await openPage();
    const sophie = await within(section).findByRole('region', { name: 'Sophie PETIT' });
    expect(sophie).toHaveTextContent('Aucune garantie plafonnée.');
  });

  it('says when the allowances could not be read, the rest of the page still there', async () => {
    memberApi(errorBody(502, 'bad_gateway', 'Service indisponible.'));
    const section = await openPage();
    expect(
      await within(section).findByText('Ce qu’il reste de vos plafonds n’a pas pu être chargé.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes garanties et mes services' })).toBeVisible();
  });
});
