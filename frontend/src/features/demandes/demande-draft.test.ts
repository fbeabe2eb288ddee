import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, saveDraft } from './demande-draft';
import { emptyDetails } from './demande-schemas';

const key = 'espace-assure.demande-en-cours';

afterEach(() => {
  sessionStorage.clear();
});

describe('the draft of a request', () => {
  it('keeps the type, the step and what was typed for the session', () => {
    const draft = {
      type: 'UNE_QUESTION_SANTÉ' as const,
      step: 2,
      values: { ...emptyDetails, commentaire: 'Et les semelles ?' },
    };
    saveDraft(draft);

    expect(readDraft()).toEqual(draft);
    clearDraft();
    expect(readDraft()).toBeNull();
  });

  it('reads a stale or tampered entry as empty fields, never as a crash', () => {
    sessionStorage.setItem(
      key,
      JSON.stringify({ type: 'INCONNU', step: 9, values: { commentaire: 42, montant: '12', autre: 'x' } }),
    );

    expect(readDraft()).toEqual({ type: null, step: 1, values: { ...emptyDetails, montant: '12' } });
    sessionStorage.setItem(key, '{pas du json');
    expect(readDraft()).toBeNull();
  });
});
