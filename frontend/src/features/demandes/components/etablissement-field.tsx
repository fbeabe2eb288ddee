import { type KeyboardEvent, type RefCallback, useEffect, useId, useState } from 'react';
import { FormField } from '@/components/form-field';
import { apiErrorMessage } from '@/hooks/api-error-message';
import { useDebounced } from '@/hooks/use-debounced';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { type EtablissementSante, useEtablissements } from '../api/get-etablissements';
import { communeLabel, etablissementResume, finessLabel, statutLabel } from '../etablissement';
import { EtablissementDetail } from './etablissement-detail';
import styles from './creation.module.css';

/** The search waits for the member to stop typing before the directory is asked. */
const debounceMs = 250;
/** What the directory takes: 2 to 60 characters, once trimmed. */
const rechercheMin = 2;
const rechercheMax = 60;
/** The most the directory answers: more may match, the member narrows the search. */
const resultatsMax = 20;

interface EtablissementFieldProps {
  value: EtablissementSante | null;
  onChange: (etablissement: EtablissementSante | null) => void;
  /** The form's message (none chosen). */
  error: string | undefined;
  /** The search field, which the form focuses when its message is shown. */
  inputRef: RefCallback<HTMLInputElement>;
}

/**
 * « Établissement »: the member searches the mutual's directory (a name, a commune, a FINESS)
 * and picks one of the answers, which brings its FINESS and SIREN with it. A combobox (ARIA
 * 1.2): the answers under the field, the arrow keys moving through them while the focus stays
 * in the field, Enter choosing, Escape closing the list then emptying the field; their count
 * told in a live region. The list is in the page's flow, not over it: at 320 px, an answer's
 * lines wrap and nothing is hidden. Once chosen, the establishment is shown with a way to
 * change it; the search typed is still there to start again from.
 */
export function EtablissementField({ value, onChange, error, inputRef }: EtablissementFieldProps) {
  const [texte, setTexte] = useState('');
  const [fermee, setFermee] = useState(false);
  const [actif, setActif] = useState<{ recherche: string; index: number } | null>(null);
  const recherche = useDebounced(texte.trim(), debounceMs);
  // A field emptied below 2 characters asks for nothing at once, without waiting.
  const query = texte.trim().length >= rechercheMin && recherche.length >= rechercheMin ? recherche : null;
  const resultats = useEtablissements(query);
  const liste = query === null ? [] : (resultats.data ?? []);
  const refus = query === null || resultats.error === undefined ? undefined : apiErrorMessage(resultats.error);
  const open = !fermee && liste.length > 0;
  const activeIndex = open && actif !== null && actif.recherche === query && actif.index < liste.length ? actif.index : null;

  const listboxId = useId();
  const labelId = useId();
  const nomId = useId();
  const optionId = (index: number) => `${listboxId}-${String(index)}`;
  const activeId = activeIndex === null ? undefined : optionId(activeIndex);
  // The focus follows the choice: to the establishment chosen, back to the search to change it.
  const chosen = useFocusOnChange<HTMLDivElement>(value !== null);
  const search = useFocusOnChange<HTMLInputElement>(value === null);

  // The focus stays in the field: the option made active is brought into view.
  useEffect(() => {
    if (activeId !== undefined) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const choisir = (etablissement: EtablissementSante) => {
    setActif(null);
    onChange(etablissement);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (query === null || liste.length === 0) return;
        event.preventDefault();
        const pas = event.key === 'ArrowDown' ? 1 : -1;
        const depart = activeIndex ?? (pas === 1 ? -1 : liste.length);
        setFermee(false);
        setActif({ recherche: query, index: (depart + pas + liste.length) % liste.length });
        return;
      }
      case 'Enter': {
        // A search field: Enter chooses the answer made active, and never sends the step.
        event.preventDefault();
        const choix = activeIndex === null ? undefined : liste[activeIndex];
        if (choix) choisir(choix);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setFermee(true);
        } else if (texte !== '') {
          event.preventDefault();
          setTexte('');
        }
    }
  };

  if (value !== null) {
    return (
      <div
        ref={chosen}
        tabIndex={-1}
        role="group"
        aria-labelledby={`${labelId} ${nomId}`}
        className={styles.etablissementChoisi}
      >
        <span id={labelId} className={styles.etablissementLabel}>
          {t('creation.champ.etablissement')}
        </span>
        <EtablissementDetail etablissement={value} nomId={nomId} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            onChange(null);
          }}
        >
          {t('creation.etablissement.changer')}
        </button>
      </div>
    );
  }

  return (
    <div className={styles.recherche}>
      <FormField label={t('creation.champ.etablissement')} hint={t('creation.champ.etablissement.hint')} error={refus ?? error}>
        {(props) => (
          <input
            {...props}
            ref={(element) => {
              search.current = element;
              inputRef(element);
            }}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            maxLength={rechercheMax}
            value={texte}
            onChange={(event) => {
              setTexte(event.currentTarget.value);
              setFermee(false);
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </FormField>
      <p role="status" className={styles.rechercheStatut}>
        {query !== null && refus === undefined && statutRecherche(resultats.data)}
      </p>
      <ul role="listbox" id={listboxId} aria-label={t('creation.etablissement.liste')} hidden={!open} className={styles.options}>
        {liste.map((etablissement, index) => (
          <li
            key={etablissement.finess}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={etablissementResume(etablissement)}
            className={styles.option}
            // The focus stays in the field: a click chooses, it does not move it.
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              choisir(etablissement);
            }}
          >
            <span className={styles.etablissementNom}>{etablissement.nom}</span>
            <span>
              {communeLabel(etablissement)} · {finessLabel(etablissement)} · {statutLabel(etablissement)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the live region says of a search's answers, once they are there. */
function statutRecherche(liste: readonly EtablissementSante[] | undefined): string {
  if (liste === undefined) return t('creation.etablissement.recherche');
  if (liste.length === 0) return t('creation.etablissement.aucun');
  if (liste.length === 1) return t('creation.etablissement.trouves.un');
  return t(liste.length >= resultatsMax ? 'creation.etablissement.trouves.max' : 'creation.etablissement.trouves.plusieurs', {
    count: liste.length,
  });
}
