import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '@/api/get-session';
import { browserLocation } from '@/lib/browser-location';
import { aBeneficiaire, aDocumentEmis, errorBody, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const identite: MemberApi<'Identite'> = {
  numeroPersonne: '100001',
  Civilite: 'Mme',
  Prenom: 'marie',
  Nom: 'Dupont',
  dateNaissance: '1984-03-12',
  numeroSecuriteSociale: '284037511104260',
  caisseAssuranceMaladie: 'CPAM de Paris',
  statutNoemie: 'RACCORDE',
  email: 'marie.dupont@example.org',
  courtier: null,
};

const infos: MemberApi<'InfosPersonnelles'> = {
  numeroPersonne: '100001',
  Civilite: 'Mme',
  Prenom: 'Marie',
  Nom: 'DUPONT',
  dateNaissance: '1984-03-12',
  email: 'marie.dupont@example.org',
  telephonePortable: '06 12 34 56 78',
  telephoneFixe: null,
  adresse: {
    numeroEtVoie: '12 rue des Lilas',
    complementDestinataire: null,
    complementAdresse: 'Bâtiment B',
    lieuDit: null,
    codePostal: '75011',
    commune: 'PARIS',
    pays: 'FRANCE',
    dateModification: null,
  },
};

const compte: MemberApi<'CompteBancaire'> = {
  id: 1,
  usage: 'PRESTATIONS',
  titulaire: 'Mme Marie DUPONT',
  ibanMasque: 'FR76 **** **** **** **** ***0 189',
  bic: 'AGRIFRPPXXX',
  domiciliation: null,
  dateMiseAJour: '2026-01-01',
};

const communes = {
  '69002': [{ codePostal: '69002', codeCommune: '69382', nomCommune: 'Lyon 2e Arrondissement', libelleAcheminement: 'LYON' }],
  '99999': [],
};

function memberApi({ user = {}, content = {} }: { user?: Partial<User>; content?: Parameters<typeof signedIn>[1] } = {}) {
  const sent: { adresse: unknown[]; banque: unknown[] } = { adresse: [], banque: [] };
  server.use(
    ...signedIn(user, content),
    http.get('/api/assure/', () => HttpResponse.json(identite)),
    http.get('/api/assure/infos', () => HttpResponse.json(infos)),
    http.get('/api/assure/banques', () => HttpResponse.json([compte])),
    http.get('/api/assure/preferences', () =>
      HttpResponse.json({
        alertes: { remboursement: true, demande: true, document: true },
        zeroPapier: false,
        emailAlertes: null,
        emailContact: 'marie.dupont@example.org',
      }),
    ),
    http.get('/api/assure/documents', () =>
      HttpResponse.json({
        envois: { ATTESTATION: 'POSTE', RELEVE: 'POSTE', COURRIER: 'POSTE', ACCORD: 'POSTE' },
        documents: [aDocumentEmis()],
      }),
    ),
    http.get('/api/connexions', () =>
      HttpResponse.json([
        {
          id: 'c1',
          ouverteLe: '2026-11-24T09:12:00+01:00',
          derniereActivite: '2026-11-24T10:40:00+01:00',
          navigateur: 'Chrome 131',
          systeme: 'Windows',
          cetAppareil: true,
        },
      ]),
    ),
    http.get('/api/assure/beneficiairesInfosBancaires', () =>
      HttpResponse.json([
        { idBeneficiaire: 1, prenom: 'Marie', nom: 'DUPONT', lien: 'ASSURE_PRINCIPAL', coordonneesBancaires: compte },
        { idBeneficiaire: 4, prenom: 'Lucas', nom: 'DUPONT', lien: 'ENFANT', coordonneesBancaires: null },
      ]),
    ),
    http.get('/api/assure/beneficiaires', () =>
      HttpResponse.json([aBeneficiaire(), aBeneficiaire({ id: 4, prenom: 'Lucas', lien: 'ENFANT' })]),
    ),
    http.get('/api/assure/referentiel/communes-postale', ({ request }) => {
      const code = new URL(request.url).searchParams.get('codePostal') ?? '';
      return HttpResponse.json(code in communes ? communes[code as keyof typeof communes] : []);
    }),
    http.put('/api/assure/adresse', async ({ request }) => {
      const body = (await request.json()) as { putAdresse: Record<string, string> };
      sent.adresse.push(body);
      return HttpResponse.json({ ...infos.adresse, ...body.putAdresse, complementAdresse: null, dateModification: '2026-11-23' });
    }),
    http.post('/api/assure/beneficiaire/banque', async ({ request }) => {
      sent.banque.push(await request.json());
      return HttpResponse.json(compte);
    }),
  );
  return sent;
}

async function openPage() {
  renderApp('/compte/informations-personnelles');
  await screen.findByRole('heading', { level: 1, name: 'Mes informations personnelles' });
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('Mes informations personnelles', () => {
  it('shows the identity, grouped social-security number and NOEMIE status in words', async () => {
    memberApi();
    await openPage();
    const identity = region('Identité');
    expect(await within(identity).findByText('Mme Marie DUPONT')).toBeVisible();
    expect(within(identity).getByText('12/03/1984')).toBeVisible();
    expect(within(identity).getByText('2 84 03 75 111 042 60')).toBeVisible();
    expect(
      within(identity).getByText('Active : la Sécurité sociale nous transmet vos décomptes'),
    ).toBeVisible();
    expect(within(region('Coordonnées')).getByText('06 12 34 56 78')).toBeVisible();
  });

  it('says each person’s NOEMIE link in plain French', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/beneficiaires', () =>
        HttpResponse.json([
          aBeneficiaire(),
          aBeneficiaire({ id: 2, lien: 'CONJOINT', prenom: 'Thomas', statutNoemie: 'REFUSE' }),
          aBeneficiaire({ id: 3, lien: 'ENFANT', prenom: 'Emma', statutNoemie: 'NON_RACCORDE' }),
          aBeneficiaire({ id: 4, lien: 'ENFANT', prenom: 'Lucas', statutNoemie: 'EN_COURS_DE_RACCORDEMENT' }),
        ]),
      ),
    );
    await openPage();
    const beneficiaires = region('Bénéficiaires');
    const person = async (name: string) => (await within(beneficiaires).findByText(name)).closest('li');
    expect(await person('Marie DUPONT')).toHaveTextContent(
      'CPAM de Paris · Active : la Sécurité sociale nous transmet vos décomptes',
    );
    // The member's own line agrees with her civilité; a relative's, whose is not known, both ways.
    expect(await person('Marie DUPONT')).toHaveTextContent('née le 12/04/1980');
    expect(await person('Thomas DUPONT')).toHaveTextContent('né(e) le 12/04/1980');
    expect(await person('Thomas DUPONT')).toHaveTextContent(
      'CPAM de Paris · Refusée : une autre complémentaire santé reçoit vos décomptes',
    );
    expect(await person('Emma DUPONT')).toHaveTextContent('CPAM de Paris · Inactive : envoyez-nous vos décomptes');
    expect(await person('Lucas DUPONT')).toHaveTextContent('CPAM de Paris · En cours de mise en place');
  });

  it('offers the member’s certificates, and explains why there is none without a contract', async () => {
    memberApi();
    const asked: string[] = [];
    server.use(
      http.get('/api/assure/attestation', ({ request }) => {
        asked.push(new URL(request.url).search);
        return errorBody(404, 'not_found', 'Aucun contrat.');
      }),
    );
    await openPage();
    const attestations = region('Mes attestations');
    expect(await within(attestations).findByRole('option', { name: 'Marie DUPONT (vous)' })).toBeInTheDocument();
    await userEvent.click(within(attestations).getByRole('button', { name: 'Attestation de droits' }));

    expect(await within(attestations).findByRole('alert')).toHaveTextContent(
      'Aucune attestation n’est disponible : aucun contrat n’est enregistré à votre nom.',
    );
    expect(asked).toEqual(['?type=DROITS']);
  });

  it('shows the address as on an envelope', async () => {
    memberApi();
    await openPage();
    const address = await within(region('Adresse postale')).findByText('12 rue des Lilas');
    expect(address.closest('address')).toHaveTextContent(
      'Mme Marie DUPONTBâtiment B12 rue des Lilas75011 PARISFRANCE',
    );
  });

  it('changes the address, choosing the commune from the postal code', async () => {
    const sent = memberApi();
    await openPage();
    const section = region('Adresse postale');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await userEvent.clear(await screen.findByLabelText('Numéro et voie'));
    await userEvent.type(screen.getByLabelText('Numéro et voie'), '8 place Bellecour');
    await userEvent.clear(screen.getByLabelText('Bâtiment, résidence (facultatif)'));
    await userEvent.clear(screen.getByLabelText('Code postal'));
    await userEvent.type(screen.getByLabelText('Code postal'), '69002');
    const commune = screen.getByLabelText('Commune');
    await within(commune).findByRole('option', { name: 'LYON' });
    await userEvent.selectOptions(commune, 'LYON');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(section).findByText('Votre nouvelle adresse est enregistrée.')).toBeVisible();
    expect(within(section).getByText('69002 LYON')).toBeVisible();
    expect(sent.adresse).toEqual([
      {
        putAdresse: { numeroEtVoie: '8 place Bellecour', codePostal: '69002', commune: 'LYON', pays: 'FRANCE' },
        infoASupprimer: ['complementDestinataire', 'complementAdresse', 'lieuDit'],
      },
    ]);
  });

  it('says, next to the field, that a postal code is malformed or unknown', async () => {
    const sent = memberApi();
    await openPage();
    const section = region('Adresse postale');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    const code = await screen.findByLabelText('Code postal');
    await userEvent.clear(code);
    await userEvent.type(code, '99999');
    expect(await screen.findByText('Ce code postal n’existe pas : vérifiez-le.')).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, '690');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    const message = await screen.findByText('Le code postal compte 5 chiffres.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(message.id);
    expect(message).toHaveAttribute('role', 'alert');
    expect(sent.adresse).toHaveLength(0);
  });

  it('keeps what was typed, with the server’s message, when the change is refused', async () => {
    memberApi();
    server.use(
      http.put('/api/assure/adresse', () =>
        errorBody(400, 'bad_request', 'La commune LYON ne correspond pas au code postal 69002.'),
      ),
    );
    await openPage();
    const section = region('Adresse postale');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await userEvent.clear(await screen.findByLabelText('Code postal'));
    await userEvent.type(screen.getByLabelText('Code postal'), '69002');
    await within(screen.getByLabelText('Commune')).findByRole('option', { name: 'LYON' });
    await userEvent.selectOptions(screen.getByLabelText('Commune'), 'LYON');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText('La commune LYON ne correspond pas au code postal 69002.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Code postal')).toHaveValue('69002');
    expect(screen.getByLabelText('Numéro et voie')).toHaveValue('12 rue des Lilas');
  });

  it('changes a beneficiary’s bank details once the IBAN and BIC are right', async () => {
    const sent = memberApi();
    await openPage();
    const section = region('Coordonnées bancaires');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await userEvent.selectOptions(await within(section).findByLabelText('Compte de'), 'Lucas DUPONT');
    await userEvent.type(within(section).getByLabelText('Titulaire du compte'), 'Marie DUPONT');
    await userEvent.type(within(section).getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    await userEvent.type(within(section).getByLabelText('BIC'), 'DEUTDEFFXXX');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText('Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.'),
    ).toBeVisible();

    await userEvent.clear(within(section).getByLabelText('IBAN'));
    await userEvent.type(within(section).getByLabelText('IBAN'), 'fr76 3000 1007 9412 3456 7890 185');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText('Ce BIC n’est pas celui d’une banque du pays de l’IBAN.'),
    ).toBeVisible();
    expect(sent.banque).toHaveLength(0);

    await userEvent.clear(within(section).getByLabelText('BIC'));
    await userEvent.type(within(section).getByLabelText('BIC'), 'BDFEFRPPCCT');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText('Vos nouvelles coordonnées bancaires sont enregistrées.'),
    ).toBeVisible();
    expect(sent.banque).toEqual([
      { idBeneficiaire: 4, usage: 'PRESTATIONS', titulaire: 'Marie DUPONT', iban: 'FR7630001007941234567890185', bic: 'BDFEFRPPCCT' },
    ]);
  });

  it('keeps the bank form filled when the service is down', async () => {
    memberApi();
    server.use(
      http.post('/api/assure/beneficiaire/banque', () =>
        errorBody(502, 'bad_gateway', 'Le service est momentanément indisponible. Veuillez réessayer plus tard.'),
      ),
    );
    await openPage();
    const section = region('Coordonnées bancaires');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await userEvent.type(await within(section).findByLabelText('Titulaire du compte'), 'Marie DUPONT');
    await userEvent.type(within(section).getByLabelText('IBAN'), 'FR7630001007941234567890185');
    await userEvent.type(within(section).getByLabelText('BIC'), 'BDFEFRPP');
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(section).findByText(
        'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
        { selector: 'p' },
      ),
    ).toBeVisible();
    expect(within(section).getByLabelText('IBAN')).toHaveValue('FR7630001007941234567890185');
  });

  it('ends with the member’s preferences, their documents, their sessions, their data to take away, then the people acting for them', async () => {
    memberApi();
    await openPage();
    const connexions = region('Mes connexions');
    expect(await within(connexions).findByText('Chrome 131 sur Windows')).toBeVisible();
    expect(within(connexions).getByText('Aucune autre connexion ouverte.')).toBeVisible();
    expect(await within(region('Mes préférences')).findByText('Un nouveau remboursement')).toBeVisible();
    const documents = region('Mes documents');
    expect(await within(documents).findByRole('link', { name: 'Devis de lunettes' })).toBeVisible();
    const sections = screen.getAllByRole('region');
    const proches = region('Agir pour un proche');
    expect(sections.slice(-5)).toEqual([region('Mes préférences'), documents, connexions, region('Mes données'), proches]);
    expect(within(proches).getByRole('link', { name: 'Gérer les personnes qui agissent pour vous' })).toHaveAttribute(
      'href',
      '/compte/proches',
    );
  });

  it('shows the other parts when the identity fails, with a retry', async () => {
    memberApi();
    server.use(http.get('/api/assure/', () => errorBody(502, 'bad_gateway', 'Indisponible.')));
    await openPage();
    expect(await screen.findByText('Votre identité n’a pas pu être chargée.')).toBeVisible();
    expect(within(region('Identité')).getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await waitFor(() => {
      expect(within(region('Adresse postale')).getByText('12 rue des Lilas')).toBeVisible();
    });
  });
});

