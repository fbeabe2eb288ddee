import { type RefObject, useId } from 'react';
import { ExternalLink } from '@/components/external-link';
import { t } from '@/i18n/t';
import { frenchNumber } from '@/lib/french-number';
import type { PartenaireSoins, ReseauSoins, SpecialitePartenaire } from '../api/get-reseau-soins';
import styles from './reseau-soins.module.css';

/** The most partners the member API answers: more may be that near. */
const resultatsMax = 30;

interface PartenairesProps {
  reseau: ReseauSoins;
  /** The kind searched, which names them (an empty answer has no partner to say it). */
  specialite: SpecialitePartenaire;
  /** The heading, which the page focuses when a new answer comes. */
  titleRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * A search's answer: how many partners of the kind, how far from where, then each, nearest
 * first; or, with none that near, what to try instead.
 */
export function Partenaires({ reseau, specialite, titleRef }: PartenairesProps) {
  const titleId = useId();
  const vide = reseau.partenaires.length === 0;
  return (
    <section className={styles.resultats} aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={['section-title', styles.resultatsTitle].join(' ')}>
        {titreResultats(reseau, specialite)}
      </h2>
      {vide ? (
        <p>{t('reseauSoins.resultats.aucun.conseil')}</p>
      ) : (
        <ol className={styles.partenaires}>
          {reseau.partenaires.map((partenaire) => (
            <li key={partenaire.identifiant}>
              <Partenaire partenaire={partenaire} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** « 3 opticiens partenaires à moins de 20 km de Dijon (21000) », the kind's noun agreed. */
function titreResultats({ partenaires, rayonKm, origine }: ReseauSoins, specialite: SpecialitePartenaire): string {
  const count = partenaires.length;
  const lieu = { rayon: rayonKm, origine };
  if (count === 0) {
    return t('reseauSoins.resultats.aucun', { ...lieu, professionnel: t(`reseauSoins.professionnel.${specialite}.one`) });
  }
  if (count === 1) {
    return t('reseauSoins.resultats.one', { ...lieu, professionnel: t(`reseauSoins.professionnel.${specialite}.one`) });
  }
  const professionnels = t(`reseauSoins.professionnel.${specialite}.other`);
  return t(count >= resultatsMax ? 'reseauSoins.resultats.max' : 'reseauSoins.resultats.other', {
    ...lieu,
    count,
    professionnels,
  });
}

/** A number as it is dialled: the spaces that group its digits for reading left out. */
function telHref(telephone: string): string {
  return `tel:${telephone.replace(/\s/g, '')}`;
}

/** What the partner agreed with the mutual, one line each: tiers payant, 100 % Santé, its commitments. */
function avantages({ avantages }: PartenaireSoins): string[] {
  return [
    ...(avantages.tiersPayant ? [t('reseauSoins.avantage.tiersPayant')] : []),
    ...(avantages.offre100Sante ? [t('reseauSoins.avantage.offre100Sante')] : []),
    ...avantages.engagements,
  ];
}

function Partenaire({ partenaire }: { partenaire: PartenaireSoins }) {
  const titleId = useId();
  const lignes = avantages(partenaire);
  return (
    <article className={styles.partenaire} aria-labelledby={titleId}>
      <h3 id={titleId}>{partenaire.nom}</h3>
      <p className={styles.distance}>
        {t('reseauSoins.distance', { distance: frenchNumber(partenaire.distanceKm, { min: 0, max: 1 }) })}
      </p>
      <address className={styles.adresse}>
        <span>{partenaire.adresse}</span>
        <span>
          {partenaire.codePostal} {partenaire.commune}
        </span>
        <span>
          {t('reseauSoins.telephone')} <a className={styles.telephone} href={telHref(partenaire.telephone)}>
            {partenaire.telephone}
          </a>
        </span>
      </address>
      <dl className={styles.details}>
        {partenaire.horaires.length > 0 && (
          <div>
            <dt>{t('reseauSoins.horaires')}</dt>
            <dd>
              <ul>
                {partenaire.horaires.map((horaire) => (
                  <li key={horaire}>{horaire}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {lignes.length > 0 && (
          <div>
            <dt>{t('reseauSoins.avantages')}</dt>
            <dd>
              <ul>
                {lignes.map((ligne) => (
                  <li key={ligne}>{ligne}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      <p className={styles.lien}>
        {/* The partner's name, for screen readers, in a list of links that would all read alike. */}
        <ExternalLink href={partenaire.lien}>
          {t('reseauSoins.lien')} <span className="visually-hidden">{partenaire.nom}</span>
        </ExternalLink>
      </p>
    </article>
  );
}
