import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anEstimation } from '@/test/fixtures';
import { EstimationResult } from './estimation-result';

/** The line of the table named `label`: its term and its amount. */
function line(label: string): HTMLElement {
  const term = screen.getAllByRole('term').find((candidate) => candidate.textContent.startsWith(label));
  if (!term?.parentElement) throw new Error(`No line ${label}`);
  return term.parentElement;
}

describe('the estimate', () => {
  it('shows every line: price, Sécurité sociale with its base and rate, the mutual with its guarantee, what is left', () => {
    render(<EstimationResult estimation={anEstimation()} />);

    expect(screen.getByText('Lunettes : monture et verres simples, pour Marie DUPONT')).toBeVisible();
    expect(line('Prix')).toHaveTextContent(/^Prix450,00\s€$/);
    expect(line('Sécurité sociale')).toHaveTextContent(/^Sécurité socialeBase 9,00\s€ × 60 %5,40\s€$/);
    expect(line('Votre mutuelle')).toHaveTextContent(
      /^Votre mutuelleLunettes \(verres simples\) : 100 % BRSS \+ 200 €Santé Famille Confort, contrat n° IND-004512200,00\s€$/,
    );
    const reste = line('Reste à votre charge');
    expect(reste).toHaveTextContent(/^Reste à votre charge244,60\s€$/);
    expect(within(reste).getAllByText(/./, { selector: 'strong' })).toHaveLength(2);
  });

  it('shows the ceiling and what was used of it, the renewal, the rules and the mention', () => {
    render(<EstimationResult estimation={anEstimation()} />);

    expect(
      screen.getByText(
        /^Plafond de la garantie : 300,00\s€ tous les 2 ans\. Déjà utilisé depuis le 01\/01\/2025 : 100,00\s€ sur 300,00\s€ \(encore disponible : 200,00\s€\)\.$/,
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Renouvellement : tous les 2 ans. Dernier équipement remboursé le 12/03/2024.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Règles appliquées' })).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain(
      'Plafond de 300 € tous les 2 ans, dont 100 € déjà utilisés.',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Estimation indicative, établie selon vos garanties au 24/11/2026.',
    );
  });

  it('says from when the next equipment is paid, when it cannot be now', () => {
    render(
      <EstimationResult
        estimation={anEstimation({
          renouvellement: { annees: 1, dernierEquipement: '2026-03-12', possibleLe: '2027-03-12' },
        })}
      />,
    );

    expect(
      screen.getByText('Prochain équipement remboursable à partir du 12/03/2027. Dernier équipement remboursé le 12/03/2026.'),
    ).toBeVisible();
  });

  it('says every year for a yearly renewal', () => {
    render(
      <EstimationResult
        estimation={anEstimation({ renouvellement: { annees: 1, dernierEquipement: null, possibleLe: null } })}
      />,
    );

    expect(screen.getByText('Renouvellement : tous les ans.')).toBeVisible();
  });

  it('leaves out the ceiling and the renewal the answer has none of, and says when no contract covers the person', () => {
    render(
      <EstimationResult
        estimation={anEstimation({
          soin: 'AUDIOLOGIE_AIDE_AUDITIVE',
          libelleSoin: 'Aide auditive',
          centPourCentSante: true,
          quantite: 2,
          montantMutuelle: 0,
          garantie: null,
          plafond: null,
          renouvellement: null,
          regles: [],
        })}
      />,
    );

    expect(screen.getByText('Aide auditive, pour Marie DUPONT · panier 100 % Santé · 2 oreilles')).toBeVisible();
    expect(line('Votre mutuelle')).toHaveTextContent(
      /^Votre mutuelleAucun contrat ne couvre cette personne aujourd’hui\.0,00\s€$/,
    );
    expect(screen.queryByText(/Plafond/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Renouvellement|Prochain équipement/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Règles appliquées' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toBeVisible();
  });
});