describe('the address form, opened', () => {
  it('shows the saved commune as chosen once the communes of its code arrive', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/infos', () =>
        HttpResponse.json({ ...infos, adresse: { ...infos.adresse, codePostal: '69002', commune: 'LYON' } }),
      ),
    );
    renderApp('/compte/informations-personnelles');
    const section = await screen.findByRole('region', { name: 'Adresse postale' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Commune')).toHaveValue('LYON');
    });
  });
});

describe('the people covered, for a member who cannot ask the mutual to add one', () => {
  function beneficiaires() {
    return screen.findByRole('region', { name: 'Bénéficiaires' });
  }

  it('name the broker of a broker’s member in place of « Ajouter un bénéficiaire », with the way to its page', async () => {
    memberApi({
      user: { courtier: 'CABINET CHESNEAU ASSURANCES', AuMoinsUnContratActifEtIndividuel: false },
      content: { menus: [{ Id: 6, Titre: 'Cabinet Chesneau : vos contacts et services dédiés', courtierChesneau: true }] },
    });
    renderApp('/compte/informations-personnelles');
    const section = await beneficiaires();

    expect(
      within(section).getByText(
        'Vos bénéficiaires (conjoint, enfants) sont gérés par votre courtier, CABINET CHESNEAU ASSURANCES : pour en ajouter un, adressez-vous à lui.',
      ),
    ).toBeVisible();
    expect(
      await within(section).findByRole('link', { name: 'Cabinet Chesneau : vos contacts et services dédiés' }),
    ).toHaveAttribute('href', '/home/article/6');
    expect(screen.queryByRole('link', { name: 'Ajouter un bénéficiaire' })).not.toBeInTheDocument();
  });

  it('say to a struck-off member that the contract has ended, in place of « Ajouter un bénéficiaire »', async () => {
    memberApi({ user: { Radie: true, CarteTp: false, AuMoinsUnContratActifEtIndividuel: false } });
    renderApp('/compte/informations-personnelles');
    const section = await beneficiaires();

    expect(
      within(section).getByText('Votre contrat a pris fin : vous ne pouvez plus y ajouter de bénéficiaire.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ajouter un bénéficiaire' })).not.toBeInTheDocument();
  });

  it('lead a member a contract covers to « Ajouter un bénéficiaire »', async () => {
    memberApi();
    renderApp('/compte/informations-personnelles');
    const section = await beneficiaires();

    expect(within(section).getByRole('link', { name: 'Ajouter un bénéficiaire' })).toHaveAttribute(
      'href',
      '/compte/informations-personnelles/ajout-beneficiaire',
    );
  });
});

