import { useId, useState } from 'react';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { type Canal, canaux, categories, type Envois } from '../api/get-documents';
import { putEnvois } from '../api/put-envois';
import styles from './compte.module.css';

interface EnvoisFormProps {
  /** How each kind of document goes now, as the member API says. */
  envois: Envois;
  /** The four choices as the member API saved them. */
  onSaved: (envois: Envois) => void;
}

type Categorie = (typeof categories)[number];

/**
 * « Comment recevoir vos documents »: online, or by post too, for each kind of document; one
 * button sends all four. Plain state rather than the forms library (which `RadioQuestion` needs):
 * two choices per question leave nothing to check, and this form is on the page's first render,
 * which keeps that library out (app/first-load.test.ts). Only the member's changes are held
 * here: a kind left untouched shows what the member API says, which saving « zéro papier » in
 * « Mes préférences » changes.
 */
export function EnvoisForm({ envois, onSaved }: EnvoisFormProps) {
  const id = useId();
  const save = useSubmit(putEnvois);
  const [changes, setChanges] = useState<Partial<Envois>>({});
  const [saved, setSaved] = useState(false);
  const choix: Envois = { ...envois, ...changes };

  const choose = (categorie: Categorie, canal: Canal) => {
    // A confirmation would speak of choices that are no longer these.
    setSaved(false);
    setChanges((current) => ({ ...current, [categorie]: canal }));
  };

  const submit = async () => {
    setSaved(false);
    const result = await save.submit(choix);
    if (!result.ok) return;
    onSaved(result.data);
    setChanges({});
    setSaved(true);
  };

  return (
    <>
      <h3 id={`${id}-title`} className={styles.subtitle}>
        {t('compte.documents.envois')}
      </h3>
      <p>{t('compte.documents.envois.intro')}</p>
      <form
        className={styles.form}
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {categories.map((categorie) => (
          <fieldset key={categorie} className={styles.fieldset}>
            <legend>{t(`compte.documents.categorie.${categorie}`)}</legend>
            <div className={styles.canaux}>
              {canaux.map((canal) => (
                <label key={canal} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-${categorie}`}
                    value={canal}
                    checked={choix[categorie] === canal}
                    onChange={() => {
                      choose(categorie, canal);
                    }}
                  />
                  {t(`compte.documents.canal.${canal}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className={styles.formActions}>
          <button type="submit" className="button button-primary" disabled={save.sending}>
            {t('compte.documents.enregistrer')}
          </button>
        </div>
      </form>
      {/* Present from the start, so that its message is announced when it appears. */}
      <div role="status">{saved && <p className="notice-success">{t('compte.documents.saved')}</p>}</div>
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
    </>
  );
}
