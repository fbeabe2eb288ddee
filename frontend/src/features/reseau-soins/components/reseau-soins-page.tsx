import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type InfosPersonnelles, useInfos } from '@/api/get-infos';
import { FormField } from '@/components/form-field';
import { partState } from '@/components/part-state';
import { RadioQuestion } from '@/components/radio-question';
import { apiErrorMessage } from '@/hooks/api-error-message';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import reseauSoinsTexts from '@/i18n/fr/reseau-soins.json';
import { addMessages, t } from '@/i18n/t';
import { type RechercheReseau, reseauSoinsKey, useReseauSoins } from '../api/get-reseau-soins';
import {
  lieuMax,
  rayonsKm,
  rechercheInitiale,
  rechercheReseau,
  type RechercheSaisie,
  rechercheSchema,
  type RechercheValues,
  specialites,
} from '../recherche';
import { Partenaires } from './partenaires';
import styles from './reseau-soins.module.css';

addMessages(reseauSoinsTexts);

type Adresse = InfosPersonnelles['adresse'];

/**
 * `/mutuelle/contrats-garanties/reseau-soins`, « Trouver un professionnel partenaire »: the
 * mutual's opticians, dentists, hearing-aid centres and osteopaths around a place, the
 * member's own postal code to start with, and `?specialite=` choosing the kind (an estimate's
 * link). The member API finds the place and the partners; the page asks and shows, its
 * refusal in the form.
 */
export function ReseauSoinsPage() {
  usePageTitle(t('reseauSoins.title'));
  const adresse = useInfos().data?.adresse ?? null;

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('reseauSoins.title')}</h1>
        <p className={styles.intro}>{t('reseauSoins.intro')}</p>
        <Recherche adresse={adresse} />
      </div>
    </div>
  );
}

/**
 * The form and its answer. The member's address only fills the place in advance: the form does
 * not wait for it (its route's loader usually has it already), and without it the place is
 * typed. Arriving late, it fills what the member has not touched yet.
 */
function Recherche({ adresse }: { adresse: Adresse | null }) {
  const [params] = useSearchParams();
  const demandee = params.get('specialite');
  const initiale = useMemo(() => rechercheInitiale(demandee, adresse), [demandee, adresse]);
  const form = useForm<RechercheValues, unknown, RechercheSaisie>({
    resolver: zodResolver(rechercheSchema),
    values: initiale,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const [recherche, setRecherche] = useState<RechercheReseau | null>(null);
  const reseau = useReseauSoins(recherche);
  const state = recherche === null ? null : partState(reseau);
  const resultat = state?.status === 'ready' ? state.data : null;
  // The answer's heading takes the focus, so that it is read out where the button was pressed.
  const heading = useFocusOnChange<HTMLHeadingElement>(resultat);

  const submit = form.handleSubmit((saisie) => {
    const asked = rechercheReseau(saisie, adresse);
    // The same search once more (after a network failure, say) is asked again, not read back
    // from the cache with the same failure.
    if (recherche !== null && reseauSoinsKey(asked) === reseauSoinsKey(recherche)) void reseau.mutate();
    else setRecherche(asked);
  });

  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <RadioQuestion
          form={form}
          name="specialite"
          legend={t('reseauSoins.champ.specialite')}
          error={errors.specialite?.message}
          choices={specialites.map((specialite) => ({
            value: specialite,
            label: t(`reseauSoins.specialite.${specialite}`),
          }))}
        />
        <FormField label={t('reseauSoins.champ.lieu')} hint={t('reseauSoins.champ.lieu.hint')} error={errors.lieu?.message}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={lieuMax}
              {...form.register('lieu')}
            />
          )}
        </FormField>
        <FormField label={t('reseauSoins.champ.rayon')} error={undefined}>
          {(props) => (
            <select {...props} {...form.register('rayonKm')}>
              {rayonsKm.map((rayon) => (
                <option key={rayon} value={String(rayon)}>
                  {t('reseauSoins.rayon', { rayon })}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {state?.status === 'failed' && (
          <p role="alert" className="notice-error">
            {apiErrorMessage(reseau.error)}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className="button button-primary" disabled={state?.status === 'loading'}>
            {t(state?.status === 'loading' ? 'reseauSoins.enCours' : 'reseauSoins.rechercher')}
          </button>
        </div>
      </form>
      {resultat && recherche && <Partenaires reseau={resultat} specialite={recherche.specialite} titleRef={heading} />}
    </>
  );
}
