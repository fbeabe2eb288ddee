import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { keepFormsOnScreen } from './forms-on-screen';
import { type KeptForm, useKeepAcrossSignIn, useRestoredAfterSignIn } from './kept-across-sign-in';

interface Values {
  iban: string;
  titulaire: string;
}

const form: KeptForm<Values> = { name: 'essai', empty: { iban: '', titulaire: '' } };
const key = 'espace-assure.reconnexion.essai';

function Form({ values }: { values: Values }) {
  useKeepAcrossSignIn(form, () => values);
  return null;
}

/** Tells what the form got back on its first render. */
function Restored({ onRestored }: { onRestored: (values: Values | null) => void }) {
  const restored = useRestoredAfterSignIn(form);
  useEffect(() => {
    onRestored(restored);
  }, [onRestored, restored]);
  return null;
}

describe('a form kept across signing in again', () => {
  it('keeps its values, as they are now, only when the page leaves', () => {
    const view = render(<Form values={{ iban: 'FR76 1', titulaire: 'Marie' }} />);
    expect(sessionStorage.getItem(key)).toBeNull();

    view.rerender(<Form values={{ iban: 'FR76 2', titulaire: 'Marie DUPONT' }} />);
    keepFormsOnScreen();

    expect(JSON.parse(sessionStorage.getItem(key) ?? 'null')).toEqual({ iban: 'FR76 2', titulaire: 'Marie DUPONT' });
  });

  it('keeps nothing once the form is gone', () => {
    const view = render(<Form values={{ iban: 'FR76 1', titulaire: 'Marie' }} />);
    view.unmount();

    keepFormsOnScreen();

    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('gives the values back once, then takes them out of storage', () => {
    sessionStorage.setItem(key, JSON.stringify({ iban: 'FR76 2', titulaire: 'Marie' }));
    const restored: (Values | null)[] = [];

    render(<Restored onRestored={(values) => restored.push(values)} />);

    expect(restored).toEqual([{ iban: 'FR76 2', titulaire: 'Marie' }]);
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('gives nothing back when nothing was kept, or what was kept is not an object', () => {
    const restored: (Values | null)[] = [];
    render(<Restored onRestored={(values) => restored.push(values)} />);
    sessionStorage.setItem(key, '"FR76"');
    render(<Restored onRestored={(values) => restored.push(values)} />);
    sessionStorage.setItem(key, '{pas du JSON');
    render(<Restored onRestored={(values) => restored.push(values)} />);

    expect(restored).toEqual([null, null, null]);
  });

  it('reads back only the form’s fields, each of its own type', () => {
    sessionStorage.setItem(key, JSON.stringify({ iban: 42, titulaire: 'Marie', xsrf: 'jeton' }));
    const restored: (Values | null)[] = [];

    render(<Restored onRestored={(values) => restored.push(values)} />);

    expect(restored).toEqual([{ iban: '', titulaire: 'Marie' }]);
  });
});
