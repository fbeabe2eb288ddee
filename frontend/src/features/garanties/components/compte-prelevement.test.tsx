import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { browserLocation } from '@/lib/browser-location';
import { aContrat, anActingSession, errorBody, sessionIs, signedIn } from '@/test/fixtures';
import { recordSavedFiles, servePdfDocuments } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type MandatSepa = MemberApi<'MandatSepa'>;

afterEach(() => {
  vi.restoreAllMocks();
});

const texte =
  'En signant ce formulaire de mandat, vous autorisez Mutuelle Cogévie à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux instructions de Mutuelle Cogévie.';

/** The mandate Marie DUPONT signed in January, in force. */
function aMandat(overrides: Partial<MandatSepa> = {}): MandatSepa {
  return {
    rum: '100001-20260110-01',
    ics: 'FR72ZZZ123456',
    creancier: { nom: 'Mutuelle Cogévie', adresse: '12 rue de la Mutualité, 75015 Paris' },
    debiteur: { nom: 'Mme Marie DUPONT', adresse: '12 rue des Lilas, 69003 LYON' },
    titulaire: 'Marie DUPONT',
    ibanMasque: 'FR14 **** **** **** **** ***2 606',
    bic: 'PSSTFRPPXXX',
    typePaiement: 'RECURRENT',
    texte,
    statut: 'ACTIF',
    creeLe: '2026-01-10T09:25:00Z',
    codeExpireLe: '2026-01-10T09:35:00Z',
    codeEnvoyeA: 'm•••@example.org',
    signeLe: '2026-01-10T09:30:00Z',
    debut: '2026-01-10',
    fin: null,
    documentId: 41,
    ...overrides,
  };
}

/** The mandate the member API draws up for the account typed, to sign with its code. */
const aSigner = aMandat({
  rum: '100001-20261123-01',
  ibanMasque: 'FR76 **** **** **** **** ***0 189',
  bic: 'AGRIFRPPXXX',
  statut: 'A_SIGNER',
  creeLe: '2026-11-23T14:00:00Z',
  codeExpireLe: '2026-11-23T14:10:00Z',
  signeLe: null,
  debut: null,
  documentId: null,
});

const signe = { ...aSigner, statut: 'ACTIF' as const, signeLe: '2026-11-23T14:04:00Z', debut: '2026-11-23', documentId: 57 };

const typed = { titulaire: 'Marie DUPONT', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrppxxx' };

/**
 * « Mes garanties et mes services » of a member whose contracts are `contrats`, the member API
 * listing `mandats`; what the page asks of the mandates and the contracts, counted.
 */
function memberApi({
  contrats = [aContrat()],
  mandats = [aMandat()],
}: { contrats?: MemberApi<'Contrat'>[]; mandats?: MandatSepa[] | (() => Response) } = {}) {
  const asked = { mandats: 0, contrats: 0 };
  server.use(
    ...signedIn(),
    http.get('/api/assure/contrats', () => {
      asked.contrats += 1;
      return HttpResponse.json(contrats);
    }),
    http.get('/api/assure/mandats', () => {
      asked.mandats += 1;
      return typeof mandats === 'function' ? mandats() : HttpResponse.json({ mandats });
    }),
    http.get('/api/assure/droitsCompletAdherent', () => HttpResponse.json({ numeroPersonne: '100001', contrats: [] })),
    http.get('/api/assure/droitsAdherent', () =>
      HttpResponse.json({ numeroPersonne: '100001', couvert: true, beneficiaires: [] }),
    ),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json([])),
    http.get('/api/assure/echeance-prochaine', () => HttpResponse.json(null)),
    http.get('/api/assure/plafonds', () => HttpResponse.json([])),
  );
  return asked;
}

/** « Compte de prélèvement », in « Mes cotisations ». */
async function compteDePrelevement() {
  renderApp('/mutuelle/contrats-garanties#cotisations');
  const section = await screen.findByRole('region', { name: 'Mes cotisations' });
  await within(section).findByRole('heading', { level: 3, name: 'Compte de prélèvement' });
  return section;
}

