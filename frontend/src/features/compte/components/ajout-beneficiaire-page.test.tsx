import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '@/api/get-session';
import { browserLocation } from '@/lib/browser-location';
import { aBeneficiaire, errorBody, signedIn } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

type AjoutBeneficiaire = MemberApi<'AjoutBeneficiaire'>;

const adresse = '/compte/informations-personnelles/ajout-beneficiaire';
const kept = 'espace-assure.reconnexion.ajout-beneficiaire';
const delai =
  'Déclarez votre nouveau-né dans les 3 mois suivant sa naissance : il est couvert dès sa naissance.';

/** `days` days before today, as a date field holds it. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function aDocument(id: number): MemberApi<'DocumentInfo'> {
  return { id, nomFichier: 'acte.pdf', typeMime: 'application/pdf', taille: 8, dateDepot: '2026-11-23', nature: 'PIECE_JOINTE', idDemande: null };
}

function demandeCreee(body: AjoutBeneficiaire): MemberApi<'Demande'> {
  return {
    id: 61,
    DateCreation: '2026-11-27',
    TypeCode: 'ABE',
    Etat: 'A_TRAITER',
    type: 'AJOUT_BENEFICIAIRE',
    objet: 'Déclaration de naissance',
    commentaire: null,
    dateMiseAJour: '2026-11-27',
    beneficiaire: null,
    documents: [],
    messages: [],
    ajoutBeneficiaire: {
      lien: body.lien,
      prenom: body.prenom,
      nom: body.nom,
      dateNaissance: body.dateNaissance,
      dateEffetPrevue: body.dateNaissance,
      decision: null,
    },
  };
}

/** The member API as the page uses it, for `user`; the bodies it received. */
function memberApi({ user = {}, content = {} }: { user?: Partial<User>; content?: Parameters<typeof signedIn>[1] } = {}) {
  const received = { bodies: [] as AjoutBeneficiaire[], uploads: 0 };
  server.use(
    ...signedIn(user, content),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json([aBeneficiaire()])),
    http.post('/api/document/upload', () => {
      received.uploads += 1;
      return HttpResponse.json([aDocument(100 + received.uploads)], { status: 201 });
    }),
    http.post('/api/document/ajoutBeneficiaire', async ({ request }) => {
      const body = (await request.json()) as AjoutBeneficiaire;
      received.bodies.push(body);
      return HttpResponse.json(demandeCreee(body), { status: 201 });
    }),
  );
  return received;
}

async function openPage() {
  const view = await renderAppLoaded(adresse);
  await screen.findByRole('heading', { level: 1, name: 'Ajouter un bénéficiaire' });
  return view;
}

function envoyer() {
  return userEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
}

async function choisir(groupe: string, choix: string) {
  await userEvent.click(within(screen.getByRole('group', { name: groupe })).getByRole('radio', { name: choix }));
}

async function identite(prenom: string, naissance: string) {
  await choisir('Civilité', 'Monsieur');
  await userEvent.type(screen.getByLabelText('Prénom'), prenom);
  await userEvent.type(screen.getByLabelText('Nom'), 'Dupont');
  await userEvent.type(screen.getByLabelText('Date de naissance'), naissance);
}

function joindre(name = 'acte-de-naissance.pdf') {
  return userEvent.upload(screen.getByLabelText('Justificatif'), new File(['%PDF-1.4'], name, { type: 'application/pdf' }));
}

