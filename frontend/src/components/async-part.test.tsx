import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RetryableQuery } from './part-state';
import { AsyncPart } from './async-part';

function query(overrides: Partial<RetryableQuery<string[]>>): RetryableQuery<string[]> {
  return { data: undefined, error: undefined, isValidating: false, mutate: vi.fn(() => Promise.resolve()), ...overrides };
}

/** `loadingLabel: null` for a part with nothing to announce. */
function renderPart(state: RetryableQuery<string[]>, loadingLabel: string | null = 'Chargement de vos contrats…') {
  return render(
    <AsyncPart
      query={state}
      loadingLabel={loadingLabel ?? undefined}
      placeholder={<div data-testid="skeleton" aria-hidden="true" />}
      loadingClassName="card"
      failureMessage="Vos contrats n’ont pas pu être chargés."
    >
      {(contrats) => (
        <ul>
          {contrats.map((contrat) => (
            <li key={contrat}>{contrat}</li>
          ))}
        </ul>
      )}
    </AsyncPart>,
  );
}

describe('AsyncPart', () => {
  it('shows its placeholders while loading, announced politely, in a busy block', () => {
    renderPart(query({ isValidating: true }));

    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos contrats…');
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    const block = screen.getByTestId('skeleton').parentElement;
    expect(block).toHaveAttribute('aria-busy', 'true');
    expect(block).toHaveClass('card');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows only its placeholders when it has nothing to announce', () => {
    renderPart(query({ isValidating: true }), null);

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
  });

  it('shows its content once the data has arrived, and nothing of the loading', () => {
    renderPart(query({ data: ['Santé Famille Confort'] }));

    expect(screen.getByRole('listitem')).toHaveTextContent('Santé Famille Confort');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('keeps the content it has when a revalidation fails', () => {
    renderPart(query({ data: ['Santé Famille Confort'], error: new Error('502') }));

    expect(screen.getByRole('listitem')).toHaveTextContent('Santé Famille Confort');
    expect(screen.queryByText('Vos contrats n’ont pas pu être chargés.')).not.toBeInTheDocument();
  });

  it('says it failed, with a retry that asks again', async () => {
    const failed = query({ error: new Error('502') });
    renderPart(failed);

    expect(screen.getByText('Vos contrats n’ont pas pu être chargés.')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));

    expect(failed.mutate).toHaveBeenCalledOnce();
  });

  it('shows its placeholders again while the retry is under way', () => {
    renderPart(query({ error: new Error('502'), isValidating: true }));

    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos contrats…');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });
});
