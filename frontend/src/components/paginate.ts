/** Pages of 10 (docs/product/limits.md#lists). */
export const pageSize = 10;

/** The items of `page` (clamped to the pages there are), and how many pages there are. */
export function paginate<T>(items: readonly T[], page: number) {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return {
    items: items.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    pageCount,
  };
}
