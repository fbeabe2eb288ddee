import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from '@/config/brand';
import { noSession } from '@/test/fixtures';
import { renderAppLoaded } from '@/test/render-app';
import { server } from '@/test/server';

const audited = {
  ...defaultBrand,
  name: 'Mutuelle Exemple',
  accessibilite: {
    etat: 'partiellement conforme' as const,
    tauxConformite: 87.5,
    dateAudit: '2026-09-15',
    auditeur: 'Access42',
    nonConformites: ['Le PDF de la carte de tiers payant n’est pas balisé.'],
    derogations: ['Le questionnaire de satisfaction, service tiers.'],
    contactEmail: 'accessibilite@mutuelle.example',
    contactUrl: 'https://www.mutuelle.example/contact',
  },
};

describe('the accessibility statement', () => {
  it('is public, with every part the RGAA requires', async () => {
    server.use(noSession());
    await renderAppLoaded('/home/accessibilite', { brand: audited });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' }),
    ).toBeVisible();
    expect(screen.getByText(/^Mutuelle Exemple s’engage à rendre son espace assuré accessible/)).toBeVisible();
    expect(screen.getByText(/est partiellement conforme avec le référentiel général/)).toBeVisible();
    expect(
      screen.getByText(
        'L’audit de conformité réalisé par Access42 le 15/09/2026 révèle que 87,5 % des critères du RGAA sont respectés.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Le PDF de la carte de tiers payant n’est pas balisé.')).toBeVisible();
    expect(screen.getByText('Le questionnaire de satisfaction, service tiers.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'accessibilite@mutuelle.example' })).toHaveAttribute(
      'href',
      'mailto:accessibilite@mutuelle.example',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Voies de recours' })).toBeVisible();
    expect(screen.getByText(/vous pouvez saisir le Défenseur des droits/)).toBeVisible();
    // Set by an effect, which may run after the heading is on screen.
    await waitFor(() => {
      expect(document.title).toBe('Déclaration d’accessibilité – Espace assuré');
    });
  });

  it('says so when no audit was made', async () => {
    server.use(noSession());
    await renderAppLoaded('/home/accessibilite');
    expect(await screen.findByText('Aucun audit de conformité n’a encore été réalisé.')).toBeVisible();
    expect(screen.getByText(/est non conforme avec le référentiel général/)).toBeVisible();
  });

  it('is linked from the public pages, with the conformity state', async () => {
    server.use(noSession());
    await renderAppLoaded('/');
    expect(
      await screen.findByRole('link', { name: 'Accessibilité : non conforme' }),
    ).toHaveAttribute('href', '/home/accessibilite');
  });
});
