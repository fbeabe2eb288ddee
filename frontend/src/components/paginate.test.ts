import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

describe('pages of 10', () => {
  const items = Array.from({ length: 23 }, (_, index) => index);

  it('cut the list and count the pages', () => {
    expect(paginate(items, 1)).toEqual({ items: items.slice(0, 10), page: 1, pageCount: 3 });
    expect(paginate(items, 3)).toEqual({ items: [20, 21, 22], page: 3, pageCount: 3 });
  });

  it('bring a page past the end back to the last one', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 4)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