describe('the bank details, when the portal asks to sign in again first', () => {
  const kept = 'espace-assure.reconnexion.banque';
  const typed = { beneficiaire: '4', titulaire: 'Marie DUPONT', iban: 'FR76 3000 1007 9412 3456 7890 185', bic: 'BDFEFRPPCCT' };

  function leavesThePage() {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    onTestFinished(() => {
      assign.mockRestore();
    });
    return assign;
  }

  /** The bank form filled in and sent, the portal asking to sign in again first. */
  async function sentAndRefused() {
    memberApi();
    document.cookie = 'XSRF-TOKEN=jeton-xsrf; path=/';
    server.use(
      http.post('/api/assure/beneficiaire/banque', () =>
        errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
      ),
    );
    const assign = leavesThePage();
    await openPage();
    const section = region('Coordonnées bancaires');
    await userEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    await userEvent.selectOptions(await within(section).findByLabelText('Compte de'), 'Lucas DUPONT');
    await userEvent.type(within(section).getByLabelText('Titulaire du compte'), typed.titulaire);
    await userEvent.type(within(section).getByLabelText('IBAN'), typed.iban);
    await userEvent.type(within(section).getByLabelText('BIC'), typed.bic);
    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    return { assign, section, dialog };
  }

  it('says why first, then keeps what was typed and goes through the provider back to the page', async () => {
    const { assign, section, dialog } = await sentAndRefused();

    expect(
      within(dialog).getByText('Pour votre sécurité, confirmez votre identité avant de modifier vos coordonnées bancaires.'),
    ).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));

    expect(assign).toHaveBeenCalledWith('/auth/login?reauth=1&returnTo=/compte/informations-personnelles');
    expect(JSON.parse(sessionStorage.getItem(kept) ?? 'null')).toEqual(typed);
    // The form's values alone: never the anti-forgery token.
    expect(Object.keys(sessionStorage)).toEqual([kept]);
    expect(screen.queryByText(/reconnectez-vous/)).not.toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).getByLabelText('IBAN')).toHaveValue(typed.iban);
  });

  it('leaves the form as it was with « Annuler », saying it was not saved', async () => {
    const { assign, section, dialog } = await sentAndRefused();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    expect(screen.queryByRole('dialog', { name: 'Confirmez votre identité' })).not.toBeInTheDocument();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Pour votre sécurité, reconnectez-vous avant ce changement.',
    );
    expect(within(section).getByLabelText('Compte de')).toHaveValue('4');
    expect(within(section).getByLabelText('Titulaire du compte')).toHaveValue(typed.titulaire);
    expect(within(section).getByLabelText('IBAN')).toHaveValue(typed.iban);
    expect(within(section).getByLabelText('BIC')).toHaveValue(typed.bic);
    expect(within(section).getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(kept)).toBeNull();
  });

  it('comes back with the form open as it was, the notice focused, and saves it', async () => {
    const sent = memberApi();
    sessionStorage.setItem(kept, JSON.stringify(typed));
    await openPage();
    const section = region('Coordonnées bancaires');

    const notice = await within(section).findByText(
      'Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.',
    );
    await waitFor(() => {
      expect(notice).toHaveFocus();
    });
    expect(within(section).getByLabelText('Compte de')).toHaveValue('4');
    expect(within(section).getByLabelText('Titulaire du compte')).toHaveValue(typed.titulaire);
    expect(within(section).getByLabelText('IBAN')).toHaveValue(typed.iban);
    expect(within(section).getByLabelText('BIC')).toHaveValue(typed.bic);
    // Taken out once back: a reload afterwards starts afresh.
    expect(sessionStorage.getItem(kept)).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await within(section).findByText('Vos nouvelles coordonnées bancaires sont enregistrées.'),
    ).toBeVisible();
    expect(sent.banque).toEqual([
      { idBeneficiaire: 4, usage: 'PRESTATIONS', titulaire: 'Marie DUPONT', iban: 'FR7630001007941234567890185', bic: 'BDFEFRPPCCT' },
    ]);
  });

  it('opens nothing and says nothing on an ordinary visit', async () => {
    memberApi();
    await openPage();
    const section = region('Coordonnées bancaires');

    expect(await within(section).findByRole('button', { name: 'Modifier' })).toBeVisible();
    expect(screen.queryByText(/Vous vous êtes reconnecté/)).not.toBeInTheDocument();
  });
});
