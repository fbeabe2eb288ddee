import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHome, anActingSession, homeIs, sessionIs, shellContent, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import type { Home, Raccordement } from '../api/get-home';

const title = 'La télétransmission de vos décomptes';

async function renderHome(raccordements: Home['raccordements']) {
  server.use(...signedIn());
  server.use(homeIs(aHome({ raccordements })));
  renderApp('/home');
  await screen.findByText('Bienvenue sur votre espace assuré');
  await waitFor(() => {
    expect(screen.getByRole('main').querySelector('[aria-busy="true"]')).toBeNull();
  });
}

function aRaccordement(statutNoemie: Raccordement['statutNoemie']): Raccordement {
  return { idBeneficiaire: 2, lien: 'CONJOINT', prenom: 'Thomas', nom: 'DUPONT', statutNoemie };
}

async function notice() {
  return within(await screen.findByRole('region', { name: title })).getByRole('listitem');
}

describe('the home’s NOEMIE notice', () => {
  // First of the file: the notices' code, loaded apart, is not there yet.
  it('appears with the rest of the dashboard, never after it: nothing below it is pushed down', async () => {
    server.use(...signedIn());
    server.use(homeIs(aHome({ raccordements: { data: [aRaccordement('NON_RACCORDE')] } })));
    // The dashboard itself, not its placeholders (which have no shortcuts), on screen without
    // the notice: at any change of the page, not only when the test looks.
    const shortcuts = () => screen.queryByRole('navigation', { name: 'Accès rapides' });
    const notices = () => screen.queryByRole('region', { name: title });
    let withoutNotice = false;
    const watch = new MutationObserver(() => {
      if (shortcuts() && !notices()) withoutNotice = true;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderApp('/home');
    await screen.findByRole('region', { name: title });
    watch.disconnect();
    expect(shortcuts()).toBeVisible();
    expect(withoutNotice).toBe(false);
  });

  it('says a missing link means no statements, and offers the attestation de droits for that person', async () => {
    await renderHome({ data: [aRaccordement('NON_RACCORDE')] });
    const item = await notice();
    expect(item).toHaveTextContent(
      'Thomas DUPONT : la télétransmission n’est pas active. La Sécurité sociale ne nous envoie pas ses décomptes, et nous ne pouvons pas rembourser ses soins sans eux.',
    );
    expect(item).toHaveTextContent(
      'Pour l’activer, envoyez-nous son attestation de droits, à télécharger sur le compte ameli : nous demanderons la télétransmission à sa caisse. D’ici là, joignez les décomptes de la Sécurité sociale à vos demandes de remboursement.',
    );
    expect(within(item).getByRole('link', { name: 'Envoyer l’attestation de droits de Thomas' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/creation?type=ATTESTATION_VITALE&beneficiaire=2',
    );
    expect(within(item).queryByRole('link', { name: /ameli/ })).not.toBeInTheDocument();
  });

  it('offers no attestation to send to someone acting for the member without the right to send requests', async () => {
    server.use(sessionIs(anActingSession()), ...shellContent());
    server.use(homeIs(aHome({ raccordements: { data: [aRaccordement('NON_RACCORDE')] } })));
    renderApp('/home');
    const item = await notice();
    expect(item).toHaveTextContent('Thomas DUPONT : la télétransmission n’est pas active.');
    expect(within(item).queryByRole('link', { name: /attestation/ })).not.toBeInTheDocument();
  });

  it('speaks to a beneficiary in his own space of his link as « vous »', async () => {
    server.use(
      sessionIs(
        anActingSession({ nature: 'BENEFICIAIRE', droits: ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES'], retour: false }),
      ),
      ...shellContent(),
    );
    server.use(homeIs(aHome({ raccordements: { data: [aRaccordement('REFUSE')] } })));
    renderApp('/home');
    const item = await notice();
    expect(item).toHaveTextContent('Pour vous, la Sécurité sociale a refusé la télétransmission');
    expect(item).not.toHaveTextContent('Thomas DUPONT :');
  });

  it('speaks to the member of their own link as « vous »', async () => {
    const sienne = { idBeneficiaire: 1, lien: 'ASSURE_PRINCIPAL', prenom: 'Léa', nom: 'BERNARD' } as const;
    await renderHome({
      data: [
        { ...sienne, statutNoemie: 'EN_COURS_DE_RACCORDEMENT' },
        { ...sienne, idBeneficiaire: 3, statutNoemie: 'NON_RACCORDE' },
      ],
    });
    const items = within(await screen.findByRole('region', { name: title })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [enCours, inactive] = items as [HTMLElement, HTMLElement];
    expect(enCours).toHaveTextContent(
      'Pour vous, la télétransmission est en cours de mise en place. La Sécurité sociale traite la demande, ce qui prend en général quelques semaines : d’ici là, joignez vos décomptes à vos demandes de remboursement.',
    );
    expect(inactive).toHaveTextContent('Pour vous, la télétransmission n’est pas active.');
    expect(inactive).toHaveTextContent('envoyez-nous votre attestation de droits, à télécharger sur votre compte ameli');
    expect(within(inactive).getByRole('link', { name: 'Envoyer mon attestation de droits' })).toBeVisible();
    expect(screen.queryByText(/ses décomptes|Léa BERNARD :/)).not.toBeInTheDocument();
  });

  it('says a refused link is held elsewhere, with ameli’s service, the mutual’s rule and the attestation', async () => {
    await renderHome({ data: [aRaccordement('REFUSE')] });
    const item = await notice();
    expect(item).toHaveTextContent(
      'Thomas DUPONT : la Sécurité sociale a refusé la télétransmission, le plus souvent parce qu’une autre complémentaire santé la reçoit déjà.',
    );
    expect(item).toHaveTextContent(
      'Si cette autre complémentaire ne couvre plus Thomas, demandez-lui ou demandez à l’Assurance maladie d’y mettre fin, depuis le compte ameli (« Mes démarches »). Envoyez-nous ensuite son attestation de droits : nous demanderons la télétransmission à nouveau.',
    );
    expect(item).toHaveTextContent(
      'Notre règle : une seule complémentaire santé reçoit les décomptes d’une personne. Tant que la télétransmission n’est pas active chez nous, joignez les décomptes de la Sécurité sociale à vos demandes de remboursement.',
    );
    const ameli = within(item).getByRole('link', { name: 'Aller sur le compte ameli (nouvel onglet)' });
    expect(ameli).toHaveAttribute('href', 'https://assure.ameli.fr');
    expect(ameli).toHaveAttribute('target', '_blank');
    expect(within(item).getByRole('link', { name: 'Envoyer l’attestation de droits de Thomas' })).toHaveAttribute(
      'href',
      '/mutuelle/demandes/creation?type=ATTESTATION_VITALE&beneficiaire=2',
    );
  });

  it('says a link asked for is in progress, with nothing to send', async () => {
    await renderHome({ data: [aRaccordement('EN_COURS_DE_RACCORDEMENT')] });
    const item = await notice();
    expect(item).toHaveTextContent(
      'Thomas DUPONT : la télétransmission est en cours de mise en place. La Sécurité sociale traite la demande, ce qui prend en général quelques semaines : d’ici là, joignez ses décomptes à vos demandes de remboursement.',
    );
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says nothing when every link is active', async () => {
    await renderHome({ data: [] });
    expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
  });

  it('says nothing when the links could not be read', async () => {
    await renderHome({ error: { status: 502, code: 'bad_gateway', message: 'Indisponible.' } });
    expect(screen.getByRole('region', { name: 'Vos derniers remboursements' })).toBeVisible();
    expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
  });
});
