import { describe, expect, it, vi } from 'vitest';
import type { Home } from './api/get-home';
import { homePart, partState } from './home-parts';

const failedPart = { error: { status: 502, code: 'bad_gateway', message: 'Indisponible.' } };

const home: Home = {
  remboursements: { data: [] },
  demandes: failedPart,
  echeanceProchaine: { data: null },
  bandeau: { data: null },
  nouveautes: { data: { depuis: null, evenements: [] } },
  raccordements: { data: [] },
};

describe('partState', () => {
  it('is loading before the first answer', () => {
    expect(
      partState({ data: undefined, error: undefined, isValidating: true }, 'demandes'),
    ).toEqual({ status: 'loading' });
  });

  it('is ready with the data of a part that arrived, even while revalidating', () => {
    for (const isValidating of [false, true]) {
      expect(partState({ data: home, error: undefined, isValidating }, 'remboursements')).toEqual({
        status: 'ready',
        data: [],
      });
    }
  });

  it('is ready with null for a part that arrived empty', () => {
    expect(
      partState({ data: home, error: undefined, isValidating: false }, 'echeanceProchaine'),
    ).toEqual({ status: 'ready', data: null });
  });

  it('has failed for a part the server marked as failed', () => {
    expect(partState({ data: home, error: undefined, isValidating: false }, 'demandes')).toEqual({
      status: 'failed',
    });
  });

  it('has failed for every part when the whole request failed', () => {
    const query = { data: undefined, error: new Error('502'), isValidating: false };

    expect(partState(query, 'remboursements')).toEqual({ status: 'failed' });
    expect(partState(query, 'bandeau')).toEqual({ status: 'failed' });
  });

  it('is loading again while a failed part is retried', () => {
    expect(partState({ data: home, error: undefined, isValidating: true }, 'demandes')).toEqual({
      status: 'loading',
    });
    expect(
      partState({ data: undefined, error: new Error('502'), isValidating: true }, 'demandes'),
    ).toEqual({ status: 'loading' });
  });
});

describe('a revalidation', () => {
  /** SWR re-renders a component for the states it read: a part with data must not read it. */
  it('is not read for a part that has its data', () => {
    const isValidating = vi.fn(() => true);
    const query = {
      data: home,
      error: undefined,
      get isValidating() {
        return isValidating();
      },
      mutate: vi.fn(),
    };

    expect(partState(query, 'remboursements')).toEqual({ status: 'ready', data: [] });
    expect(homePart(query, 'bandeau').data).toBeNull();
    expect(isValidating).not.toHaveBeenCalled();
  });
});

describe('homePart', () => {
  it('is one part of the answer as a query of its own, the part’s error its own', () => {
    const query = { data: home, error: undefined, isValidating: false, mutate: vi.fn() };

    expect(homePart(query, 'remboursements')).toMatchObject({ data: [], error: undefined });
    expect(homePart(query, 'demandes')).toMatchObject({ data: undefined, error: failedPart.error });
  });

  it('retries the one request of the dashboard', async () => {
    const mutate = vi.fn(() => Promise.resolve(undefined));
    const query = { data: undefined, error: new Error('502'), isValidating: false, mutate };

    await homePart(query, 'demandes').mutate();

    expect(mutate).toHaveBeenCalledOnce();
  });
});
