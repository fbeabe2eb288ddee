import { type ReactNode, useEffect, useState } from 'react';
import { carteTpLabel } from '@/entities/carte-tp/carte-tp-label';
import type { CarteTpShown } from '@/entities/carte-tp/saved-card';
import carteTpTexts from '@/i18n/fr/carte-tp.json';
import { addMessages, t } from '@/i18n/t';
import { formatIsoDate, parseIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { carteTpCode } from '../carte-tp-code';
import { drawQrCode } from '../draw-qr-code';
import type { QrCode } from '../qr-code';
import styles from './carte-tp.module.css';

addMessages(carteTpTexts);

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      {/* Labelled even when empty: professionals look for each field at its place. */}
      <dd>{value || '\u00A0'}</dd>
    </div>
  );
}

/**
 * The card's heading: the years it is valid, one when it starts and ends within the same
 * year. Not the home tile's label (`carteTpLabel`), which names the card by its period before
 * its dates are loaded; a card whose dates cannot be read falls back to that label.
 */
function carteTpTitle(carte: CarteTpShown): string {
  const debut = parseIsoDate(carte.dateDebutValidite)?.getFullYear();
  const fin = parseIsoDate(carte.dateFinValidite)?.getFullYear();
  if (debut === undefined || fin === undefined) return carteTpLabel(carte.periode, new Date().getFullYear());
  return debut === fin
    ? t('carteTp.titre.annee', { annee: debut })
    : t('carteTp.titre.annees', { debut, fin });
}

/** The side of the code on the card, in CSS pixels. */
const codeSide = 112;

/**
 * The card's 2D code: its place on the card at once, the code drawn in it a moment later (see
 * `drawQrCode`), so that the card is readable from the first frame and nothing moves when the
 * code comes.
 */
function CodeImage({ text }: { text: string }) {
  const [code, setCode] = useState<QrCode | null>(null);
  useEffect(() => {
    let shown = true;
    void drawQrCode(text).then((drawn) => {
      if (shown) setCode(drawn);
    });
    return () => {
      shown = false;
    };
  }, [text]);
  const label = t('carteTp.codeLabel');
  return (
    <svg
      width={codeSide}
      height={codeSide}
      viewBox={code ? `0 0 ${String(code.size)} ${String(code.size)}` : undefined}
      role="img"
      aria-label={label}
      aria-busy={code === null}
    >
      <title>{label}</title>
      {code && (
        <>
          <path
            fill="#FFFFFF"
            d={`M0,0 h${String(code.size)}v${String(code.size)}H0z`}
            shapeRendering="crispEdges"
          />
          <path fill="#000000" d={code.path} shapeRendering="crispEdges" />
        </>
      )}
    </svg>
  );
}

/**
 * One tiers-payant card, as a professional reads it, with its 2D code: the card page's, online
 * and offline alike (the offline page draws the copy kept on the device with it). `actions`
 * (download, print) go under the card; offline there are none, they need the network.
 */
export function CarteTpCarte({ carte, actions }: { carte: CarteTpShown; actions?: ReactNode }) {
  const title = carteTpTitle(carte);
  const period = t('carteTp.period', {
    from: formatIsoDate(carte.dateDebutValidite),
    to: formatIsoDate(carte.dateFinValidite),
  });
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <article className={styles.carte} data-printable="true" aria-label={t('carteTp.cardLabel')}>
        <p className={styles.period}>{period}</p>
        <p className={styles.amc}>{carte.libelleAmc}</p>
        <dl className={styles.fields}>
          <Field label={t('carteTp.field.numeroAmc')} value={carte.numeroAmc} />
          <Field label={t('carteTp.field.typeConvention')} value={carte.typeConvention} />
          <Field label={t('carteTp.field.critereAiguillage')} value={carte.critereAiguillage} />
          <Field label={t('carteTp.field.numeroAdherent')} value={carte.numeroAdherent} />
          <Field label={t('carteTp.field.validite')} value={period} />
        </dl>
        <table className={styles.beneficiaires}>
          <caption className="visually-hidden">{t('carteTp.beneficiaires')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('carteTp.beneficiaire')}</th>
              <th scope="col">{t('carteTp.dateNaissance')}</th>
            </tr>
          </thead>
          <tbody>
            {carte.beneficiaires.map((beneficiaire) => (
              <tr key={`${beneficiaire.prenom}-${beneficiaire.dateNaissance}`}>
                <td>{memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}</td>
                <td>{formatIsoDate(beneficiaire.dateNaissance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className={styles.domaines} aria-label={t('carteTp.domaines')}>
          {carte.domaines.map((domaine) => (
            <li key={domaine.code}>
              <abbr title={domaine.libelle}>{domaine.code}</abbr>{' '}
              <span className={styles.taux}>{domaine.taux}</span>
            </li>
          ))}
        </ul>
        <div className={styles.code}>
          <CodeImage text={carteTpCode(carte)} />
        </div>
      </article>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
