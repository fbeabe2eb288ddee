import { lazy, Suspense } from 'react';
import { useSWRConfig } from 'swr';
import { AsyncPart } from '@/components/async-part';
import { FormLoading } from '@/components/form-loading';
import { Skeleton } from '@/components/skeleton';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { documentsKey } from '../api/get-documents';
import { alertes, type Preferences, usePreferences } from '../api/get-preferences';
import { useEditMode } from '../use-edit-mode';
import { Item } from './item';
import { ModifierButton } from './modifier-button';
import styles from './compte.module.css';

/** The form and the forms library, loaded when the member is about to change their choices. */
function loadPreferencesEditor() {
  return import('./preferences-editor');
}
const PreferencesEditor = lazy(() =>
  loadPreferencesEditor().then((module) => ({ default: module.PreferencesEditor })),
);

function ouiNon(active: boolean): string {
  return t(active ? 'compte.preferences.active' : 'compte.preferences.inactive');
}

/**
 * « Mes préférences »: which email alerts the member wants and where they go, and « zéro
 * papier »; « Modifier » to change them, as the other parts of the page. The confirmation of a
 * save takes the focus, the form it replaces being gone.
 */
export function PreferencesSection() {
  const preferences = usePreferences();
  const { mutate } = useSWRConfig();
  const edit = useEditMode();
  const confirmation = useFocusOnChange<HTMLParagraphElement>(edit.saved);

  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="section-title">
        {t('compte.preferences.title')}
      </h2>
      {edit.saved && (
        <p ref={confirmation} tabIndex={-1} role="status" className="notice-success">
          {t('compte.preferences.saved')}
        </p>
      )}
      <AsyncPart
        query={preferences}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.preferences.error')}
      >
        {(data) =>
          edit.editing ? (
            <Suspense fallback={<FormLoading className={styles.formLoading} />}>
              <PreferencesEditor
                preferences={data}
                onCancel={edit.cancel}
                onSaved={(saved) => {
                  void preferences.mutate(saved, { revalidate: false });
                  // The member API has put every kind of document to the new « zéro papier »:
                  // « Mes documents » reads its choices again.
                  if (saved.zeroPapier !== data.zeroPapier) void mutate(documentsKey);
                  edit.finish();
                }}
              />
            </Suspense>
          ) : (
            <>
              <Choix preferences={data} />
              <ModifierButton onClick={edit.start} loadForm={loadPreferencesEditor} />
            </>
          )
        }
      </AsyncPart>
    </section>
  );
}

function Choix({ preferences }: { preferences: Preferences }) {
  return (
    <>
      <h3 className={styles.subtitle}>{t('compte.preferences.alertes')}</h3>
      <dl className={styles.items}>
        {alertes.map((alerte) => (
          <Item
            key={alerte}
            label={t(`compte.preferences.alerte.${alerte}`)}
            value={ouiNon(preferences.alertes[alerte])}
          />
        ))}
        <Item
          label={t('compte.preferences.adresse')}
          value={preferences.emailAlertes ?? preferences.emailContact}
        />
      </dl>
      <p className="text-muted">{t('compte.preferences.securite')}</p>
      <h3 className={styles.subtitle}>{t('compte.preferences.zeroPapier')}</h3>
      <dl className={styles.items}>
        <Item label={t('compte.preferences.zeroPapier.choix')} value={ouiNon(preferences.zeroPapier)} />
      </dl>
    </>
  );
}
