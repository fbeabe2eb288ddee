import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  anInfosPersonnelles,
  aPartenaireSoins,
  aReseauSoins,
  errorBody,
  reseauSoinsAnswers,
  signedIn,
} from '@/test/fixtures';
import { pageReady, renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { MemberApi } from '@/types/member-api';

const page = '/mutuelle/contrats-garanties/reseau-soins';

/** The member API as the page uses it: Marie's address in Dijon, and `answer` to every search. */
function memberApi({
  answer = aReseauSoins(),
  infos = () => HttpResponse.json(anInfosPersonnelles()),
}: {
  answer?: MemberApi<'ReseauSoins'> | (() => Response);
  infos?: () => Response;
} = {}) {
  const reseau = reseauSoinsAnswers(answer);
  server.use(...signedIn(), http.get('/api/assure/infos', infos), reseau.handler);
  return reseau.asked;
}

/** The page at `path`, once the member's postal code fills the place. */
async function openPage(path = page) {
  renderApp(path);
  await pageReady('Trouver un professionnel partenaire');
  await waitFor(() => {
    expect(screen.getByLabelText('Commune ou code postal')).toHaveValue('21000');
  });
}

function kind(name: string) {
  return within(screen.getByRole('group', { name: 'Type de professionnel' })).getByRole('radio', { name });
}

async function rechercher() {
  await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
}

/** The answer's heading, once the answer is there. */
function resultHeading() {
  return screen.findByRole('heading', { level: 2 });
}

describe('Trouver un professionnel partenaire', () => {
  it('asks the kind, the place, filled with the member’s postal code, and the distance, 20 km first', async () => {
    memberApi();
    await openPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Trouver un professionnel partenaire' })).toBeVisible();
    expect(screen.getByText(/Les distances sont mesurées à vol d’oiseau\.$/)).toBeVisible();
    const kinds = within(screen.getByRole('group', { name: 'Type de professionnel' })).getAllByRole('radio');
    expect(kinds.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Opticien',
      'Dentiste',
      'Audioprothésiste',
      'Ostéopathe',
    ]);
    for (const radio of kinds) expect(radio).not.toBeChecked();
    const distance = screen.getByLabelText('Distance');
    expect(distance).toHaveValue('20');
    expect(within(distance).getAllByRole('option').map((option) => option.textContent.replace(/\s/g, ' '))).toEqual([
      '5 km',
      '10 km',
      '20 km',
      '50 km',
      '100 km',
    ]);
  });

  it('sends the kind, the member’s postal code with their commune, and the distance', async () => {
    const asked = memberApi();
    await openPage();
    await userEvent.click(kind('Dentiste'));
    await userEvent.selectOptions(screen.getByLabelText('Distance'), '50');
    await rechercher();

    await waitFor(() => {
      expect(asked).toEqual([{ specialite: 'DENTISTE', lieu: '21000', commune: 'DIJON', rayonKm: '50' }]);
    });
  });

  it('sends the place typed instead without the member’s commune', async () => {
    const asked = memberApi();
    await openPage();
    await userEvent.click(kind('Ostéopathe'));
    const lieu = screen.getByLabelText('Commune ou code postal');
    await userEvent.clear(lieu);
    await userEvent.type(lieu, ' Saint-Étienne ');
    await rechercher();
    await resultHeading();
    await userEvent.clear(lieu);
    await userEvent.type(lieu, '54490');
    await rechercher();

    await waitFor(() => {
      expect(asked).toEqual([
        { specialite: 'OSTEOPATHE', lieu: 'Saint-Étienne', rayonKm: '20' },
        { specialite: 'OSTEOPATHE', lieu: '54490', rayonKm: '20' },
      ]);
    });
  });

  it('starts with the kind its address chooses, from an estimate', async () => {
    memberApi();
    await openPage(`${page}?specialite=AUDIOPROTHESISTE`);
    expect(kind('Audioprothésiste')).toBeChecked();
  });

  it('asks for a kind and a place before searching, each message at its field', async () => {
    const asked = memberApi();
    await openPage();
    await userEvent.clear(screen.getByLabelText('Commune ou code postal'));
    await userEvent.type(screen.getByLabelText('Commune ou code postal'), '   ');
    await rechercher();

    expect(await screen.findByText('Choisissez le type de professionnel.')).toBeVisible();
    const lieu = screen.getByLabelText('Commune ou code postal');
    expect(lieu).toHaveAttribute('aria-invalid', 'true');
    expect(lieu).toHaveAccessibleDescription(/Saisissez une commune ou un code postal\./);
    expect(asked).toEqual([]);
  });

  it('searches without the member’s address when it cannot be read, the place typed', async () => {
    const asked = memberApi({ infos: () => errorBody(502, 'bad_gateway', 'Indisponible.') });
    renderApp(page);
    await pageReady('Trouver un professionnel partenaire');
    const lieu = screen.getByLabelText('Commune ou code postal');
    expect(lieu).toHaveValue('');
    await userEvent.click(kind('Opticien'));
    await userEvent.type(lieu, '21000');
    await rechercher();

    await waitFor(() => {
      expect(asked).toEqual([{ specialite: 'OPTICIEN', lieu: '21000', rayonKm: '20' }]);
    });
  });

  it('announces how many partners are that near, under a heading that takes the focus, nearest first', async () => {
    memberApi({
      answer: aReseauSoins([
        aPartenaireSoins(),
        aPartenaireSoins({ identifiant: 'RS00013', nom: 'Lunettes & Cie', distanceKm: 2 }),
        aPartenaireSoins({ identifiant: 'RS00014', nom: 'Vision Plus', distanceKm: 14.7 }),
      ]),
    });
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();

    const heading = await resultHeading();
    expect(heading).toHaveTextContent('3 opticiens partenaires à moins de 20 km de Dijon (21000)');
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const results = screen.getByRole('region', { name: /^3 opticiens partenaires/ });
    const [list] = within(results).getAllByRole('list');
    expect(list?.tagName).toBe('OL');
    expect(
      within(list ?? results)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Optique du Centre', 'Lunettes & Cie', 'Vision Plus']);
    expect(within(results).getByText('à 14,7 km')).toBeVisible();
    expect(within(results).getByText('à 2 km')).toBeVisible();
  });

  it.each([
    ['Opticien', 'OPTICIEN', '1 opticien partenaire', '2 opticiens partenaires'],
    ['Dentiste', 'DENTISTE', '1 dentiste partenaire', '2 dentistes partenaires'],
    ['Audioprothésiste', 'AUDIOPROTHESISTE', '1 audioprothésiste partenaire', '2 audioprothésistes partenaires'],
    ['Ostéopathe', 'OSTEOPATHE', '1 ostéopathe partenaire', '2 ostéopathes partenaires'],
  ] as const)('counts %s partners in the singular and the plural', async (label, specialite, one, other) => {
    const seul = aPartenaireSoins({ specialite });
    let answer = aReseauSoins([seul], { rayonKm: 10 });
    memberApi({ answer: () => HttpResponse.json(answer) });
    await openPage();
    await userEvent.click(kind(label));
    await userEvent.selectOptions(screen.getByLabelText('Distance'), '10');
    await rechercher();
    expect(await resultHeading()).toHaveTextContent(`${one} à moins de 10 km de Dijon (21000)`);

    answer = aReseauSoins([seul, aPartenaireSoins({ identifiant: 'RS2', specialite })], { rayonKm: 50 });
    await userEvent.selectOptions(screen.getByLabelText('Distance'), '50');
    await rechercher();
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(`${other} à moins de 50 km de Dijon (21000)`);
    });
  });

  it('says the 30 it shows are the nearest, when the member API gives as many as it may', async () => {
    memberApi({
      answer: aReseauSoins(
        Array.from({ length: 30 }, (_, index) => aPartenaireSoins({ identifiant: `RS${String(index)}`, nom: `Opticien ${String(index)}` })),
        { rayonKm: 100 },
      ),
    });
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();

    expect(await resultHeading()).toHaveTextContent(
      'Les 30 opticiens partenaires les plus proches de Dijon (21000), à moins de 100 km',
    );
  });

  it('says when there is none that near, and what to try instead', async () => {
    memberApi({ answer: aReseauSoins([], { origine: 'Piennes (54490)' }) });
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();

    const heading = await resultHeading();
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const results = screen.getByRole('region', { name: /^Aucun/ });
    expect(results).toHaveTextContent(
      'Aucun opticien partenaire à moins de 20 km de Piennes (54490)' +
        'Élargissez la distance ou cherchez autour d’une autre commune.',
    );
    expect(within(results).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows each partner’s address, a telephone to call, its hours and what it agreed, and its page', async () => {
    memberApi({
      answer: aReseauSoins([
        aPartenaireSoins(),
        aPartenaireSoins({
          identifiant: 'RS00099',
          nom: 'Opticiens Associés',
          avantages: { tiersPayant: false, offre100Sante: false, engagements: [] },
        }),
      ]),
    });
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();
    await resultHeading();

    const partenaire = screen.getByRole('article', { name: 'Optique du Centre' });
    expect(within(partenaire).getByText('à 1,2 km')).toBeVisible();
    expect(partenaire.querySelector('address')).toHaveTextContent(
      /^8 rue de la Liberté\s*21000 Dijon\s*Téléphone : 03 53 01 00 12$/,
    );
    expect(within(partenaire).getByRole('link', { name: '03 53 01 00 12' })).toHaveAttribute('href', 'tel:0353010012');
    const [horaires, avantages] = within(partenaire).getAllByRole('definition');
    expect(within(horaires ?? partenaire).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Du lundi au vendredi : 9 h – 12 h et 14 h – 18 h',
      'Le samedi : 9 h – 12 h',
    ]);
    expect(within(avantages ?? partenaire).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tiers payant',
      'Offre 100 % Santé sans reste à charge',
      'Verres progressifs plafonnés à 290 € la paire',
    ]);
    const lien = within(partenaire).getByRole('link', { name: 'Page du partenaire Optique du Centre (nouvel onglet)' });
    expect(lien).toHaveAttribute('href', 'https://reseau-soins.example/partenaires/RS00012');
    expect(lien).toHaveAttribute('target', '_blank');
    expect(lien).toHaveAttribute('rel', 'noopener noreferrer');

    // A partner that agreed none of these says nothing of them.
    const autre = screen.getByRole('article', { name: 'Opticiens Associés' });
    expect(within(autre).queryByText('Avantages')).not.toBeInTheDocument();
    expect(within(autre).queryByText('Tiers payant')).not.toBeInTheDocument();
  });

  it('shows the member API’s refusal of the place in the form, and no answer', async () => {
    memberApi({ answer: () => errorBody(422, 'unprocessable', 'Aucune commune n’a ce code postal.') });
    await openPage();
    await userEvent.click(kind('Opticien'));
    const lieu = screen.getByLabelText('Commune ou code postal');
    await userEvent.clear(lieu);
    await userEvent.type(lieu, '99999');
    await rechercher();

    const refus = await screen.findByRole('alert');
    expect(refus).toHaveTextContent('Aucune commune n’a ce code postal.');
    expect(refus.closest('form')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    // What was typed stays, to be corrected.
    expect(lieu).toHaveValue('99999');
  });

  it('asks again when the same search is made after a failure', async () => {
    let failures = 1;
    const asked = memberApi({
      answer: () => (failures-- > 0 ? errorBody(502, 'bad_gateway', 'Le service est indisponible.') : HttpResponse.json(aReseauSoins())),
    });
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();
    expect(await screen.findByRole('alert')).toHaveTextContent('Le service est indisponible.');
    await rechercher();

    expect(await resultHeading()).toHaveTextContent('1 opticien partenaire à moins de 20 km de Dijon (21000)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('keeps its button from a second press while the answer comes', async () => {
    memberApi();
    server.use(
      http.get('/api/assure/referentiel/reseau-soins', async () => {
        await delay(200);
        return HttpResponse.json(aReseauSoins());
      }),
    );
    await openPage();
    await userEvent.click(kind('Opticien'));
    await rechercher();

    expect(await screen.findByRole('button', { name: 'Recherche en cours…' })).toBeDisabled();
    expect(await resultHeading()).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeEnabled();
  });
});