describe('« Ajouter un bénéficiaire »', () => {
  it('is reached from the people covered, with the newborn’s deadline said first', async () => {
    memberApi();
    await renderAppLoaded('/compte/informations-personnelles');
    const section = await screen.findByRole('region', { name: 'Bénéficiaires' });
    await userEvent.click(within(section).getByRole('link', { name: 'Ajouter un bénéficiaire' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ajouter un bénéficiaire' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText(delai)).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: 'Qui souhaitez-vous ajouter ?' }))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Votre nouveau-né', 'Votre enfant', 'Votre conjoint ou partenaire (mariage, PACS ou concubinage)']);
    expect(
      screen.getByText('La mutuelle étudie votre demande, puis vous répond sur la page de la demande, dans « Mes demandes ».'),
    ).toBeVisible();
  });

  it('declares a newborn attached to the member’s number, with its birth certificate', async () => {
    const received = memberApi();
    await openPage();
    await choisir('Qui souhaitez-vous ajouter ?', 'Votre nouveau-né');
    await identite('Léo', daysAgo(10));
    expect(screen.getByRole('checkbox', { name: 'Rattacher mon enfant à mon numéro de sécurité sociale' })).toBeChecked();
    expect(screen.queryByLabelText('Son numéro de sécurité sociale')).not.toBeInTheDocument();
    expect(screen.getByText('Joignez l’acte de naissance de votre enfant (PDF, JPEG ou PNG).')).toBeVisible();
    await joindre();
    expect(await screen.findByText('Envoyé')).toBeVisible();
    await envoyer();

    const envoyee = await screen.findByText(
      'Votre demande est envoyée. La mutuelle vous répondra sur la page de la demande.',
    );
    await waitFor(() => {
      expect(envoyee).toHaveFocus();
    });
    expect(screen.getByRole('link', { name: 'Suivre ma demande' })).toHaveAttribute('href', '/mutuelle/demandes/61');
    expect(received.bodies).toEqual([
      {
        lien: 'NOUVEAU_NE',
        civilite: 'MONSIEUR',
        prenom: 'Léo',
        nom: 'Dupont',
        dateNaissance: daysAgo(10),
        numeroSecuriteSociale: null,
        idDocuments: [101],
      },
    ]);
  });

  it('asks a spouse’s own number, spaces left out, and their attestation de droits', async () => {
    const received = memberApi();
    await openPage();
    await choisir('Qui souhaitez-vous ajouter ?', 'Votre conjoint ou partenaire (mariage, PACS ou concubinage)');
    await identite('Julie', '1985-05-08');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(
      screen.getByText('Joignez l’attestation de droits à l’assurance maladie de votre conjoint (PDF, JPEG ou PNG).'),
    ).toBeVisible();
    // Born in Corsica: 2A counts as 19 in the key.
    await userEvent.type(screen.getByLabelText(/^Son numéro de sécurité sociale/), '2 85 05 2a 004 123 06');
    await joindre('attestation.pdf');
    await screen.findByText('Envoyé');
    await envoyer();

    await screen.findByText('Votre demande est envoyée. La mutuelle vous répondra sur la page de la demande.');
    expect(received.bodies[0]?.numeroSecuriteSociale).toBe('285052A00412306');
  });

  it('says each rule before sending, in the member API’s own words', async () => {
    const received = memberApi();
    await openPage();
    await envoyer();

    for (const message of [
      'Choisissez qui ajouter.',
      'Choisissez la civilité.',
      'Indiquez le prénom.',
      'Indiquez le nom.',
      'Indiquez la date de naissance.',
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }

    await choisir('Qui souhaitez-vous ajouter ?', 'Votre nouveau-né');
    await identite('Léo', daysAgo(120));
    await envoyer();
    expect(
      await screen.findByText(
        'Votre enfant est né il y a plus de 3 mois : déclarez-le comme enfant. Il sera couvert à partir du premier jour du mois suivant votre demande.',
      ),
    ).toBeVisible();

    await choisir('Qui souhaitez-vous ajouter ?', 'Votre enfant');
    await userEvent.click(screen.getByRole('checkbox'));
    const numero = screen.getByLabelText(/^Son numéro de sécurité sociale/);
    await userEvent.type(numero, '1 90 01 75 111');
    await envoyer();
    expect(
      await screen.findByText(
        'Le numéro de sécurité sociale comporte 15 caractères : 13 chiffres (2A ou 2B pour un département de Corse) et une clé de 2 chiffres.',
      ),
    ).toBeVisible();
    await userEvent.type(numero, '042 01');
    await envoyer();
    expect(
      await screen.findByText(
        'La clé du numéro de sécurité sociale (ses 2 derniers chiffres) ne correspond pas au numéro : vérifiez-le sur la carte Vitale ou l’attestation de droits.',
      ),
    ).toBeVisible();

    await choisir('Qui souhaitez-vous ajouter ?', 'Votre conjoint ou partenaire (mariage, PACS ou concubinage)');
    await userEvent.clear(screen.getByLabelText(/^Son numéro de sécurité sociale/));
    await envoyer();
    expect(
      await screen.findByText(
        'Indiquez le numéro de sécurité sociale de votre conjoint : seul un enfant peut être rattaché au vôtre.',
      ),
    ).toBeVisible();

    await choisir('Qui souhaitez-vous ajouter ?', 'Votre enfant');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.clear(screen.getByLabelText('Date de naissance'));
    await userEvent.type(screen.getByLabelText('Date de naissance'), '2015-04-02');
    await envoyer();
    await waitFor(() => {
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Joignez l’acte de naissance de votre enfant (PDF, JPEG ou PNG).',
      );
    });
    expect(received.bodies).toEqual([]);
  });

  it.each([
    [{}, 409, 'conflict', 'Cette personne est déjà couverte par votre contrat.'],
    [{ AuMoinsUnContratActifEtIndividuel: false }, 422, 'unprocessable', 'Un bénéficiaire s’ajoute à un contrat individuel en cours.'],
  ] as const)('shows the member API’s refusal as it says it, keeping what was typed (%#)', async (user, status, code, refus) => {
    memberApi({ user });
    server.use(http.post('/api/document/ajoutBeneficiaire', () => errorBody(status, code, refus)));
    await openPage();
    await choisir('Qui souhaitez-vous ajouter ?', 'Votre enfant');
    await identite('Emma', '2012-05-03');
    await joindre();
    await screen.findByText('Envoyé');
    await envoyer();

    // The refusal takes the focus, word for word (the page's live region repeats it).
    await waitFor(() => {
      expect(document.activeElement).toHaveTextContent(refus);
    });
    expect(document.activeElement).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Prénom')).toHaveValue('Emma');
  });

  it('keeps what was typed and the documents sent across the sign-in again, then sends them', async () => {
    memberApi();
    document.cookie = 'XSRF-TOKEN=jeton-xsrf; path=/';
    server.use(
      http.post('/api/document/ajoutBeneficiaire', () =>
        errorBody(403, 'reconnexion_requise', 'Pour votre sécurité, reconnectez-vous avant ce changement.'),
      ),
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    onTestFinished(() => {
      assign.mockRestore();
    });
    const first = await openPage();
    await choisir('Qui souhaitez-vous ajouter ?', 'Votre nouveau-né');
    await identite('Jade', daysAgo(5));
    await joindre();
    await screen.findByText('Envoyé');
    await envoyer();

    const dialog = await screen.findByRole('dialog', { name: 'Confirmez votre identité' });
    expect(
      within(dialog).getByText('Pour votre sécurité, confirmez votre identité avant d’ajouter un bénéficiaire.'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Me reconnecter' }));
    expect(assign).toHaveBeenCalledWith(`/auth/login?reauth=1&returnTo=${adresse}`);
    const gardee: unknown = JSON.parse(sessionStorage.getItem(kept) ?? 'null');
    expect(gardee).toMatchObject({ lien: 'NOUVEAU_NE', prenom: 'Jade', documents: '[{"id":101,"nom":"acte-de-naissance.pdf"}]' });

    // Back from the provider: a new page, the form as it was.
    first.unmount();
    server.resetHandlers();
    const received = memberApi();
    const view = await renderAppLoaded(adresse);
    const notice = await screen.findByText('Vous vous êtes reconnecté : vérifiez vos informations puis validez à nouveau.');
    await waitFor(() => {
      expect(notice).toHaveFocus();
    });
    expect(screen.getByLabelText('Prénom')).toHaveValue('Jade');
    expect(screen.getByText('acte-de-naissance.pdf')).toBeVisible();
    expect(sessionStorage.getItem(kept)).toBeNull();
    await envoyer();
    await screen.findByText('Votre demande est envoyée. La mutuelle vous répondra sur la page de la demande.');
    expect(received.bodies.at(-1)?.idDocuments).toEqual([101]);
    view.unmount();
  });
});

describe('« Ajouter un bénéficiaire », for a member who cannot ask the mutual', () => {
  const courtier = 'CABINET CHESNEAU ASSURANCES';
  const pageDuCourtier = { Id: 6, Titre: 'Cabinet Chesneau : vos contacts et services dédiés', courtierChesneau: true };
  const parLeCourtier =
    'Vos bénéficiaires (conjoint, enfants) sont gérés par votre courtier, CABINET CHESNEAU ASSURANCES : pour en ajouter un, adressez-vous à lui.';

  function noForm() {
    expect(screen.queryByRole('group', { name: 'Qui souhaitez-vous ajouter ?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer la demande' })).not.toBeInTheDocument();
    expect(screen.queryByText(delai)).not.toBeInTheDocument();
  }

  it('opens no form for a broker’s member who reaches its address, even with an individual contract', async () => {
    memberApi({ user: { courtier }, content: { menus: [pageDuCourtier] } });
    await openPage();

    const main = screen.getByRole('main');
    expect(within(main).getByText(parLeCourtier)).toBeVisible();
    // The sidebar's menu lists the page too.
    expect(
      await within(main).findByRole('link', { name: 'Cabinet Chesneau : vos contacts et services dédiés' }),
    ).toHaveAttribute('href', '/home/article/6');
    noForm();
  });

  it('names the broker alone when the menu has no page of theirs', async () => {
    memberApi({ user: { courtier: 'AGENCE SUD COURTAGE' } });
    await openPage();

    expect(
      screen.getByText(
        'Vos bénéficiaires (conjoint, enfants) sont gérés par votre courtier, AGENCE SUD COURTAGE : pour en ajouter un, adressez-vous à lui.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Vous trouverez ses coordonnées/)).not.toBeInTheDocument();
    noForm();
  });

  it('tells a struck-off member the contract has ended', async () => {
    memberApi({ user: { Radie: true, CarteTp: false, AuMoinsUnContratActifEtIndividuel: false } });
    await openPage();

    expect(screen.getByText('Votre contrat a pris fin : vous ne pouvez plus y ajouter de bénéficiaire.')).toBeVisible();
    noForm();
  });

  it('tells a member whose contract is to come that it has not begun', async () => {
    memberApi({ user: { Futur: true, CarteTp: false, CarteTpSuivante: true, AuMoinsUnContratActifEtIndividuel: false } });
    await openPage();

    expect(
      screen.getByText(
        'Votre contrat n’a pas encore pris effet : vous pourrez y ajouter un bénéficiaire dès qu’il aura commencé.',
      ),
    ).toBeVisible();
    noForm();
  });

});
