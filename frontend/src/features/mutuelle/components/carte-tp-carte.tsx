import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { t } from '@/i18n/t';
import { carteTpLabel } from '@/lib/carte-tp-label';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import type { CarteTpShown } from '@/lib/saved-card';
import { carteTpCode } from '../carte-tp-code';
import styles from './carte-tp.module.css';

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
 * One tiers-payant card, as a professional reads it, with its 2D code: the card page's, online
 * and offline alike (the offline page draws the copy kept on the device with it). `actions`
 * (download, print) go under the card; offline there are none, they need the network.
 */
export function CarteTpCarte({ carte, actions }: { carte: CarteTpShown; actions?: ReactNode }) {
  const title = carteTpLabel(carte.periode, new Date().getFullYear());
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
          <QRCodeSVG
            value={carteTpCode(carte)}
            size={112}
            role="img"
            aria-label={t('carteTp.codeLabel')}
            title={t('carteTp.codeLabel')}
          />
        </div>
      </article>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