/** What the mandate shown says against `label`. */
function entry(mandat: HTMLElement, label: string) {
  const dd = within(mandat).getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return dd;
}

/** The account's form opened, filled in with `typed` and sent with « Continuer ». */
async function continuer(section: HTMLElement) {
  await userEvent.click(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' }));
  await userEvent.type(await within(section).findByLabelText('Titulaire du compte'), typed.titulaire);
  await userEvent.type(within(section).getByLabelText('IBAN'), typed.iban);
  await userEvent.type(within(section).getByLabelText('BIC'), typed.bic);
  await userEvent.click(within(section).getByRole('button', { name: 'Continuer' }));
}

/** The member API drawing up `aSigner` for the account sent; each body, recorded. */
function drawsUpTheMandate() {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/assure/mandats', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(aSigner, { status: 201 });
    }),
  );
  return sent;
}

function leavesThePage() {
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  onTestFinished(() => {
    assign.mockRestore();
  });
  return assign;
}

describe('« Compte de prélèvement »', () => {
  it('names the mandate in force, once for the member, and downloads it', async () => {
    memberApi({
      contrats: [aContrat(), aContrat({ numeroContrat: 'IND-009', libelleProduit: 'Santé Sénior', statut: 'A_VENIR' })],
      mandats: [aMandat(), aMandat({ rum: '100001-20250302-01', statut: 'TERMINE', fin: '2026-01-10', documentId: 12 })],
    });
    const asked = servePdfDocuments();
    const saved = recordSavedFiles();
    const section = await compteDePrelevement();

    expect(
      await within(section).findByText(
        'Mandat 100001-20260110-01, signé le 10/01/2026, sur le compte FR14 **** **** **** **** ***2 606.',
      ),
    ).toBeVisible();
    expect(within(section).getAllByRole('heading', { name: 'Compte de prélèvement' })).toHaveLength(1);
    await userEvent.click(within(section).getByRole('button', { name: 'Télécharger le mandat' }));
    await waitFor(() => {
      expect(saved).toEqual(['mandat-sepa-100001-20260110-01.pdf']);
    });
    expect(asked).toEqual(['41 application/pdf']);
  });

  it('says when no mandate was signed online', async () => {
    memberApi({ mandats: [] });
    const section = await compteDePrelevement();

    expect(await within(section).findByText('Aucun mandat signé en ligne.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Télécharger le mandat' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });

  it('says the mandates could not be loaded, and still offers another account', async () => {
    memberApi({ mandats: () => errorBody(502, 'bad_gateway', 'Indisponible.') });
    const section = await compteDePrelevement();

    expect(await within(section).findByText('Votre mandat de prélèvement n’a pas pu être chargé.')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });

  it('opens the account’s form in place, its first field focused, and closes it with « Annuler »', async () => {
    memberApi();
    const section = await compteDePrelevement();

    await userEvent.click(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' }));

    const titulaire = await within(section).findByLabelText('Titulaire du compte');
    await waitFor(() => {
      expect(titulaire).toHaveFocus();
    });
    expect(within(section).getByLabelText('IBAN')).toHaveAccessibleDescription(
      'Les espaces sont acceptés, par exemple FR76 3000 6000 0112 3456 7890 189.',
    );
    expect(within(section).getByLabelText('BIC')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Continuer' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Annuler' }));

    expect(within(section).queryByLabelText('IBAN')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });

  it('checks the IBAN and the BIC as the bank details are, before asking the member API', async () => {
    memberApi();
    const sent = drawsUpTheMandate();
    const section = await compteDePrelevement();

    await userEvent.click(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' }));
    await userEvent.type(await within(section).findByLabelText('Titulaire du compte'), typed.titulaire);
    await userEvent.type(within(section).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    await userEvent.type(within(section).getByLabelText('BIC'), 'DEUTDEFFXXX');
    await userEvent.click(within(section).getByRole('button', { name: 'Continuer' }));

    expect(
      await within(section).findByText('Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.'),
    ).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the member API’s refusal of the account', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi();
    server.use(
      http.post('/api/assure/mandats', () =>
        errorBody(422, 'unprocessable_entity', 'Vous avez déjà demandé 5 mandats aujourd’hui : réessayez demain.'),
      ),
    );
    const section = await compteDePrelevement();

    await continuer(section);

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Vous avez déjà demandé 5 mandats aujourd’hui : réessayez demain.',
    );
    expect(within(section).getByLabelText('IBAN')).toHaveValue(typed.iban);
  });

  it('shows the mandate to sign, every mention and its wording, its heading focused, then asks for the code', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi();
    const sent = drawsUpTheMandate();
    const section = await compteDePrelevement();

    await continuer(section);

    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });
    await waitFor(() => {
      expect(within(mandat).getByRole('heading', { name: 'Mandat de prélèvement SEPA' })).toHaveFocus();
    });
    expect(sent).toEqual([{ titulaire: 'Marie DUPONT', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' }]);
    expect(entry(mandat, 'Référence unique du mandat (RUM)').textContent).toBe('100001-20261123-01');
    expect(entry(mandat, 'Identifiant créancier SEPA (ICS)').textContent).toBe('FR72ZZZ123456');
    expect(within(entry(mandat, 'Créancier')).getByText('Mutuelle Cogévie')).toBeVisible();
    expect(within(entry(mandat, 'Créancier')).getByText('12 rue de la Mutualité, 75015 Paris')).toBeVisible();
    expect(within(entry(mandat, 'Débiteur')).getByText('Mme Marie DUPONT')).toBeVisible();
    expect(within(entry(mandat, 'Débiteur')).getByText('12 rue des Lilas, 69003 LYON')).toBeVisible();
    expect(entry(mandat, 'Titulaire du compte').textContent).toBe('Marie DUPONT');
    expect(entry(mandat, 'IBAN').textContent).toBe('FR76 **** **** **** **** ***0 189');
    expect(entry(mandat, 'BIC').textContent).toBe('AGRIFRPPXXX');
    expect(entry(mandat, 'Type de paiement').textContent).toBe('Récurrent');
    expect(within(mandat).getByText(texte)).toBeVisible();

    const consigne =
      'Pour signer ce mandat, saisissez le code à 6 chiffres envoyé à m•••@example.org. Il est valable jusqu’à 15:10.';
    expect(within(mandat).getByText(consigne)).toBeVisible();
    const code = within(mandat).getByLabelText('Code reçu par courriel');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAccessibleDescription(consigne);
    expect(within(mandat).getByRole('button', { name: 'Signer le mandat' })).toBeVisible();
    // The form is gone; « Changer de compte de prélèvement » starts again.
    expect(within(section).queryByLabelText('IBAN')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });

  it('asks for the code’s six digits before sending it', async () => {
    memberApi({ mandats: [aSigner, aMandat()] });
    const sent: unknown[] = [];
    server.use(
      http.post('/api/assure/mandats/:rum/signature', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(signe);
      }),
    );
    const section = await compteDePrelevement();
    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });

    await userEvent.type(within(mandat).getByLabelText('Code reçu par courriel'), '48 2a');
    await userEvent.click(within(mandat).getByRole('button', { name: 'Signer le mandat' }));

    expect(within(mandat).getByLabelText('Code reçu par courriel')).toHaveValue('482');
    expect(await within(mandat).findByText('Saisissez les 6 chiffres du code reçu par courriel.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the member API’s refusal of a wrong code, with the tries left', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi();
    drawsUpTheMandate();
    server.use(
      http.post('/api/assure/mandats/:rum/signature', () =>
        errorBody(422, 'unprocessable_entity', 'Ce code n’est pas le bon. Il vous reste 4 essais.'),
      ),
    );
    const section = await compteDePrelevement();
    await continuer(section);
    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });

    await userEvent.type(within(mandat).getByLabelText('Code reçu par courriel'), '000000');
    await userEvent.click(within(mandat).getByRole('button', { name: 'Signer le mandat' }));

    expect(await within(mandat).findByRole('alert')).toHaveTextContent('Ce code n’est pas le bon. Il vous reste 4 essais.');
    expect(within(mandat).getByLabelText('Code reçu par courriel')).toHaveValue('000000');
  });

  it('signs with the code, says so with its focus, reads the mandates and the contracts again, and downloads it', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    let mandats = [aMandat()];
    const asked = memberApi({ mandats: () => HttpResponse.json({ mandats }) });
    drawsUpTheMandate();
    const signatures: [string, unknown][] = [];
    server.use(
      http.post('/api/assure/mandats/:rum/signature', async ({ params, request }) => {
        signatures.push([String(params.rum), await request.json()]);
        mandats = [signe, { ...aMandat(), statut: 'TERMINE', fin: '2026-11-23' }];
        return HttpResponse.json(signe);
      }),
    );
    const pdf = servePdfDocuments();
    const saved = recordSavedFiles();
    const section = await compteDePrelevement();
    await continuer(section);
    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });
    await waitFor(() => {
      expect(asked.mandats).toBe(2);
    });
    const before = { ...asked };

    await userEvent.type(within(mandat).getByLabelText('Code reçu par courriel'), '482913');
    await userEvent.click(within(mandat).getByRole('button', { name: 'Signer le mandat' }));

    const done = await within(section).findByText(
      'Votre mandat 100001-20261123-01 est signé : vos cotisations seront prélevées sur ce compte à partir d’aujourd’hui.',
    );
    expect(done).toHaveAttribute('role', 'status');
    await waitFor(() => {
      expect(done).toHaveFocus();
    });
    expect(signatures).toEqual([['100001-20261123-01', { code: '482913' }]]);
    await waitFor(() => {
      expect(asked.mandats).toBeGreaterThan(before.mandats);
    });
    expect(asked.contrats).toBeGreaterThan(before.contrats);
    expect(
      await within(section).findByText(
        'Mandat 100001-20261123-01, signé le 23/11/2026, sur le compte FR76 **** **** **** **** ***0 189.',
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('region', { name: 'Mandat de prélèvement SEPA' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Télécharger le mandat signé' }));
    await waitFor(() => {
      expect(saved).toEqual(['mandat-sepa-100001-20261123-01.pdf']);
    });
    expect(pdf).toEqual(['57 application/pdf']);
  });

  it('offers the mandate asked for a moment ago to sign, as the email’s link leads back here, without taking the focus', async () => {
    memberApi({ mandats: [aSigner, aMandat()] });
    const section = await compteDePrelevement();

    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });
    expect(entry(mandat, 'Référence unique du mandat (RUM)').textContent).toBe('100001-20261123-01');
    expect(within(mandat).getByLabelText('Code reçu par courriel')).toBeVisible();
    expect(within(mandat).getByRole('heading', { name: 'Mandat de prélèvement SEPA' })).not.toHaveFocus();
    // The one in force until it is signed.
    expect(section).toHaveTextContent('Mandat 100001-20260110-01, signé le 10/01/2026');
  });

  it('is there for a contract to come that is debited', async () => {
    memberApi({ contrats: [aContrat({ statut: 'A_VENIR' })] });
    const section = await compteDePrelevement();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });

  it.each([
    ['with no contract debited', [aContrat({ cotisation: { ...aContrat().cotisation, modePaiement: 'AUCUN' } })]],
    ['with only an ended contract debited', [aContrat({ statut: 'RESILIE', dateFin: '2025-12-31' })]],
  ])('is not there for a member %s, and the mandates are not asked for', async (_, contrats) => {
    const asked = memberApi({ contrats });
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    await within(section).findAllByRole('heading', { level: 3, name: 'Santé Famille Confort' });

    expect(within(section).queryByRole('heading', { name: 'Compte de prélèvement' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Changer de compte de prélèvement' })).toBeNull();
    expect(asked.mandats).toBe(0);
  });

  it.each([
    ['someone acting for the member without the right to manage the contract', anActingSession({ droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'] })],
    ['a beneficiary in their own space', anActingSession({ nature: 'BENEFICIAIRE', droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'], retour: false })],
  ])('is not shown to %s, and the mandates are not asked for', async (_, session) => {
    const asked = memberApi();
    server.use(sessionIs(session));
    renderApp('/mutuelle/contrats-garanties#cotisations');
    const section = await screen.findByRole('region', { name: 'Mes cotisations' });
    expect(await within(section).findByText('Cotisation mensuelle de 187,40 €, par prélèvement.')).toBeVisible();

    expect(within(section).queryByRole('heading', { name: 'Compte de prélèvement' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Changer de compte de prélèvement' })).toBeNull();
    expect(asked.mandats).toBe(0);
  });

  it('is shown to a guardian who manages the contract', async () => {
    memberApi();
    server.use(sessionIs(anActingSession({ nature: 'TUTELLE', droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'] })));
    const section = await compteDePrelevement();
    expect(within(section).getByRole('button', { name: 'Changer de compte de prélèvement' })).toBeVisible();
  });
});

describe('« Compte de prélèvement », when the portal asks to sign in again first', () => {
  const kept = 'espace-assure.reconnexion.mandat';

  it('says why, then keeps the account typed for the trip', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi();
    server.use(
      http.post('/api/assure/mandats', () =>
        errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
      ),
    );
    const assign = leavesThePage();
    const section = await compteDePrelevement();
    await continuer(section);

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(
      within(dialog).getByText(
        'Pour votre sécurité, confirmez votre identité avant de changer le compte de prélèvement de vos cotisations.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));

    expect(assign).toHaveBeenCalledWith('/auth/login?reauth=1&returnTo=/mutuelle/contrats-garanties%23cotisations');
    expect(JSON.parse(sessionStorage.getItem(kept) ?? 'null')).toEqual({ ...typed, code: '' });
  });

  it('comes back with the account’s form open as it was, the notice focused', async () => {
    memberApi();
    const sent = drawsUpTheMandate();
    sessionStorage.setItem(kept, JSON.stringify({ ...typed, code: '' }));
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    const section = await compteDePrelevement();

    const notice = await within(section).findByText(
      'Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.',
    );
    await waitFor(() => {
      expect(notice).toHaveFocus();
    });
    expect(within(section).getByLabelText('Titulaire du compte')).toHaveValue(typed.titulaire);
    expect(within(section).getByLabelText('IBAN')).toHaveValue(typed.iban);
    expect(within(section).getByLabelText('BIC')).toHaveValue(typed.bic);
    expect(sessionStorage.getItem(kept)).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Continuer' }));
    expect(await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' })).toBeVisible();
    expect(sent).toEqual([{ titulaire: 'Marie DUPONT', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' }]);
  });

  it('keeps the code typed, and comes back to the mandate to sign with it', async () => {
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
    memberApi({ mandats: [aSigner, aMandat()] });
    server.use(
      http.post('/api/assure/mandats/:rum/signature', () =>
        errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
      ),
    );
    leavesThePage();
    const section = await compteDePrelevement();
    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });
    await userEvent.type(within(mandat).getByLabelText('Code reçu par courriel'), '482913');
    await userEvent.click(within(mandat).getByRole('button', { name: 'Signer le mandat' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(
      within(dialog).getByText('Pour votre sécurité, confirmez votre identité avant de signer votre mandat de prélèvement.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));
    expect(JSON.parse(sessionStorage.getItem(kept) ?? 'null')).toEqual({ titulaire: '', iban: '', bic: '', code: '482913' });
  });

  it('comes back to the mandate to sign, the code typed there again', async () => {
    memberApi({ mandats: [aSigner, aMandat()] });
    sessionStorage.setItem(kept, JSON.stringify({ titulaire: '', iban: '', bic: '', code: '482913' }));
    const section = await compteDePrelevement();

    const mandat = await within(section).findByRole('region', { name: 'Mandat de prélèvement SEPA' });
    expect(within(mandat).getByLabelText('Code reçu par courriel')).toHaveValue('482913');
    expect(
      within(mandat).getByText('Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.'),
    ).toBeVisible();
  });
});
