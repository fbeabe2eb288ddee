import { useEffect, useRef, useState } from 'react';
import { formsOnScreen, keptFormPrefix as prefix } from './forms-on-screen';
import { fieldsFrom, isRecord } from './stored-fields';

/**
 * What the member typed into a sensitive form (bank details, a termination's confirmation),
 * kept while the page goes to the identity provider to sign in again and comes back (the
 * portal's `reconnexion_requise`, see `api-client.ts`). Kept in session storage, one entry per
 * form, only as the page leaves, and taken out as soon as the form is back on screen: never
 * longer than the trip, and cleared with everything else when the session ends. Only the
 * form's values: never the anti-forgery token nor the captcha's proof, which the trip makes
 * stale anyway.
 */

/** A form whose values survive the trip: its name in storage, and its values' shape. */
export interface KeptForm<Values extends object> {
  name: string;
  /** The values when nothing is typed: what a stored entry is read against. */
  empty: Values;
}

/** While the calling form is on screen, `values()` is what it keeps should the page leave. */
export function useKeepAcrossSignIn<Values extends object>(form: KeptForm<Values>, values: () => Values): void {
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  useEffect(() => {
    const current = () => latest.current();
    formsOnScreen.set(form.name, current);
    return () => {
      if (formsOnScreen.get(form.name) === current) formsOnScreen.delete(form.name);
    };
  }, [form.name]);
}

function stored<Values extends object>(form: KeptForm<Values>): Values | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(prefix + form.name) ?? 'null');
    return isRecord(value) ? fieldsFrom(value, form.empty) : null;
  } catch {
    return null;
  }
}

/**
 * What `form` kept before the trip, on the first render after it (`null` when nothing was),
 * then taken out of storage: a reload afterwards starts afresh.
 */
export function useRestoredAfterSignIn<Values extends object>(form: KeptForm<Values>): Values | null {
  const [restored] = useState(() => stored(form));
  useEffect(() => {
    sessionStorage.removeItem(prefix + form.name);
  }, [form.name]);
  return restored;
}
