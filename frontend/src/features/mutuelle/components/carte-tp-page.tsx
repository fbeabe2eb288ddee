import { QRCodeSVG } from 'qrcode.react';
import { useMemberSession } from '@/lib/session-context';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { carteTpLabel } from '@/lib/carte-tp-label';
import { downloadFile } from '@/lib/download-file';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import type { MemberApi } from '@/types/member-api';
import { useCarteTp } from '../api/get-carte-tp';
import { carteTpCode } from '../carte-tp-code';
import styles from './carte-tp.module.css';

type CarteTp = MemberApi<'CarteTp'>;

/** `/mutuelle/smart-carte`: the card in force and next period's, as a professional reads them. */
export function CarteTpPage() {
  usePageTitle(t('nav.carteTp'));
  const { User } = useMemberSession();
  const cartes = useCarteTp();

  return (
    <div className="card">
      <h1 className="page-title">{t('nav.carteTp')}</h1>
      <AsyncPart
        query={cartes}
        loadingLabel={t('carteTp.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('carteTp.error')}
      >
        {(data) =>
          data.length === 0 ? (
            <div className={styles.none}>
              <p>{User.Radie ? t('carteTp.none.radie') : t('carteTp.none.text')}</p>
              <p>{t('carteTp.none.contact')}</p>
            </div>
          ) : (
            // The card in force first, then next period's.
            [...data]
              .sort((a, b) => a.periode.localeCompare(b.periode))
              .map((carte) => <Carte key={carte.id} carte={carte} />)
          )
        }
      </AsyncPart>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      {/* Labelled even when empty: professionals look for each field at its place. */}
      <dd>{value || '\u00A0'}</dd>
    </div>
  );
}

function Carte({ carte }: { carte: CarteTp }) {
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
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-primary"
          onClick={() =>
            void downloadFile(`/api/assure/carte-tp-detail/${String(carte.id)}`, {
              fileName: 'carte-tiers-payant.pdf',
            })
          }
        >
          {t('carteTp.download')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            window.print();
          }}
        >
          {t('carteTp.print')}
        </button>
      </div>
    </section>
  );
}
