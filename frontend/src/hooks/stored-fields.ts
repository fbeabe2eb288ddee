/**
 * Reading back what the app wrote to the browser's storage (JSON), which anything may have
 * changed since: another version of the app, an extension, the member's own hands.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The fields of `empty` found in `stored`, each of its own type; the others as `empty` has
 * them: a stale or tampered entry reads as empty, never as a value of another shape.
 */
export function fieldsFrom<Values extends object>(stored: unknown, empty: Values): Values {
  const values = { ...empty };
  if (!isRecord(stored)) return values;
  for (const name of Object.keys(empty) as (keyof Values)[]) {
    const value = stored[name as string];
    if (typeof value === typeof empty[name]) Object.assign(values, { [name]: value });
  }
  return values;
}
