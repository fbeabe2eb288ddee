import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '@/api/get-session';
import { aBeneficiaire, aContrat, anActingSession, errorBody, sessionIs, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const droitsComplets: MemberApi<'DroitsComplets'> = {
  numeroPersonne: '100001',
  contrats: [
    {
      numeroContrat: 'IND-004512',
      libelleProduit: 'Santé Famille Confort',
      typeContrat: 'INDIVIDUEL',
      statut: 'ACTIF',
      dateDebut: '2020-01-01',
      dateFin: null,
      beneficiaires: [],
      garanties: [
        {
          categorie: 'OPTIQUE',
          libelleCategorie: 'Optique',
          garanties: [
            { libelle: 'Monture', regle: '100 % BRSS + 150 €', plafond: 150, periodicitePlafond: '2 ans' },
          ],
        },
      ],
    },
  ],
};

const droits = {
  numeroPersonne: '100001',
  couvert: true,
  beneficiaires: [
    {
      idBeneficiaire: 1,
      prenom: 'Marie',
      nom: 'DUPONT',
      lien: 'ASSURE_PRINCIPAL',
      dateNaissance: '1984-03-12',
      droits: [{ numeroContrat: 'IND-004512', libelleProduit: 'SFC', dateDebut: '2020-01-01', dateFin: null, statut: 'ACTIF' }],
    },
    {
      idBeneficiaire: 2,
      prenom: 'Thomas',
      nom: 'DUPONT',
      lien: 'CONJOINT',
      dateNaissance: '1982-07-25',
      droits: [{ numeroContrat: 'IND-0001', libelleProduit: 'SFC', dateDebut: '2019-01-01', dateFin: '2019-12-31', statut: 'RESILIE' }],
    },
  ],
};

function memberApi({
  contrats = [aContrat()],
  user = {},
  complets = droitsComplets,
}: { contrats?: MemberApi<'Contrat'>[]; user?: Partial<User>; complets?: MemberApi<'DroitsComplets'> } = {}) {
  server.use(
    ...signedIn(user),
    http.get('/api/assure/contrats', () => HttpResponse.json(contrats)),
    http.get('/api/assure/droitsCompletAdherent', () => HttpResponse.json(complets)),
    http.get('/api/assure/droitsAdherent', () => HttpResponse.json(droits)),
    http.get('/api/assure/beneficiaires', () =>
      HttpResponse.json([aBeneficiaire(), aBeneficiaire({ id: 3, lien: 'ENFANT', prenom: 'Emma' })]),
    ),
    http.get('/api/assure/echeance-prochaine', () =>
      HttpResponse.json({ numeroContrat: 'IND-004512', dateEcheance: '2026-12-05', montant: 187.4, modePaiement: 'PRELEVEMENT' }),
    ),
    // The allowances have their own tests (plafonds-section.test.tsx): none here.
    http.get('/api/assure/plafonds', () => HttpResponse.json([])),
    // And so have the mandates (compte-prelevement.test.tsx).
    http.get('/api/assure/mandats', () => HttpResponse.json({ mandats: [] })),
  );
}

describe('Mes garanties et mes services', () => {
  it('lists the contract in force first, with who it covers', async () => {
    memberApi({
      contrats: [
        aContrat({ numeroContrat: 'OLD-1', libelleProduit: 'Ancien contrat', statut: 'RESILIE', dateFin: '2019-12-31' }),
        aContrat(),
      ],
    });
    renderApp('/mutuelle/contrats-garanties');
    const contrats = await screen.findAllByRole('article');
    expect(contrats.map((contrat) => contrat.getAttribute('aria-label'))).toEqual([
      'Santé Famille Confort',
      'Ancien contrat',
    ]);
    expect(contrats[0]).toHaveTextContent('IND-004512');
    expect(contrats[0]).toHaveTextContent('Depuis le 01/01/2020');
    expect(contrats[0]).toHaveTextContent('Individuel');
    expect(contrats[0]).toHaveTextContent('Marie DUPONT (assuré principal)');
    expect(contrats[1]).toHaveTextContent('Du 01/01/2020 au 31/12/2019');
  });

  it('shows each guarantee with its rule and ceiling, and today’s rights per person', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties');
    expect(await screen.findByText('100 % BRSS + 150 €')).toBeInTheDocument();
    expect(screen.getByText('Plafond : 150,00 € tous les 2 ans')).toBeInTheDocument();
    const rights = (await screen.findByText(/^Thomas DUPONT/)).closest('li');
    expect(rights).toHaveTextContent('Non couvert');
    expect((await screen.findByText(/^Marie DUPONT/, { selector: 'span' })).closest('li')).toHaveTextContent('Couvert');
  });

  it('says which care the guarantees of a contract ended or to come are for, and nothing of the one in force', async () => {
    const [enVigueur] = droitsComplets.contrats;
    if (!enVigueur) throw new Error('a contract in force');
    memberApi({
      complets: {
        ...droitsComplets,
        contrats: [
          enVigueur,
          { ...enVigueur, numeroContrat: 'IND-003318', libelleProduit: 'Santé Jeunes Actifs', statut: 'RESILIE', dateFin: '2024-12-31' },
          { ...enVigueur, numeroContrat: 'IND-010342', libelleProduit: 'Santé Sénior', statut: 'A_VENIR', dateDebut: '2027-01-01' },
        ],
      },
    });
    renderApp('/mutuelle/contrats-garanties');
    const garanties = (name: string) => screen.findByRole('region', { name });
    expect(await garanties('Santé Jeunes Actifs')).toHaveTextContent(
      'Contrat terminé le 31/12/2024 : ces garanties ne s’appliquent qu’aux soins reçus jusqu’à cette date.',
    );
    expect(await garanties('Santé Sénior')).toHaveTextContent(
      'Ces garanties s’appliqueront aux soins reçus à partir du 01/01/2027.',
    );
    expect(await garanties('Santé Famille Confort')).not.toHaveTextContent(/Contrat terminé|s’appliqueront/);
  });

  it.each([
    ['Mme', 'née le 12/03/1984'],
    ['M.', 'né le 12/03/1984'],
  ])('agrees the member’s birth date with their civility, %s', async (Civilite, neLe) => {
    memberApi({ user: { Civilite } });
    renderApp('/mutuelle/contrats-garanties');

    const member = (await screen.findByText(/^Marie DUPONT/, { selector: 'span' })).closest('li');
    expect(within(member ?? document.body).getByText(neLe)).toBeVisible();
  });

  it('writes « né(e) » for a person whose civility the member API does not give', async () => {
    memberApi({ user: { Civilite: 'Mme' } });
    renderApp('/mutuelle/contrats-garanties');

    const conjoint = (await screen.findByText(/^Thomas DUPONT/)).closest('li');
    expect(within(conjoint ?? document.body).getByText('né(e) le 25/07/1982')).toBeVisible();
  });

  it('offers the booklet, and the termination to a member with an individual contract', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties');
    expect(
      await screen.findByRole('button', { name: 'Télécharger le livret de garanties' }),
    ).toBeVisible();
    // Code de la mutualité D221-1: the entry's exact label.
    expect(screen.getByRole('link', { name: 'Résilier votre contrat' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties/resiliation',
    );
  });

  it('offers someone acting for the member neither the termination nor certificates the delegation does not give', async () => {
    memberApi({ user: { AuMoinsUnContratActifEtIndividuel: true } });
    server.use(sessionIs(anActingSession({ droits: ['REMBOURSEMENTS'] })));
    renderApp('/mutuelle/contrats-garanties');
    expect(await screen.findByRole('link', { name: 'Estimer mon remboursement' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Résilier votre contrat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mes attestations' })).not.toBeInTheDocument();
  });

  it('leads to « Estimer mon remboursement »', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties');
    expect(await screen.findByRole('link', { name: 'Estimer mon remboursement' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties/estimation',
    );
  });

  it('leads to the partner network', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties');
    expect(await screen.findByRole('link', { name: 'Trouver un professionnel partenaire' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties/reseau-soins',
    );
  });

  it('leads a struck-off member to no estimate nor partner, which would speak of a cover he no longer has', async () => {
    memberApi({ user: { Radie: true, AuMoinsUnContratActifEtIndividuel: false } });
    renderApp('/mutuelle/contrats-garanties');
    await screen.findByRole('button', { name: 'Télécharger le livret de garanties' });
    expect(screen.queryByRole('link', { name: 'Estimer mon remboursement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trouver un professionnel partenaire' })).not.toBeInTheDocument();
  });

  describe('beside the hospital guarantees', () => {
    type Contrat = MemberApi<'DroitsComplets'>['contrats'][number];
    const [enVigueur] = droitsComplets.contrats;
    if (!enVigueur) throw new Error('a contract in force');
    const hospitalisation: Contrat['garanties'][number] = {
      categorie: 'HOSPITALISATION',
      libelleCategorie: 'Hospitalisation',
      garanties: [{ libelle: 'Chambre particulière', regle: '60 € par nuit', plafond: null, periodicitePlafond: null }],
    };
    const avecHospitalisation = { ...enVigueur, garanties: [...enVigueur.garanties, hospitalisation] };

    /** The guarantees of `contrats`, each category's disclosure opened. */
    async function garanties(contrats: Contrat[], user: Partial<User> = {}) {
      memberApi({ complets: { ...droitsComplets, contrats }, user });
      const view = renderApp('/mutuelle/contrats-garanties');
      await screen.findAllByText('100 % BRSS + 150 €');
      for (const summary of screen.getAllByText(/^(Optique|Hospitalisation)$/, { selector: 'summary' })) {
        await userEvent.click(summary);
      }
      return view;
    }

    it('leads to a prior agreement, its type chosen, and only there', async () => {
      const { router } = await garanties([avecHospitalisation]);

      const lien = screen.getByRole('link', { name: 'Demander une prise en charge' });
      expect(lien).toBeVisible();
      expect(lien.closest('details')).toHaveTextContent(/^Hospitalisation/);
      expect(lien).toHaveAttribute('href', '/mutuelle/demandes/creation?type=PRISE_EN_CHARGE_HOSPITALIERE');
      await userEvent.click(lien);

      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/mutuelle/demandes/creation');
      });
      expect(await screen.findByRole('radio', { name: /^Demander une prise en charge/ })).toBeChecked();
    });

    it('offers no prior agreement to a struck-off member', async () => {
      await garanties([avecHospitalisation], { Radie: true, AuMoinsUnContratActifEtIndividuel: false });

      expect(screen.getByText('Chambre particulière')).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Demander une prise en charge' })).not.toBeInTheDocument();
    });

    it('offers none under an ended contract’s, which are for care before its end', async () => {
      await garanties([
        enVigueur,
        { ...avecHospitalisation, numeroContrat: 'IND-003318', libelleProduit: 'Santé Jeunes Actifs', statut: 'RESILIE', dateFin: '2024-12-31' },
        { ...avecHospitalisation, numeroContrat: 'IND-010342', libelleProduit: 'Santé Sénior', statut: 'A_VENIR', dateDebut: '2027-01-01' },
      ]);

      const liens = screen.getAllByRole('link', { name: 'Demander une prise en charge' });
      expect(liens).toHaveLength(1);
      expect(liens[0]?.closest('section')).toHaveAccessibleName('Santé Sénior');
    });
  });

  it('offers the certificates, for the member or a person covered', async () => {
    memberApi();
    const asked: string[] = [];
    server.use(
      http.get('/api/assure/attestation', ({ request }) => {
        asked.push(new URL(request.url).search);
        return errorBody(404, 'not_found', 'Aucun contrat.');
      }),
    );
    renderApp('/mutuelle/contrats-garanties');
    const attestations = await screen.findByRole('region', { name: 'Mes attestations' });
    await userEvent.selectOptions(await within(attestations).findByLabelText('Pour qui ?'), 'Emma DUPONT');
    await userEvent.click(within(attestations).getByRole('button', { name: 'Attestation d’adhésion' }));

    expect(await within(attestations).findByRole('alert')).toHaveTextContent(
      'Aucune attestation n’est disponible : aucun contrat n’est enregistré à votre nom.',
    );
    expect(asked).toEqual(['?type=ADHESION&beneficiaire=3']);
  });

  it('offers no termination without an active individual contract', async () => {
    memberApi({ user: { AuMoinsUnContratActifEtIndividuel: false } });
    renderApp('/mutuelle/contrats-garanties');
    await screen.findByRole('button', { name: 'Télécharger le livret de garanties' });
    expect(screen.queryByRole('link', { name: 'Résilier votre contrat' })).not.toBeInTheDocument();
  });

  it('says which debit the bank rejected, why, and what remains owed', async () => {
    const rejetee = {
      dateEcheance: '2026-10-05',
      periodeDebut: '2026-10-01',
      periodeFin: '2026-12-31',
      montant: 38.5,
      statut: 'REJETEE' as const,
      motifRejet: 'provision insuffisante',
    };
    memberApi({ contrats: [aContrat({ echeancier: [rejetee], montantImpaye: 38.5 })] });
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    expect(await within(section).findByText('Prélèvement rejeté par votre banque : provision insuffisante')).toBeVisible();
    expect(section).toHaveTextContent('Montant restant dû : 38,50 €.');
  });

  it('changes the debit day through the member API, and shows its refusal when the next debit is prepared', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi();
    const sent: unknown[] = [];
    let refuse = true;
    server.use(
      http.put('/api/assure/prelevement', async ({ request }) => {
        sent.push(await request.json());
        if (refuse) {
          return errorBody(
            422,
            'unprocessable_entity',
            'Votre prochain prélèvement, le 05/12/2026, est déjà préparé avec votre banque : vous pourrez changer de jour à partir du 06/12/2026.',
          );
        }
        return HttpResponse.json({ numeroContrat: 'IND-004512', jourPrelevement: 15, prochainPrelevement: '2027-01-15' });
      }),
    );
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    const jour = await within(section).findByRole('combobox', { name: 'Jour de prélèvement' });
    expect(within(section).getByRole('button', { name: 'Changer le jour' })).toBeDisabled();
    await userEvent.selectOptions(jour, 'le 15 du mois');
    await userEvent.click(within(section).getByRole('button', { name: 'Changer le jour' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('vous pourrez changer de jour à partir du 06/12/2026.');

    refuse = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Changer le jour' }));
    expect(
      await within(section).findByText('Vos cotisations seront prélevées le 15 du mois : prochain prélèvement le 15/01/2027.'),
    ).toBeVisible();
    expect(sent).toEqual([
      { numeroContrat: 'IND-004512', jour: 15 },
      { numeroContrat: 'IND-004512', jour: 15 },
    ]);
  });

  it('spreads what is owed in instalments through the member API, then shows them', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const plan = {
      montant: 38.5,
      mensualites: [
        { datePrelevement: '2027-01-05', montant: 19.25 },
        { datePrelevement: '2027-02-05', montant: 19.25 },
      ],
    };
    let contrat = aContrat({ montantImpaye: 38.5 });
    const sent: unknown[] = [];
    memberApi();
    server.use(
      http.get('/api/assure/contrats', () => HttpResponse.json([contrat])),
      http.post('/api/assure/plan-de-reglement', async ({ request }) => {
        sent.push(await request.json());
        contrat = aContrat({ montantImpaye: 0, planDeReglement: plan });
        return HttpResponse.json(plan, { status: 201 });
      }),
    );
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Demander' }));
    expect(
      await within(section).findByText(
        'Règlement en plusieurs fois : 38,50 € en 2 mensualités, prélevées avec vos cotisations.',
      ),
    ).toBeVisible();
    expect(within(section).getByText('19,25 € le 05/02/2027')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Demander' })).toBeNull();
    expect(sent).toEqual([{ numeroContrat: 'IND-004512', mensualites: 2 }]);
  });

  describe('« Payer … par carte »', () => {
    /** Each form the page posts: where to, and its fields as the browser would send them. */
    function recordPostedForms() {
      const posted: { action: string; method: string; fields: [string, string][] }[] = [];
      const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
        posted.push({
          action: this.action,
          method: this.method,
          fields: [...new FormData(this).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
        });
      });
      onTestFinished(() => {
        submit.mockRestore();
      });
      return posted;
    }

    const formulaire = {
      action: 'https://paiement.example/vads-payment/',
      champs: {
        vads_amount: '3850',
        vads_currency: '978',
        vads_order_id: 'CMD0001',
        vads_url_return: 'https://portail.example/mutuelle/cotisations/paiement/CMD0001',
        signature: 'k2P/9q+Xw==',
      },
    };

    it('pays what is owed at once on the provider’s page, posting it the form the portal signed', async () => {
      document.cookie = 'XSRF-TOKEN=jeton; path=/';
      memberApi({ contrats: [aContrat({ montantImpaye: 38.5 })] });
      const sent: unknown[] = [];
      server.use(
        http.post('/api/assure/paiements', async ({ request }) => {
          sent.push(await request.json());
          const paiement = {
            commande: 'CMD0001',
            numeroContrat: 'IND-004512',
            montant: 38.5,
            centimes: 3850,
            devise: 'EUR',
            statut: 'EN_ATTENTE',
            creeLe: '2026-11-23T14:01:00Z',
            expireLe: '2026-11-23T14:31:00Z',
          };
          return HttpResponse.json({ paiement, formulaire }, { status: 201 });
        }),
      );
      const posted = recordPostedForms();
      renderApp('/mutuelle/contrats-garanties#cotisations');
      const section = await screen.findByRole('region', { name: 'Mes cotisations' });

      const payer = await within(section).findByRole('button', { name: 'Payer 38,50\u00a0€ par carte' });
      // With what is owed, before « Régler en plusieurs fois ».
      const plan = within(section).getByRole('combobox', { name: 'Régler en plusieurs fois' });
      expect(payer.compareDocumentPosition(plan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await userEvent.click(payer);

      await waitFor(() => {
        expect(posted).toHaveLength(1);
      });
      expect(sent).toEqual([{ numeroContrat: 'IND-004512' }]);
      expect(posted).toEqual([{ action: formulaire.action, method: 'post', fields: Object.entries(formulaire.champs) }]);
    });

    it('shows the portal’s refusal, and posts nothing', async () => {
      document.cookie = 'XSRF-TOKEN=jeton; path=/';
      memberApi({ contrats: [aContrat({ montantImpaye: 38.5 })] });
      server.use(
        http.post('/api/assure/paiements', () =>
          errorBody(503, 'paiement_indisponible', 'Le paiement en ligne n’est pas disponible pour le moment.'),
        ),
      );
      const posted = recordPostedForms();
      renderApp('/mutuelle/contrats-garanties#cotisations');
      const section = await screen.findByRole('region', { name: 'Mes cotisations' });

      await userEvent.click(await within(section).findByRole('button', { name: 'Payer 38,50\u00a0€ par carte' }));

      expect(await within(section).findByRole('alert')).toHaveTextContent(
        'Le paiement en ligne n’est pas disponible pour le moment.',
      );
      expect(posted).toEqual([]);
    });

    it('is not offered when nothing is owed at once', async () => {
      memberApi({ contrats: [aContrat({ montantImpaye: 0 })] });
      renderApp('/mutuelle/contrats-garanties#cotisations');
      const section = await screen.findByRole('region', { name: 'Mes cotisations' });
      await within(section).findByText('Cotisation mensuelle de 187,40 €, par prélèvement.');
      expect(within(section).queryByRole('button', { name: /^Payer/ })).toBeNull();
    });

    it.each([
      ['someone acting for the member without the right to manage the contract', anActingSession({ droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'] })],
      ['a beneficiary in their own space', anActingSession({ nature: 'BENEFICIAIRE', droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'], retour: false })],
    ])('is not offered to %s', async (_, session) => {
      memberApi({ contrats: [aContrat({ montantImpaye: 38.5 })] });
      server.use(sessionIs(session));
      renderApp('/mutuelle/contrats-garanties#cotisations');
      const section = await screen.findByRole('region', { name: 'Mes cotisations' });
      expect(await within(section).findByText('Montant restant dû : 38,50 €.')).toBeVisible();
      expect(within(section).queryByRole('button', { name: /^Payer/ })).toBeNull();
    });

    it('is offered to a guardian who manages the contract', async () => {
      memberApi({ contrats: [aContrat({ montantImpaye: 38.5 })] });
      server.use(sessionIs(anActingSession({ nature: 'TUTELLE', droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'] })));
      renderApp('/mutuelle/contrats-garanties#cotisations');
      const section = await screen.findByRole('region', { name: 'Mes cotisations' });
      expect(await within(section).findByRole('button', { name: 'Payer 38,50\u00a0€ par carte' })).toBeVisible();
    });
  });

  it('offers no plan for less than the mutual’s minimum owed', async () => {
    memberApi({ contrats: [aContrat({ montantImpaye: 12 })] });
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    expect(await within(section).findByText('Montant restant dû : 12,00 €.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Demander' })).toBeNull();
  });

  it('focuses "Mes cotisations" on arrival at #cotisations, with the schedule and next due date', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Mes cotisations' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const section = screen.getByRole('region', { name: 'Mes cotisations' });
    expect(within(section).getByText('Prochaine échéance : 187,40 € le 05/12/2026')).toBeVisible();
    expect(within(section).getByText('Cotisation mensuelle de 187,40 €, par prélèvement.')).toBeVisible();
    const rows = within(section).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Du 01\/11\/2026 au 30\/11\/2026\s*05\/11\/2026\s*187,40\s€\s*Réglée$/);
    expect(rows[2]).toHaveTextContent(/À venir$/);
  });

  it('shows the other parts when the contracts fail', async () => {
    memberApi();
    server.use(http.get('/api/assure/contrats', () => errorBody(502, 'bad_gateway', 'Indisponible.')));
    renderApp('/mutuelle/contrats-garanties');
    expect(await screen.findAllByText('Vos contrats n’ont pas pu être chargés.')).not.toHaveLength(0);
    expect(await screen.findByText('100 % BRSS + 150 €')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Réessayer' }).length).toBeGreaterThan(0);
  });
});
