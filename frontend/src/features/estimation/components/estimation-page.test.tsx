import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@/api/get-session';
import { aBeneficiaire, anEstimation, anInfosPersonnelles, errorBody, signedIn } from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const beneficiaires = [
  aBeneficiaire(),
  aBeneficiaire({ id: 2, lien: 'ENFANT', prenom: 'Emma', nom: 'DUPONT' }),
];

/** The member API as the page uses it; the bodies it received, for the assertions. */
function memberApi({
  people = beneficiaires,
  answer = anEstimation(),
  user = {},
}: { people?: MemberApi<'Beneficiaire'>[]; answer?: MemberApi<'Estimation'> | Response; user?: Partial<User> } = {}) {
  const received: unknown[] = [];
  server.use(
    ...signedIn(user),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json(people)),
    http.post('/api/assure/estimation', async ({ request }) => {
      received.push(await request.json());
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return received;
}

async function openPage() {
  renderApp('/mutuelle/contrats-garanties/estimation');
  await pageReady('Estimer mon remboursement');
  return screen.findByLabelText('Type de soin');
}

async function estimer() {
  await userEvent.click(screen.getByRole('button', { name: 'Estimer' }));
}

describe('Estimer mon remboursement', () => {
  it('asks for whom, which care by domain, and the price, the member chosen first', async () => {
    memberApi();
    const soin = await openPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Estimer mon remboursement' })).toBeVisible();
    expect(screen.getByLabelText('Pour qui ?')).toHaveDisplayValue('Marie DUPONT');
    expect(
      within(soin)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Optique', 'Dentaire', 'Audiologie', 'Hospitalisation']);
    expect(within(soin).getByRole('option', { name: 'Orthodontie (un semestre)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prix indiqué sur le devis')).toBeVisible();
    expect(
      screen.getByRole('group', { name: 'Ce que le devis indique de la Sécurité sociale (facultatif)' }),
    ).toBeVisible();
    // Neither the basket nor a quantity before a care that asks them.
    expect(screen.queryByRole('group', { name: /100 % Santé/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre de nuits')).not.toBeInTheDocument();
  });

  it('starts with the person and care its address chooses, from an allowance of « Mes garanties »', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties/estimation?beneficiaire=2&soin=OPTIQUE_VERRES_SIMPLES');
    await pageReady('Estimer mon remboursement');
    expect(await screen.findByLabelText('Type de soin')).toHaveDisplayValue('Lunettes : monture et verres simples');
    expect(screen.getByLabelText('Pour qui ?')).toHaveDisplayValue('Emma DUPONT');
  });

  it('leaves aside a person or care of its address that it does not know', async () => {
    memberApi();
    renderApp('/mutuelle/contrats-garanties/estimation?beneficiaire=99&soin=MASSAGE');
    await pageReady('Estimer mon remboursement');
    expect(await screen.findByLabelText('Type de soin')).toHaveValue('');
    expect(screen.getByLabelText('Pour qui ?')).toHaveDisplayValue('Marie DUPONT');
  });

  it('checks the form before asking anything, each message at its field', async () => {
    const received = memberApi();
    await openPage();
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '450,125');
    await estimer();

    expect(await screen.findByText('Choisissez le type de soin.')).toBeVisible();
    const prix = screen.getByLabelText('Prix indiqué sur le devis');
    expect(prix).toHaveAttribute('aria-invalid', 'true');
    expect(prix).toHaveAccessibleDescription(/Indiquez au plus deux chiffres après la virgule\./);
    expect(received).toEqual([]);
  });

  it('asks the basket question in French when it was passed by, never the form library’s words', async () => {
    const received = memberApi();
    const soin = await openPage();
    await userEvent.selectOptions(soin, 'Lunettes : monture et verres simples');
    // Tabbing through the question without answering it, as a member does.
    screen.getByRole('radio', { name: 'Oui' }).focus();
    await userEvent.tab();
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '450');
    await estimer();
    expect(await screen.findByText('Indiquez si l’équipement fait partie du panier 100 % Santé.')).toBeVisible();
    expect(screen.queryByText(/Invalid input/)).not.toBeInTheDocument();
    expect(received).toEqual([]);
  });

  it('sends exactly the quote’s care, basket, price and what it says of the Sécurité sociale', async () => {
    const received = memberApi();
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Pour qui ?'), 'Emma DUPONT');
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Couronne');
    const panier = screen.getByRole('group', {
      name: 'Équipement du panier 100 % Santé (classe A, reste à charge zéro) ?',
    });
    await userEvent.click(within(panier).getByRole('radio', { name: 'Oui' }));
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '1 250,50');
    await userEvent.type(screen.getByLabelText('Base de remboursement (BRSS), en euros'), '120');
    await userEvent.type(screen.getByLabelText('Taux de remboursement, en %'), '60');
    await estimer();

    await waitFor(() => {
      expect(received).toEqual([
        { idBeneficiaire: 2, soin: 'DENTAIRE_COURONNE', centPourCentSante: true, prix: 1250.5, baseSecu: 120, tauxSecu: 60 },
      ]);
    });
  });

  it('sends false for the basket of a care without one, and no quantity', async () => {
    const received = memberApi();
    await openPage();
    // Chosen for a crown, then the care changed to one without a basket.
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Couronne');
    await userEvent.click(screen.getByRole('radio', { name: 'Oui' }));
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Implant');
    expect(screen.queryByRole('radio', { name: 'Oui' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '1800');
    await estimer();

    await waitFor(() => {
      expect(received).toEqual([{ idBeneficiaire: 1, soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 1800 }]);
    });
  });

  it('asks the ears for hearing aids and the nights for a private room, and sends them', async () => {
    const received = memberApi();
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Aide auditive');
    await userEvent.click(screen.getByRole('radio', { name: 'Non' }));
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '2400');
    await estimer();
    expect(await screen.findByText('Choisissez une oreille ou les deux.')).toBeVisible();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Pour combien d’oreilles ?' })).getByRole('radio', {
        name: 'Les deux oreilles',
      }),
    );
    await estimer();
    await screen.findByRole('heading', { level: 2, name: 'Votre estimation' });

    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Chambre particulière');
    expect(screen.queryByRole('group', { name: /100 % Santé/ })).not.toBeInTheDocument();
    const nuits = screen.getByLabelText('Nombre de nuits');
    await userEvent.clear(nuits);
    await userEvent.type(nuits, '3');
    await estimer();

    await waitFor(() => {
      expect(received).toEqual([
        { idBeneficiaire: 1, soin: 'AUDIOLOGIE_AIDE_AUDITIVE', centPourCentSante: false, prix: 2400, quantite: 2 },
        { idBeneficiaire: 1, soin: 'HOSPITALISATION_CHAMBRE_PARTICULIERE', centPourCentSante: false, prix: 2400, quantite: 3 },
      ]);
    });
  });

  it('says the base is needed for fees beyond the official rate', async () => {
    memberApi();
    await openPage();
    const base = screen.getByLabelText('Base de remboursement (BRSS), en euros');
    expect(base).toHaveAccessibleDescription('Par exemple 52,50');
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Dépassements d’honoraires');

    expect(base).toHaveAccessibleDescription(
      'Obligatoire pour des dépassements d’honoraires : le devis l’indique.',
    );
  });

  it('shows the answer below the form, its heading focused', async () => {
    memberApi();
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Lunettes : monture et verres simples');
    await userEvent.click(screen.getByRole('radio', { name: 'Non' }));
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '450');
    await estimer();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Votre estimation' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const answer = screen.getByRole('region', { name: 'Votre estimation' });
    expect(within(answer).getByText('Reste à votre charge', { selector: 'strong' })).toBeVisible();
    expect(within(answer).getByText('244,60 €', { normalizer: (text) => text.replace(/\s/g, ' ') })).toBeVisible();
    expect(within(answer).getByRole('note')).toHaveTextContent('Estimation indicative');
    expect(within(answer).getByRole('link', { name: 'Envoyer ce devis à votre mutuelle' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/creation?type=ENVOI_DE_DEVIS',
    );
  });

  it.each([
    ['OPTIQUE_LENTILLES', 'Trouver un opticien partenaire', 'OPTICIEN'],
    ['DENTAIRE_IMPLANT', 'Trouver un dentiste partenaire', 'DENTISTE'],
    ['AUDIOLOGIE_AIDE_AUDITIVE', 'Trouver un audioprothésiste partenaire', 'AUDIOPROTHESISTE'],
  ] as const)('leads from an estimate of %s to the partners who provide it', async (soin, name, specialite) => {
    // The answer's care decides, whatever the form said.
    memberApi({ answer: anEstimation({ soin }) });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Implant');
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '900');
    await estimer();

    const answer = await screen.findByRole('region', { name: 'Votre estimation' });
    expect(within(answer).getByRole('link', { name })).toHaveAttribute(
      'href',
      `/mutuelle/contrats-garanties/reseau-soins?specialite=${specialite}`,
    );
    expect(within(answer).getAllByRole('link', { name: /^Trouver un/ })).toHaveLength(1);
  });

  it('opens the partner network on opticians from an optical estimate', async () => {
    memberApi();
    server.use(http.get('/api/assure/infos', () => HttpResponse.json(anInfosPersonnelles())));
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Lunettes : monture et verres simples');
    await userEvent.click(screen.getByRole('radio', { name: 'Non' }));
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '450');
    await estimer();
    await userEvent.click(await screen.findByRole('link', { name: 'Trouver un opticien partenaire' }));

    await pageReady('Trouver un professionnel partenaire');
    expect(await screen.findByRole('radio', { name: 'Opticien' })).toBeChecked();
  });

  it('leads to no partner from a hospital estimate', async () => {
    memberApi({ answer: anEstimation({ soin: 'HOSPITALISATION_DEPASSEMENTS' }) });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Implant');
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '900');
    await estimer();

    const answer = await screen.findByRole('region', { name: 'Votre estimation' });
    expect(within(answer).getByRole('link', { name: 'Envoyer ce devis à votre mutuelle' })).toBeVisible();
    expect(within(answer).queryByRole('link', { name: /^Trouver un/ })).not.toBeInTheDocument();
  });

  it('shows the member API’s refusal in its own words', async () => {
    memberApi({
      answer: errorBody(400, 'bad_request', 'La base de la Sécurité sociale est obligatoire pour des dépassements d’honoraires.'),
    });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Dépassements d’honoraires');
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '600');
    await estimer();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La base de la Sécurité sociale est obligatoire pour des dépassements d’honoraires.',
    );
    expect(screen.queryByRole('heading', { name: 'Votre estimation' })).not.toBeInTheDocument();
  });

  it('keeps its button from a second press while the answer comes', async () => {
    memberApi();
    server.use(
      http.post('/api/assure/estimation', async () => {
        await delay(200);
        return HttpResponse.json(anEstimation());
      }),
    );
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Type de soin'), 'Implant');
    await userEvent.type(screen.getByLabelText('Prix indiqué sur le devis'), '900');
    await estimer();

    expect(await screen.findByRole('button', { name: 'Estimation en cours…' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Votre estimation' })).toBeVisible();
  });

  it('says there is nothing to estimate without anyone covered', async () => {
    memberApi({ people: [] });
    renderApp('/mutuelle/contrats-garanties/estimation');

    expect(
      await screen.findByText('Aucune personne n’est couverte par vos contrats : il n’y a pas de remboursement à estimer.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Estimer' })).not.toBeInTheDocument();
  });

  it('offers a retry when the people covered cannot be loaded', async () => {
    memberApi();
    server.use(http.get('/api/assure/beneficiaires', () => errorBody(502, 'bad_gateway', 'Indisponible.')));
    renderApp('/mutuelle/contrats-garanties/estimation');

    expect(await screen.findByText('Les personnes couvertes n’ont pas pu être chargées.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });

  it('tells a struck-off member why there is nothing to estimate, without a form', async () => {
    const received = memberApi({ user: { Radie: true, AuMoinsUnContratActifEtIndividuel: false } });
    renderApp('/mutuelle/contrats-garanties/estimation');
    await pageReady('Estimer mon remboursement');

    expect(
      await screen.findByText(
        'Votre contrat a pris fin : votre mutuelle ne rembourse pas les soins reçus depuis, il n’y a donc pas de remboursement à estimer.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Estimer mon remboursement' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Estimer' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Type de soin')).not.toBeInTheDocument();
    expect(received).toEqual([]);
  });
});
