import { describe, expect, it, vi } from 'vitest';
import { bothQueries, partState, type RetryableQuery } from './part-state';

const failure = new Error('502');

describe('partState', () => {
  it('is loading before the first answer', () => {
    expect(partState({ data: undefined, error: undefined, isValidating: true })).toEqual({ status: 'loading' });
  });

  it('is ready with the data that arrived, even while revalidating or after a later failure', () => {
    expect(partState({ data: [1], error: undefined, isValidating: true })).toEqual({ status: 'ready', data: [1] });
    expect(partState({ data: [1], error: failure, isValidating: false })).toEqual({ status: 'ready', data: [1] });
  });

  it('is ready with null, an answer that says there is nothing', () => {
    expect(partState({ data: null, error: undefined, isValidating: false })).toEqual({ status: 'ready', data: null });
  });

  it('has failed when the request failed and nothing had arrived', () => {
    expect(partState({ data: undefined, error: failure, isValidating: false })).toEqual({ status: 'failed' });
  });

  it('is loading again while the failed request is retried', () => {
    expect(partState({ data: undefined, error: failure, isValidating: true })).toEqual({ status: 'loading' });
  });
});

function query<T>(overrides: Partial<RetryableQuery<T>>): RetryableQuery<T> {
  return { data: undefined, error: undefined, isValidating: false, mutate: vi.fn(() => Promise.resolve()), ...overrides };
}

describe('bothQueries', () => {
  it('is ready with both answers once both have arrived', () => {
    expect(partState(bothQueries(query({ data: 'a' }), query({ data: 2 })))).toEqual({
      status: 'ready',
      data: ['a', 2],
    });
  });

  it('is loading while either has not arrived', () => {
    expect(partState(bothQueries(query({ data: 'a' }), query({ isValidating: true })))).toEqual({ status: 'loading' });
  });

  it('has failed as soon as either has failed, even when the other has arrived', () => {
    expect(partState(bothQueries(query({ data: 'a' }), query({ error: failure })))).toEqual({ status: 'failed' });
    expect(partState(bothQueries(query({ error: failure }), query({ isValidating: true })))).toEqual({
      status: 'failed',
    });
  });

  it('retries both', async () => {
    const first = query<string>({ error: failure });
    const second = query<number>({ data: 2 });

    await bothQueries(first, second).mutate();

    expect(first.mutate).toHaveBeenCalledOnce();
    expect(second.mutate).toHaveBeenCalledOnce();
  });
});
