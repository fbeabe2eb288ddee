import { t } from '@/i18n/t';

interface ModifierButtonProps {
  onClick: () => void;
  /** Loads the code of the form it opens. */
  loadForm: () => Promise<unknown>;
}

/**
 * « Modifier », which opens a part's form: the form's code (with the forms library) starts
 * loading as the member points at the button or moves the focus to it, so that it is usually
 * there by the time the click comes.
 */
export function ModifierButton({ onClick, loadForm }: ModifierButtonProps) {
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={onClick}
      onPointerEnter={() => void loadForm()}
      onFocus={() => void loadForm()}
    >
      {t('compte.modifier')}
    </button>
  );
}
