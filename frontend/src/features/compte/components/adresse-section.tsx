import { lazy, Suspense } from 'react';
import { type InfosPersonnelles, useInfos } from '@/api/get-infos';
import { AsyncPart } from '@/components/async-part';
import { FormLoading } from '@/components/form-loading';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { useEditMode } from '../use-edit-mode';
import { ModifierButton } from './modifier-button';
import styles from './compte.module.css';

/** The form and the forms library, loaded when the member is about to change the address. */
function loadAdresseEditor() {
  return import('./adresse-editor');
}
const AdresseEditor = lazy(() => loadAdresseEditor().then((module) => ({ default: module.AdresseEditor })));

/** "Adresse postale": the address as on an envelope, and "Modifier" to change it. */
export function AdresseSection() {
  const infos = useInfos();
  const edit = useEditMode();

  return (
    <section className="card" aria-labelledby="adresse-title">
      <h2 id="adresse-title" className="section-title">
        {t('compte.adresse.title')}
      </h2>
      {edit.saved && (
        <p role="status" className="notice-success">
          {t('compte.adresse.saved')}
        </p>
      )}
      <AsyncPart
        query={infos}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.adresse.error')}
      >
        {(data) =>
          edit.editing ? (
            <Suspense fallback={<FormLoading className={styles.formLoading} />}>
              <AdresseEditor
                infos={data}
                onCancel={edit.cancel}
                onSaved={(adresse) => {
                  void infos.mutate({ ...data, adresse }, { revalidate: false });
                  edit.finish();
                }}
              />
            </Suspense>
          ) : (
            <>
              <Envelope infos={data} />
              <ModifierButton onClick={edit.start} loadForm={loadAdresseEditor} />
            </>
          )
        }
      </AsyncPart>
    </section>
  );
}

function Envelope({ infos }: { infos: InfosPersonnelles }) {
  const { adresse } = infos;
  const lines = [
    `${infos.Civilite} ${infos.Prenom} ${infos.Nom.toUpperCase()}`,
    adresse.complementDestinataire,
    adresse.complementAdresse,
    adresse.numeroEtVoie,
    adresse.lieuDit,
    `${adresse.codePostal} ${adresse.commune}`,
    adresse.pays,
  ].filter((value): value is string => Boolean(value));
  return (
    <>
      <address className={styles.envelope}>
        {lines.map((value) => (
          <span key={value}>{value}</span>
        ))}
      </address>
      {adresse.dateModification && (
        <p className="text-muted">
          {t('compte.adresse.modifiee', { date: formatIsoDate(adresse.dateModification) })}
        </p>
      )}
    </>
  );
}
