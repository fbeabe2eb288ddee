import { useId } from 'react';
import { Link } from 'react-router';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { plafondPeriode } from '@/entities/garanties/plafond-periode';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { paths } from '@/config/paths';
import { type PlafondGarantie, type PlafondsBeneficiaire, usePlafonds } from '../api/get-plafonds';
import styles from './garanties.module.css';

function Allocation({ garantie, beneficiaire }: { garantie: PlafondGarantie; beneficiaire: PlafondsBeneficiaire }) {
  const { plafond, renouvellement, soin } = garantie;
  const name = memberDisplayName('', beneficiaire.prenom, beneficiaire.nom);
  return (
    <li className={styles.allocation}>
      <span className={styles.libelle}>{garantie.libelle}</span>
      <span className={styles.regle}>{garantie.regle}</span>
      <strong>
        {t('garanties.plafonds.disponible', {
          disponible: formatAmount(plafond.disponible),
          montant: formatAmount(plafond.montant),
          period: plafondPeriode(plafond.periodicite),
        })}
      </strong>
      <span className="text-muted">
        {t('garanties.plafonds.utilise', {
          montant: formatAmount(plafond.dejaUtilise),
          date: formatIsoDate(plafond.depuis),
        })}
      </span>
      {renouvellement && (
        <span>
          {renouvellement.possibleLe
            ? t('garanties.plafonds.possibleLe', { date: formatIsoDate(renouvellement.possibleLe) })
            : t('garanties.plafonds.possible')}
        </span>
      )}
      {soin && (
        <Link
          to={paths.estimationPour(beneficiaire.idBeneficiaire, soin)}
          // One link per guarantee and person: its name says which (its visible words first).
          aria-label={t('garanties.plafonds.estimerPour', { libelle: garantie.libelle, name })}
        >
          {t('garanties.plafonds.estimer')}
        </Link>
      )}
    </li>
  );
}

/**
 * What is left of each allowance, per person covered today: used and left over the period
 * that holds, for glasses and hearing aids the first day new equipment can be paid, and the
 * estimate with that person and care chosen. The member API counts it all.
 */
export function PlafondsSection() {
  const plafonds = usePlafonds();
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('garanties.plafonds.title')}
      </h2>
      <p>{t('garanties.plafonds.intro')}</p>
      <AsyncPart
        query={plafonds}
        loadingLabel={t('garanties.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('garanties.plafonds.error')}
      >
        {(data) =>
          data.length === 0 ? (
            <p>{t('garanties.plafonds.aucun')}</p>
          ) : (
            <div>
              {data.map((beneficiaire, index) => {
                const name = memberDisplayName('', beneficiaire.prenom, beneficiaire.nom);
                // One disclosure per person, the member's open: a family's allowances one under
                // the other would make a page of several screens.
                return (
                  <details key={beneficiaire.idBeneficiaire} className={styles.personne} open={index === 0}>
                    <summary>{name}</summary>
                    <section aria-label={name}>
                      {beneficiaire.garanties.length === 0 ? (
                        <p>{t('garanties.plafonds.aucuneGarantie')}</p>
                      ) : (
                        <ul className={styles.allocations}>
                          {beneficiaire.garanties.map((garantie) => (
                            <Allocation key={garantie.libelle} garantie={garantie} beneficiaire={beneficiaire} />
                          ))}
                        </ul>
                      )}
                    </section>
                  </details>
                );
              })}
            </div>
          )
        }
      </AsyncPart>
    </section>
  );
}
