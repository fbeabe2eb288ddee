import { useState } from 'react';

/**
 * A part of the page that is shown, then edited in place: "Modifier" opens the form, "Annuler"
 * closes it, a save closes it with the confirmation shown until the next edit. A form taken up
 * after the member signed in again starts open (`editing`).
 */
export function useEditMode(initial: 'viewing' | 'editing' = 'viewing') {
  const [state, setState] = useState<'viewing' | 'editing' | 'saved'>(initial);
  return {
    editing: state === 'editing',
    saved: state === 'saved',
    start: () => {
      setState('editing');
    },
    cancel: () => {
      setState('viewing');
    },
    finish: () => {
      setState('saved');
    },
  };
}
