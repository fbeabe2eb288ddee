import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Contrats } from '@/api/get-contrats';
import type { SessionDelegation, User } from '@/api/get-session';
import { type Brand, defaultBrand } from '@/config/brand';
import { toIsoDate } from '@/lib/format-date';
import {
  aContrat,
  aHome,
  aSession,
  aSessionDelegation,
  errorBody,
  homeIs,
  noRemboursements,
  sessionIs,
  signedIn,
} from '@/test/fixtures';
import { pageReady, renderApp, renderAppPastDataWait } from '@/test/render-app';
import { server } from '@/test/server';
import type { ApercuDemande, Home, Nouveaute, Remboursement } from '../api/get-home';

const failed = { error: { status: 502, code: 'bad_gateway', message: 'Service indisponible.' } };

function aRemboursement(overrides: Partial<Remboursement> = {}): Remboursement {
  return {
    paymentId: 'P1',
    paymentDate: '2026-11-02',
    beneficiaryFirstName: 'marie',
    beneficiaryLastName: 'Dupont',
    detailRemboursement: [
      {
        labelExternalCode: 'Consultation',
        startDate: '2026-10-28',
        expenseAmount: 30,
        refundableAmount: 9,
      },
    ],
    ...overrides,
  };
}

function aDemande(overrides: Partial<ApercuDemande> = {}): ApercuDemande {
  return { id: 1, DateCreation: '2026-11-01', TypeCode: 'DEV', Etat: 'EN_COURS', ...overrides };
}

interface Setup {
  user?: Partial<User>;
  /** The session of someone acting for the member. */
  delegation?: SessionDelegation;
  brand?: Brand;
  /** `assure/contrats`, asked for the home of a member no contract covers today. */
  contrats?: Contrats | HttpResponseResolver;
}

/** The home page of a signed-in member, `/api/home` answering `home` (or as `resolver` says). */
/** The home page in the shell, its answer maybe still on its way. */
async function renderHomeLoading(
  home: Home | HttpResponseResolver,
  { user = {}, delegation, brand, contrats }: Setup = {},
  { answerHeld = false } = {},
) {
  server.use(...signedIn(user));
  if (delegation) server.use(sessionIs(aSession(user, { delegation })));
  if (contrats) {
    server.use(
      http.get('/api/assure/contrats', typeof contrats === 'function' ? contrats : () => HttpResponse.json(contrats)),
    );
  }
  // A second `use`: these handlers take precedence over the default home answer above.
  server.use(typeof home === 'function' ? http.get('/api/home', home) : homeIs(home));
  const options = brand ? { brand } : {};
  const view = answerHeld
    ? await renderAppPastDataWait('/home', '/api/home', options)
    : renderApp('/home', options);
  await screen.findByText('Bienvenue sur votre espace assuré');
  return view;
}

/**
 * The home page once its answer is painted. The loaded dashboard replaces its placeholders
 * with another tree, so a test holding a section before then would hold a detached copy.
 */
async function renderHome(home: Home | HttpResponseResolver, setup: Setup = {}) {
  const view = await renderHomeLoading(home, setup);
  await waitFor(() => {
    expect(screen.getByRole('main').querySelector('[aria-busy="true"]')).toBeNull();
  });
  return view;
}

function tiles() {
  return screen.getByRole('navigation', { name: 'Accès rapides' });
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

/** An answer held back until `release` is called: the page in its loading state. */
function heldBack(home: Home) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const resolver: HttpResponseResolver = async () => {
    await gate;
    return HttpResponse.json(home);
  };
  return { resolver, release };
}

