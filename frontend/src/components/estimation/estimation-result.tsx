import type { ReactNode } from 'react';
import type { Estimation } from '@/api/post-estimation';
import { plafondPeriode } from '@/entities/garanties/plafond-periode';
import estimationTexts from '@/i18n/fr/estimation.json';
import { addMessages, t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import styles from './estimation.module.css';

addMessages(estimationTexts);

interface EstimationResultProps {
  estimation: Estimation;
}

/**
 * The member API's estimate, line by line: the price, what the Sécurité sociale pays (its
 * base and rate), what the mutual pays (the guarantee, its rule, the contract) and what is left
 * to pay; then the guarantee's ceiling and what was used of it, the renewal period of glasses
 * and hearing aids, the rules applied as the member API wrote them, and its mention that this
 * is an estimate. The caller gives the heading.
 */
export function EstimationResult({ estimation }: EstimationResultProps) {
  const { garantie, plafond, renouvellement, regles } = estimation;
  return (
    <div className={styles.result}>
      <p className={styles.subject}>{subject(estimation)}</p>
      <dl className={styles.lines} aria-label={t('estimation.resultat.lignes')}>
        <Line label={t('estimation.resultat.prix')} amount={estimation.prix} />
        <Line
          label={t('estimation.resultat.secu')}
          amount={estimation.montantSecu}
          detail={t('estimation.resultat.secuDetail', {
            base: formatAmount(estimation.baseSecu),
            taux: estimation.tauxSecu,
          })}
        />
        <Line
          label={t('estimation.resultat.mutuelle')}
          amount={estimation.montantMutuelle}
          detail={
            garantie ? (
              <>
                <span className={styles.detailLine}>
                  {t('estimation.resultat.garantie', { libelle: garantie.libelle, regle: garantie.regle })}
                </span>
                <span className={styles.detailLine}>
                  {t('estimation.resultat.contrat', {
                    produit: garantie.libelleProduit,
                    contrat: garantie.numeroContrat,
                  })}
                </span>
              </>
            ) : (
              t('estimation.resultat.sansContrat')
            )
          }
        />
        <Line label={t('estimation.resultat.reste')} amount={estimation.resteACharge} total />
      </dl>
      {(plafond !== null || renouvellement !== null) && (
        <ul className={styles.facts}>
          {plafond && (
            <li>
              {t('estimation.resultat.plafond', {
                montant: formatAmount(plafond.montant),
                periode: plafondPeriode(plafond.periodicite),
              })}{' '}
              {t('estimation.resultat.dejaUtilise', {
                date: formatIsoDate(plafond.depuis),
                utilise: formatAmount(plafond.dejaUtilise),
                montant: formatAmount(plafond.montant),
                disponible: formatAmount(plafond.disponible),
              })}
            </li>
          )}
          {renouvellement && (
            <li>
              {renouvellement.possibleLe
                ? t('estimation.resultat.possibleLe', { date: formatIsoDate(renouvellement.possibleLe) })
                : t(
                    renouvellement.annees === 1
                      ? 'estimation.resultat.renouvellement.one'
                      : 'estimation.resultat.renouvellement.other',
                    { annees: renouvellement.annees },
                  )}
              {renouvellement.dernierEquipement && (
                <>
                  {' '}
                  {t('estimation.resultat.dernierEquipement', {
                    date: formatIsoDate(renouvellement.dernierEquipement),
                  })}
                </>
              )}
            </li>
          )}
        </ul>
      )}
      {regles.length > 0 && <Regles regles={regles} />}
      <p className={styles.mention} role="note">
        {estimation.mention}
      </p>
    </div>
  );
}

/** « Couronne, pour Marie DUPONT · panier 100 % Santé · 2 oreilles ». */
function subject(estimation: Estimation): string {
  const { beneficiaire, quantite } = estimation;
  const parts = [
    t('estimation.resultat.pour', {
      soin: estimation.libelleSoin,
      name: memberDisplayName('', beneficiaire.prenom, beneficiaire.nom),
    }),
  ];
  if (estimation.centPourCentSante) parts.push(t('estimation.resultat.panier'));
  if (estimation.soin === 'AUDIOLOGIE_AIDE_AUDITIVE') {
    parts.push(t(quantite === 1 ? 'estimation.resultat.oreilles.one' : 'estimation.resultat.oreilles.other', { count: quantite }));
  }
  if (estimation.soin === 'HOSPITALISATION_CHAMBRE_PARTICULIERE') {
    parts.push(t(quantite === 1 ? 'estimation.resultat.nuits.one' : 'estimation.resultat.nuits.other', { count: quantite }));
  }
  return parts.join(' · ');
}

interface LineProps {
  label: string;
  amount: number;
  /** How the amount was reached, under the label. */
  detail?: ReactNode;
  /** The line the member came for: what is left to pay. */
  total?: boolean;
}

function Line({ label, amount, detail, total = false }: LineProps) {
  return (
    <div className={[styles.line, total ? styles.total : ''].join(' ')}>
      <dt>
        {total ? <strong>{label}</strong> : label}
        {detail !== undefined && <span className={styles.detail}>{detail}</span>}
      </dt>
      <dd className={styles.amount}>{total ? <strong>{formatAmount(amount)}</strong> : formatAmount(amount)}</dd>
    </div>
  );
}

function Regles({ regles }: { regles: readonly string[] }) {
  return (
    <>
      <h3 className={styles.reglesTitle}>{t('estimation.resultat.regles')}</h3>
      <ul className={styles.regles}>
        {regles.map((regle, index) => (
          // The member API's sentences, in its order; two alike stay two.
          <li key={`${String(index)}-${regle}`}>{regle}</li>
        ))}
      </ul>
    </>
  );
}