describe('the home page', () => {
  it('is titled "Accueil"', async () => {
    await renderHome(aHome());

    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeInTheDocument();
    await pageReady('Accueil');
  });

  it('paints from one request, the news banner included', async () => {
    let calls = 0;
    await renderHome(() => {
      calls += 1;
      return HttpResponse.json(
        aHome({
          bandeau: {
            data: { Libelle: 'Nouveau', Texte: 'Votre carte.', URL: null, Visible: true },
          },
          remboursements: { data: [aRemboursement()] },
        }),
      );
    });

    expect(await screen.findByRole('region', { name: 'Nouveautés' })).toHaveTextContent(
      'Votre carte.',
    );
    expect(
      within(section('Vos derniers remboursements')).getAllByRole('link', { name: /^Paiement du/ }),
    ).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('holds the download modal, hidden until a file downloads', async () => {
    await renderHome(aHome());

    const modal = document.querySelector('dialog:has(> [role="status"])');
    expect(modal).toHaveTextContent('Téléchargement du fichier');
    expect(modal).not.toHaveAttribute('open');
  });
});

describe('the home tiles', () => {
  const year = new Date().getFullYear();

  it('follow the flags of the session and the next due date', async () => {
    await renderHome(
      aHome({
        echeanceProchaine: {
          data: {
            numeroContrat: 'IND-1',
            dateEcheance: '2026-12-05',
            montant: 45.9,
            modePaiement: 'PRELEVEMENT',
            impaye: null,
          },
        },
      }),
    );
    await within(tiles()).findByRole('link', { name: /^Mes cotisations/ });

    const links = within(tiles()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'Envoyer une facture ou un devis',
        '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
      ],
      ['Mes informations personnelles', '/compte/informations-personnelles'],
      [`Ma carte de Tiers Payant ${String(year)}-${String(year + 1)}`, '/mutuelle/smart-carte'],
      ['Mes garanties et mes services', '/mutuelle/contrats-garanties'],
      [
        'Mes cotisationsProchaine échéance le 05/12/2026',
        '/mutuelle/contrats-garanties#cotisations',
      ],
      ['Estimer mon remboursement', '/mutuelle/contrats-garanties/estimation'],
      ['Résilier un contrat', '/mutuelle/contrats-garanties/resiliation'],
    ]);
  });

  it('leave out contributions when no due date is scheduled', async () => {
    await renderHome(aHome({ echeanceProchaine: { data: null } }));
    await within(tiles()).findByRole('link', { name: 'Mes garanties et mes services' });

    expect(within(tiles()).queryByRole('link', { name: /cotisations/ })).not.toBeInTheDocument();
  });

  it('name only the next year for a member waiting for a first card', async () => {
    await renderHome(aHome(), { user: { CarteTp: false, CarteTpSuivante: true, Futur: true }, contrats: [] });

    expect(
      await within(tiles()).findByRole('link', {
        name: `Ma carte de Tiers Payant ${String(year + 1)}`,
      }),
    ).toHaveAttribute('href', '/mutuelle/smart-carte');
  });

  it('leave a struck-off member the invoice only, under its own label', async () => {
    await renderHome(aHome(), {
      user: { Radie: true, CarteTp: false, AuMoinsUnContratActifEtIndividuel: false },
      contrats: [],
    });
    await screen.findByRole('navigation', { name: 'Accès rapides' });

    expect(
      within(tiles())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Envoyer une facture']);
  });

  it('lead where they say', async () => {
    const { router } = await renderHome(aHome());

    // The page's own data, once there.
    server.use(http.get('/api/assure/*', () => HttpResponse.json([])));
    await userEvent.click(
      await within(tiles()).findByRole('link', { name: 'Mes informations personnelles' }),
    );

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/compte/informations-personnelles');
    });
  });

  it('come with the "Effectuer une demande" button', async () => {
    await renderHome(aHome());

    expect(await screen.findByRole('link', { name: 'Effectuer une demande' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/creation',
    );
  });
});

describe('the home of someone acting for a member', () => {
  const demande = aDemande();

  it('offers only what the delegation’s rights open, the guarantees always', async () => {
    await renderHome(aHome({ demandes: { data: [demande] } }), {
      delegation: aSessionDelegation({ droits: ['REMBOURSEMENTS'] }),
    });

    expect(
      within(tiles())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Mes garanties et mes services', 'Estimer mon remboursement']);
    expect(screen.queryByRole('link', { name: 'Effectuer une demande' })).not.toBeInTheDocument();
    expect(section('Vos derniers remboursements')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Vos demandes en cours' })).not.toBeInTheDocument();
  });

  it('offers the requests, the card and the account with their rights, not the reimbursements without theirs', async () => {
    await renderHome(aHome({ demandes: { data: [demande] } }), {
      delegation: aSessionDelegation({ droits: ['DEMANDES', 'ATTESTATIONS', 'GESTION'] }),
    });

    expect(
      within(tiles())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
      '/compte/informations-personnelles',
      '/mutuelle/smart-carte',
      '/mutuelle/contrats-garanties',
      '/mutuelle/contrats-garanties/estimation',
      '/mutuelle/contrats-garanties/resiliation',
    ]);
    expect(screen.getByRole('link', { name: 'Effectuer une demande' })).toBeVisible();
    expect(section('Vos demandes en cours')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Vos derniers remboursements' })).not.toBeInTheDocument();
  });
});

describe('a debit the bank rejected', () => {
  const impaye = { montant: 38.5, dateEcheance: '2026-10-05', motifRejet: 'provision insuffisante' };
  const echeance = {
    data: { numeroContrat: 'COL-1', dateEcheance: '2027-01-05', montant: 38.5, modePaiement: 'PRELEVEMENT' as const, impaye },
  };

  it('tops the home with which debit, why, what is owed and what to do', async () => {
    await renderHome(aHome({ echeanceProchaine: echeance }));
    const notice = section('Une cotisation reste à régler');
    expect(notice).toHaveTextContent(
      'Votre banque a rejeté le prélèvement de votre cotisation du 05/10/2026 : provision insuffisante.',
    );
    expect(notice).toHaveTextContent('Vous devez 38,50 € à votre mutuelle.');
    expect(notice).toHaveTextContent(
      'Vérifiez que votre compte est approvisionné ; si vous avez changé de compte, signez un nouveau mandat de prélèvement dans « Mes cotisations ». Vous pouvez aussi régler ce montant en ligne par carte ou en plusieurs fois : sans règlement, vos garanties pourraient être suspendues.',
    );
    expect(within(notice).getByRole('link', { name: 'Voir mes cotisations' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties#cotisations',
    );
  });

  it('leads to another account to debit by a new mandate, in « Mes cotisations »', async () => {
    await renderHome(aHome({ echeanceProchaine: echeance }));
    const notice = section('Une cotisation reste à régler');
    expect(within(notice).getByRole('link', { name: 'Changer de compte de prélèvement' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties#cotisations',
    );
    expect(within(notice).queryByRole('link', { name: 'Mettre à jour mes coordonnées bancaires' })).toBeNull();
  });

  it('leads to paying online, beside what is owed in « Mes cotisations »', async () => {
    await renderHome(aHome({ echeanceProchaine: echeance }));
    const notice = section('Une cotisation reste à régler');
    const links = within(notice).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')]).slice(0, 2)).toEqual([
      ['Voir mes cotisations', '/mutuelle/contrats-garanties#cotisations'],
      ['Payer en ligne', '/mutuelle/contrats-garanties#cotisations'],
    ]);
  });

  it('offers neither another account nor paying online to someone acting for the member without that right', async () => {
    await renderHome(aHome({ echeanceProchaine: echeance }), { delegation: aSessionDelegation() });
    const notice = section('Une cotisation reste à régler');
    expect(within(notice).queryByRole('link', { name: 'Changer de compte de prélèvement' })).toBeNull();
    expect(within(notice).queryByRole('link', { name: 'Payer en ligne' })).toBeNull();
    expect(within(notice).getByRole('link', { name: 'Voir mes cotisations' })).toBeVisible();
    expect(notice).toHaveTextContent(
      'Vérifiez que votre compte est approvisionné. Régler ce montant en ligne ou en plusieurs fois, ou changer de compte de prélèvement, se fait depuis l’espace du titulaire du contrat : sans règlement, vos garanties pourraient être suspendues.',
    );
    expect(notice).not.toHaveTextContent('Vous pouvez aussi régler ce montant en ligne');
  });

  it('is not there when nothing is owed', async () => {
    await renderHome(aHome({ echeanceProchaine: { data: { ...echeance.data, impaye: null } } }));
    expect(screen.queryByRole('region', { name: 'Une cotisation reste à régler' })).toBeNull();
  });
});

describe('"Vos derniers remboursements"', () => {
  it('shows one card per payment, leading to its payment day', async () => {
    server.use(...noRemboursements());
    const { router } = await renderHome(
      aHome({
        remboursements: {
          data: [aRemboursement(), aRemboursement({ paymentId: 'P2', paymentDate: '2026-10-19' })],
        },
      }),
    );

    const cards = await within(section('Vos derniers remboursements')).findAllByRole('link', {
      name: /^Paiement du/,
    });
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/mutuelle/remboursements/2026-11-02',
      '/mutuelle/remboursements/2026-10-19',
    ]);
    await userEvent.click(screen.getByRole('link', { name: /^Paiement du 19\/10\/2026/ }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/mutuelle/remboursements/2026-10-19');
    });
  });

  it('shows the payment day, the beneficiary and each line formatted', async () => {
    await renderHome(aHome({ remboursements: { data: [aRemboursement()] } }));

    const card = await within(section('Vos derniers remboursements')).findByRole('link', {
      name: /^Paiement du/,
    });
    expect(card).toHaveTextContent('Paiement du 02/11/2026');
    expect(card).toHaveTextContent('Marie DUPONT');
    expect(card).toHaveTextContent('Consultation');
    expect(card).toHaveTextContent('Soins du 28/10/2026');
    // Text matching folds the no-break spaces of the French format into plain ones.
    expect(card).toHaveTextContent('Montant réel30,00 €');
    expect(card).toHaveTextContent('Remb. Cogévie9,00 €');
  });

  it('names the provider of the brand in "Remb."', async () => {
    await renderHome(aHome({ remboursements: { data: [aRemboursement()] } }), {
      brand: { ...defaultBrand, provider: 'Mutuelle Horizon' },
    });

    expect(
      await within(section('Vos derniers remboursements')).findByText('Remb. Mutuelle Horizon'),
    ).toBeVisible();
  });

  it('shows at most 2 lines per payment', async () => {
    const line = {
      labelExternalCode: 'Pharmacie',
      startDate: '2026-10-28',
      expenseAmount: 12.3,
      refundableAmount: 4,
    };
    await renderHome(
      aHome({
        remboursements: {
          data: [
            aRemboursement({
              detailRemboursement: [
                { ...line, labelExternalCode: 'Ligne 1' },
                { ...line, labelExternalCode: 'Ligne 2' },
                { ...line, labelExternalCode: 'Ligne 3' },
              ],
            }),
          ],
        },
      }),
    );

    const card = await within(section('Vos derniers remboursements')).findByRole('link', {
      name: /^Paiement du/,
    });
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(card).not.toHaveTextContent('Ligne 3');
  });

  it('writes "-" for a missing amount or date', async () => {
    await renderHome(
      aHome({
        remboursements: {
          data: [
            aRemboursement({
              detailRemboursement: [
                {
                  labelExternalCode: 'Consultation',
                  startDate: null,
                  expenseAmount: 30,
                  refundableAmount: null,
                },
              ],
            }),
          ],
        },
      }),
    );

    const card = await within(section('Vos derniers remboursements')).findByRole('link', {
      name: /^Paiement du/,
    });
    expect(card).toHaveTextContent('Soins du -');
    expect(card).toHaveTextContent('Remb. Cogévie-');
  });

  it('shows a payment without a readable day unlinked', async () => {
    await renderHome(
      aHome({ remboursements: { data: [aRemboursement({ paymentDate: '26-11-02' })] } }),
    );

    const region = section('Vos derniers remboursements');
    expect(await within(region).findByText('Paiement du -')).toBeVisible();
    expect(within(region).queryByRole('link', { name: /^Paiement du/ })).not.toBeInTheDocument();
  });

  it('leads to all reimbursements with "Voir tout"', async () => {
    await renderHome(aHome());

    expect(
      within(section('Vos derniers remboursements')).getByRole('link', { name: 'Voir tout' }),
    ).toHaveAttribute('href', '/mutuelle/remboursements');
  });

  it('says when there is no reimbursement yet', async () => {
    await renderHome(aHome({ remboursements: { data: [] } }));

    expect(
      await within(section('Vos derniers remboursements')).findByText(
        'Vous n’avez pas de remboursement pour l’instant',
      ),
    ).toBeVisible();
  });
});

describe('"Vos demandes en cours"', () => {
  it('shows each request with its creation day, type and state', async () => {
    await renderHome(aHome({ demandes: { data: [aDemande()] } }));

    const row = await within(section('Vos demandes en cours')).findByRole('listitem');
    expect(row).toHaveTextContent('Créée le 01/11/2026');
    expect(row).toHaveTextContent('Envoi de devis');
    expect(row).toHaveTextContent('En cours');
  });

  it.each(['TERMINE', 'Traité'])(
    'shows a check icon for a request in the state %s',
    async (Etat) => {
      await renderHome(aHome({ demandes: { data: [aDemande({ Etat })] } }));

      const row = await within(section('Vos demandes en cours')).findByRole('listitem');
      expect(within(row).getByRole('img', { name: 'Demande traitée' })).toBeInTheDocument();
      expect(within(row).queryByRole('img', { name: /en attente/ })).not.toBeInTheDocument();
    },
  );

  it.each(['A_TRAITER', 'EN_COURS', 'EN_ATTENTE_DE_PIECES', 'INCONNU'])(
    'shows a clock icon for a request in the state %s',
    async (Etat) => {
      await renderHome(aHome({ demandes: { data: [aDemande({ Etat })] } }));

      const row = await within(section('Vos demandes en cours')).findByRole('listitem');
      expect(
        within(row).getByRole('img', { name: 'Demande en attente de traitement' }),
      ).toBeInTheDocument();
    },
  );

  it('labels types and states from the catalogue', async () => {
    await renderHome(
      aHome({
        demandes: {
          data: [
            aDemande({ id: 1, TypeCode: 'RAD', Etat: 'Traité' }),
            aDemande({ id: 2, TypeCode: 'PEH', Etat: 'EN_ATTENTE_DE_PIECES' }),
          ],
        },
      }),
    );

    const rows = await within(section('Vos demandes en cours')).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('RésiliationTraitée');
    expect(rows[1]).toHaveTextContent('Prise en charge hospitalièreEn attente de pièces');
  });

  it('leads to all requests with "Voir toutes vos demandes"', async () => {
    await renderHome(aHome());

    expect(
      within(section('Vos demandes en cours')).getByRole('link', {
        name: 'Voir toutes vos demandes',
      }),
    ).toHaveAttribute('href', '/mutuelle/demandes');
  });

  it('says when every request has been dealt with', async () => {
    await renderHome(aHome({ demandes: { data: [] } }));

    expect(
      await within(section('Vos demandes en cours')).findByText(
        'Toutes vos demandes ont été traitées.',
      ),
    ).toBeVisible();
  });
});

describe('the home of a member no contract covers today', () => {
  const jean: Partial<User> = {
    Civilite: 'M.',
    Prenom: 'Jean',
    Nom: 'MARTIN',
    Radie: true,
    CarteTp: false,
    AuMoinsUnContratActifEtIndividuel: false,
  };
  const lea: Partial<User> = { Futur: true, CarteTp: false, CarteTpSuivante: true, AuMoinsUnContratActifEtIndividuel: false };

  /** `days` days before today, as the member API writes a date. */
  function daysAgo(days: number): string {
    const date = new Date();
    date.setDate(date.getDate() - days);
    return toIsoDate(date);
  }

  function ended(dateFin: string): Contrats {
    return [aContrat({ numeroContrat: 'IND-001187', statut: 'RESILIE', dateDebut: '2015-01-01', dateFin })];
  }

  /** What `dateFin` reads as on screen. */
  function shown(dateFin: string): string {
    return dateFin.split('-').reverse().join('/');
  }

  function notice() {
    return screen.getByRole('region', { name: 'Votre contrat' });
  }

  it('says first that the contract ended, what stays possible, and the invoice tile says for which care', async () => {
    const dateFin = daysAgo(340);
    await renderHome(aHome(), { user: jean, contrats: ended(dateFin) });

    expect(notice()).toHaveTextContent(`Votre contrat IND-001187 a pris fin le ${shown(dateFin)}.`);
    expect(notice()).toHaveTextContent(
      'Vous pouvez toujours consulter vos remboursements passés et télécharger les attestations de votre période de couverture.',
    );
    expect(notice()).toHaveTextContent(
      `Vous pouvez encore nous envoyer vos factures de soins reçus jusqu’au ${shown(dateFin)}, dans les deux ans suivant les soins.`,
    );
    expect(within(notice()).getByRole('link', { name: 'Voir mes remboursements' })).toHaveAttribute(
      'href',
      '/mutuelle/remboursements',
    );
    expect(within(notice()).getByRole('link', { name: 'Mes attestations' })).toHaveAttribute(
      'href',
      '/mutuelle/contrats-garanties',
    );
    // Above the shortcuts and everything else of the dashboard.
    expect(notice().compareDocumentPosition(tiles()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(tiles())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`Envoyer une facturePour vos soins jusqu’au ${shown(dateFin)}`]);
  });

  it('offers no invoice once the two years after the contract’s end have passed', async () => {
    await renderHome(aHome(), { user: jean, contrats: ended(daysAgo(2 * 366 + 1)) });

    expect(notice()).toHaveTextContent(
      'Le délai de deux ans pour nous envoyer les factures des soins reçus pendant votre contrat est écoulé.',
    );
    expect(notice()).not.toHaveTextContent(/envoyer vos factures/);
    expect(screen.queryByRole('link', { name: /Envoyer une facture/ })).not.toBeInTheDocument();
  });

  it('does not urge a struck-off member to set up the télétransmission', async () => {
    await renderHome(
      aHome({ raccordements: { data: [{ idBeneficiaire: 1, lien: 'ASSURE_PRINCIPAL', prenom: 'Jean', nom: 'MARTIN', statutNoemie: 'NON_RACCORDE' }] } }),
      { user: jean, contrats: ended(daysAgo(340)) },
    );

    expect(notice()).toBeVisible();
    expect(screen.queryByRole('region', { name: 'La télétransmission de vos décomptes' })).not.toBeInTheDocument();
    expect(screen.queryByText(/nous ne pouvons pas rembourser ses soins sans eux/)).not.toBeInTheDocument();
  });

  it('says when a contract to come takes effect, and the invoice tile from when', async () => {
    await renderHome(aHome(), {
      user: lea,
      contrats: [aContrat({ numeroContrat: 'IND-010342', statut: 'A_VENIR', dateDebut: '2027-01-01' })],
    });

    expect(notice()).toHaveTextContent('Votre contrat IND-010342 prend effet le 01/01/2027.');
    expect(notice()).toHaveTextContent('Les soins reçus avant cette date ne sont pas couverts par ce contrat.');
    expect(within(tiles()).getByRole('link', { name: /^Envoyer une facture ou un devis/ })).toHaveTextContent(
      'Pour vos soins à partir du 01/01/2027',
    );
  });

  it('appears with the dashboard, which waits for the contracts rather than be pushed down by them', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const banner = { Libelle: 'Nouveau', Texte: 'Votre carte.', URL: null, Visible: true };
    await renderHomeLoading(aHome({ bandeau: { data: banner } }), {
      user: jean,
      contrats: async () => {
        await gate;
        return HttpResponse.json(ended(daysAgo(340)));
      },
    });
    // The home's own answer is in: the banner above the dashboard comes from it.
    await screen.findByRole('region', { name: 'Nouveautés' });

    expect(screen.queryByRole('navigation', { name: 'Accès rapides' })).not.toBeInTheDocument();

    release();

    expect(await screen.findByRole('region', { name: 'Votre contrat' })).toBeVisible();
    expect(tiles()).toBeVisible();
  });

  it('says when the contracts could not be read, and reads them again', async () => {
    let calls = 0;
    await renderHome(aHome(), {
      user: jean,
      contrats: () => {
        calls += 1;
        return calls === 1 ? errorBody(502, 'bad_gateway', 'Service indisponible.') : HttpResponse.json(ended(daysAgo(340)));
      },
    });

    expect(screen.getByText('Les informations sur votre contrat n’ont pas pu être chargées.')).toBeVisible();
    const shortcuts = tiles();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByRole('region', { name: 'Votre contrat' })).toHaveTextContent('IND-001187');
    // The dashboard stayed while the contracts were read again: no placeholders in between.
    expect(shortcuts).toBeInTheDocument();
    expect(screen.queryByText('Les informations sur votre contrat n’ont pas pu être chargées.')).not.toBeInTheDocument();
  });

  it('is not asked for the contracts of a covered member', async () => {
    let asked = 0;
    await renderHome(aHome(), {
      contrats: () => {
        asked += 1;
        return HttpResponse.json([aContrat()]);
      },
    });

    expect(screen.queryByRole('region', { name: 'Votre contrat' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});

describe('while the home data loads', () => {
  it('shows skeletons in both lists, then the data', async () => {
    const { resolver, release } = heldBack(
      aHome({ remboursements: { data: [aRemboursement()] }, demandes: { data: [aDemande()] } }),
    );
    await renderHomeLoading(resolver, {}, { answerHeld: true });

    expect(
      await screen.findByText('Chargement de vos derniers remboursements…'),
    ).toBeInTheDocument();
    expect(screen.getByText('Chargement de vos demandes…')).toBeInTheDocument();
    expect(
      within(section('Vos derniers remboursements')).queryByRole('list'),
    ).not.toBeInTheDocument();

    release();

    expect(await screen.findByRole('link', { name: /^Paiement du 02\/11\/2026/ })).toBeVisible();
    expect(screen.queryByText('Chargement de vos demandes…')).not.toBeInTheDocument();
  });
});

describe('a part that failed', () => {
  it('shows a French message and a retry while the rest of the page works', async () => {
    let calls = 0;
    await renderHome(() => {
      calls += 1;
      return HttpResponse.json(
        aHome({
          remboursements: calls === 1 ? failed : { data: [aRemboursement()] },
          demandes: { data: [aDemande()] },
        }),
      );
    });
    const remboursements = section('Vos derniers remboursements');

    expect(
      await within(remboursements).findByText(
        'Vos derniers remboursements n’ont pas pu être chargés.',
      ),
    ).toBeVisible();
    expect(within(section('Vos demandes en cours')).getByText('Envoi de devis')).toBeVisible();
    expect(
      within(tiles()).getByRole('link', { name: 'Mes informations personnelles' }),
    ).toBeVisible();

    await userEvent.click(within(remboursements).getByRole('button', { name: 'Réessayer' }));

    expect(await within(remboursements).findByRole('link', { name: /^Paiement du/ })).toBeVisible();
    expect(calls).toBe(2);
  });

  it('for the requests, keeps the reimbursements shown', async () => {
    await renderHome(aHome({ remboursements: { data: [aRemboursement()] }, demandes: failed }));

    expect(
      await within(section('Vos demandes en cours')).findByText(
        'Vos demandes n’ont pas pu être chargées.',
      ),
    ).toBeVisible();
    expect(
      within(section('Vos derniers remboursements')).getByRole('link', { name: /^Paiement du/ }),
    ).toBeVisible();
  });

  it('for the due date, says so in place of the contributions tile', async () => {
    await renderHome(aHome({ echeanceProchaine: failed }));

    expect(
      await screen.findByText(
        'La date de votre prochaine échéance de cotisations n’a pas pu être chargée.',
      ),
    ).toBeVisible();
    expect(within(tiles()).queryByRole('link', { name: /cotisations/ })).not.toBeInTheDocument();
  });

  it('for the due date, says nothing to a struck-off member, who has no such tile', async () => {
    await renderHome(aHome({ echeanceProchaine: failed }), { user: { Radie: true }, contrats: [] });
    await screen.findByRole('navigation', { name: 'Accès rapides' });

    expect(screen.queryByText(/échéance/)).not.toBeInTheDocument();
  });

  it('for the news banner, says so at the top', async () => {
    await renderHome(aHome({ bandeau: failed }));

    expect(await screen.findByText('Les nouveautés n’ont pas pu être chargées.')).toBeVisible();
  });

  it('when the whole request failed, leaves the tiles and offers a retry in each part', async () => {
    let calls = 0;
    await renderHome(() => {
      calls += 1;
      return calls === 1
        ? errorBody(502, 'bad_gateway', 'Service indisponible.')
        : HttpResponse.json(aHome({ demandes: { data: [aDemande()] } }));
    });

    const demandes = section('Vos demandes en cours');
    expect(
      await within(demandes).findByText('Vos demandes n’ont pas pu être chargées.'),
    ).toBeVisible();
    expect(
      within(section('Vos derniers remboursements')).getByText(
        'Vos derniers remboursements n’ont pas pu être chargés.',
      ),
    ).toBeVisible();
    expect(
      within(tiles()).getByRole('link', { name: 'Mes garanties et mes services' }),
    ).toBeVisible();

    await userEvent.click(within(demandes).getByRole('button', { name: 'Réessayer' }));

    expect(await within(demandes).findByText('Envoi de devis')).toBeVisible();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    });
  });
});

describe('"Depuis votre dernière visite"', () => {
  function aNouveaute(overrides: Partial<Nouveaute> = {}): Nouveaute {
    return {
      type: 'REMBOURSEMENT',
      survenuLe: '2026-11-18T08:00:00+01:00',
      paymentId: null,
      paymentDate: null,
      montantRembourse: null,
      demandeId: null,
      TypeCode: null,
      Etat: null,
      nomFichier: null,
      ...overrides,
    };
  }

  const depuis = '2026-11-15T18:30:00+01:00';

  it('lists, newest first, each payment, change, answer and document, leading to its page', async () => {
    await renderHome(
      aHome({
        nouveautes: {
          data: {
            depuis,
            evenements: [
              aNouveaute({ paymentId: 'P9', paymentDate: '2026-11-17', montantRembourse: 1234.5 }),
              aNouveaute({ type: 'STATUT_DEMANDE', demandeId: 12, TypeCode: 'OPT', Etat: 'EN_ATTENTE_DE_PIECES' }),
              aNouveaute({ type: 'REPONSE_DEMANDE', demandeId: 61, TypeCode: 'SNR', Etat: 'EN_COURS' }),
              aNouveaute({ type: 'DOCUMENT', demandeId: 61, TypeCode: 'SNR', nomFichier: 'reponse-mutuelle.pdf' }),
            ],
          },
        },
      }),
    );

    const items = within(section('Depuis votre dernière visite')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Nouveau remboursement du 17/11/20261\u202f234,50\u00a0€',
      'Votre demande Remboursement optique : En attente de pièces',
      'Réponse de votre mutuelle à votre demande Signalement d’un soin non reconnu',
      'Nouveau document : reponse-mutuelle.pdf',
    ]);
    expect(
      items.map((item) => within(item).getByRole('link').getAttribute('href')),
    ).toEqual([
      '/mutuelle/remboursements/2026-11-17',
      '/mutuelle/demandes/12',
      '/mutuelle/demandes/61',
      '/mutuelle/demandes/61',
    ]);
  });

  it('comes before the latest reimbursements', async () => {
    await renderHome(aHome({ nouveautes: { data: { depuis, evenements: [] } } }));

    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    const titles = regions.map((id) => (id ? document.getElementById(id)?.textContent : null));
    expect(titles.indexOf('Depuis votre dernière visite')).toBeLessThan(
      titles.indexOf('Vos derniers remboursements'),
    );
  });

  it('says nothing is new since the day of the last visit', async () => {
    await renderHome(aHome({ nouveautes: { data: { depuis, evenements: [] } } }));

    expect(
      within(section('Depuis votre dernière visite')).getByText(
        'Rien de nouveau depuis votre dernière visite du 15/11/2026.',
      ),
    ).toBeVisible();
  });

  it('is left out on a first sign-in ever', async () => {
    await renderHome(aHome({ nouveautes: { data: { depuis: null, evenements: [] } } }));
    await screen.findByRole('region', { name: 'Vos derniers remboursements' });

    expect(screen.queryByRole('region', { name: 'Depuis votre dernière visite' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Rien de nouveau/)).not.toBeInTheDocument();
  });

  it('shows a payment without a readable day, unlinked', async () => {
    await renderHome(
      aHome({
        nouveautes: {
          data: { depuis, evenements: [aNouveaute({ paymentDate: null, montantRembourse: 9 })] },
        },
      }),
    );

    const region = section('Depuis votre dernière visite');
    expect(within(region).getByRole('listitem')).toHaveTextContent('Nouveau remboursement du -9,00 €');
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so, with a retry, when its part failed, while the rest of the page works', async () => {
    let calls = 0;
    await renderHome(() => {
      calls += 1;
      return HttpResponse.json(
        aHome({
          nouveautes: calls === 1 ? failed : { data: { depuis, evenements: [] } },
          demandes: { data: [aDemande()] },
        }),
      );
    });
    const region = section('Depuis votre dernière visite');

    expect(
      within(region).getByText('Ce qui a changé depuis votre dernière visite n’a pas pu être chargé.'),
    ).toBeVisible();
    expect(within(section('Vos demandes en cours')).getByText('Envoi de devis')).toBeVisible();

    await userEvent.click(within(region).getByRole('button', { name: 'Réessayer' }));

    expect(await within(region).findByText(/^Rien de nouveau depuis/)).toBeVisible();
  });
});

describe('the mutual’s unread messages', () => {
  async function renderWithNonLus(nonLus: { total: number; demandes: { id: number; nonLus: number }[] }) {
    server.use(...signedIn());
    server.use(homeIs(aHome()), http.get('/api/demandes/nonLus', () => HttpResponse.json(nonLus)));
    renderApp('/home');
    await screen.findByText('Bienvenue sur votre espace assuré');
  }

  it('lead to the request that holds them all', async () => {
    await renderWithNonLus({ total: 2, demandes: [{ id: 12, nonLus: 2 }] });

    const line = await screen.findByText(/^Votre mutuelle vous a écrit : 2 messages non lus\./);
    expect(within(line).getByRole('link', { name: 'Lire les messages' })).toHaveAttribute('href', '/mutuelle/demandes/12');
  });

  it('speak of one message in the singular', async () => {
    await renderWithNonLus({ total: 1, demandes: [{ id: 12, nonLus: 1 }] });

    const line = await screen.findByText(/^Votre mutuelle vous a écrit : 1 message non lu\./);
    expect(within(line).getByRole('link', { name: 'Lire le message' })).toHaveAttribute('href', '/mutuelle/demandes/12');
  });

  it('lead to the list when they are on several requests', async () => {
    await renderWithNonLus({ total: 3, demandes: [{ id: 14, nonLus: 1 }, { id: 12, nonLus: 2 }] });

    const line = await screen.findByText(/^Votre mutuelle vous a écrit : 3 messages non lus\./);
    expect(within(line).getByRole('link', { name: 'Voir vos demandes' })).toHaveAttribute('href', '/mutuelle/demandes');
  });

  it('say nothing when everything is read', async () => {
    await renderWithNonLus({ total: 0, demandes: [] });

    await screen.findByRole('heading', { name: 'Vos demandes en cours' });
    expect(screen.queryByText(/Votre mutuelle vous a écrit/)).not.toBeInTheDocument();
  });
});
