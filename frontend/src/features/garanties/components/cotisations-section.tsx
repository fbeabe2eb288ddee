import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Contrats } from '@/api/get-contrats';
import { droitAccorde } from '@/entities/delegation/droits';
import { useMemberSession } from '@/hooks/session-context';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { useEcheanceProchaine } from '../api/get-echeance-prochaine';
import { CompteDePrelevement } from './compte-prelevement';
import styles from './garanties.module.css';
import { JourPrelevementForm } from './jour-prelevement-form';
import { PayerEnLigne } from './payer-en-ligne';
import { PlanEnCours, PlanReglementForm } from './plan-reglement';
import { planMinimum } from '../api/post-plan-de-reglement';

/** `#cotisations`, the home tile's target: scrolled to and focused on arrival. */
export function CotisationsSection({ contrats, failed }: { contrats: Contrats | undefined; failed: boolean }) {
  const echeance = useEcheanceProchaine();
  const gestion = droitAccorde(useMemberSession(), 'GESTION');
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = contrats !== undefined;
  useEffect(() => {
    if (hash === '#cotisations' && loaded) {
      // Unless a part of the section took the focus as it appeared: back from signing in again,
      // the notice above what the member had typed.
      if (heading.current?.closest('section')?.contains(document.activeElement)) return;
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    }
  }, [hash, loaded]);
  const withSchedule = (contrats ?? []).filter((contrat) => contrat.echeancier.length > 0);
  // The member API's rule, previewed: a mandate for a contract in force or to come, debited.
  const debite = (contrats ?? []).some(
    (contrat) => contrat.cotisation.modePaiement === 'PRELEVEMENT' && contrat.statut !== 'RESILIE',
  );

  return (
    <section id="cotisations" className="card" aria-labelledby="cotisations-title">
      <h2
        id="cotisations-title"
        className={[styles.anchor, 'section-title'].join(" ")}
        ref={heading}
        tabIndex={-1}
      >
        {t('cotisations.title')}
      </h2>
      {echeance.data && (
        <p className={styles.next}>
          {t('cotisations.prochaine', {
            date: formatIsoDate(echeance.data.dateEcheance),
            amount: formatAmount(echeance.data.montant),
          })}
        </p>
      )}
      {failed && <p>{t('garanties.contratsError')}</p>}
      {loaded && withSchedule.length === 0 && <p>{t('cotisations.none')}</p>}
      {/*
        The account contributions are taken from, once for all the contracts it debits; changed,
        like the rest of how they are paid, not by someone acting without the right to manage the
        contract (nor in a beneficiary's own space).
      */}
      {debite && gestion && <CompteDePrelevement />}
      {withSchedule.map((contrat) => (
        <div key={contrat.numeroContrat} className={styles.echeancier}>
          <h3>{contrat.libelleProduit}</h3>
          {contrat.montantImpaye > 0 && (
            <p className="notice-error">{t('cotisations.impaye', { amount: formatAmount(contrat.montantImpaye) })}</p>
          )}
          {/*
            What is owed at once, paid by card; like the other changes to how the contract is paid,
            not by someone acting without the right to manage it (nor in a beneficiary's own space,
            which never has that right).
          */}
          {contrat.montantImpaye > 0 && gestion && (
            <PayerEnLigne numeroContrat={contrat.numeroContrat} montant={contrat.montantImpaye} />
          )}
          {contrat.planDeReglement && <PlanEnCours plan={contrat.planDeReglement} />}
          {/* The member API's rule, previewed: from an amount owed, one plan at a time. */}
          {contrat.montantImpaye >= planMinimum && !contrat.planDeReglement && gestion && (
            <PlanReglementForm numeroContrat={contrat.numeroContrat} />
          )}
          <p>
            {t('cotisations.montant', {
              amount: formatAmount(contrat.cotisation.montant),
              periodicite: t(`cotisations.periodicite.${contrat.cotisation.periodicite}`),
              mode: t(`cotisations.mode.${contrat.cotisation.modePaiement}`),
            })}
          </p>
          {/* Chosen for a contract in force that is debited; not by someone acting without the right to manage it. */}
          {contrat.statut === 'ACTIF' && contrat.cotisation.modePaiement === 'PRELEVEMENT' && gestion && (
            <JourPrelevementForm numeroContrat={contrat.numeroContrat} jour={contrat.cotisation.jourPrelevement} />
          )}
          <table className="stacked-table">
            <caption className="visually-hidden">
              {t('cotisations.caption', { contrat: contrat.libelleProduit })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('cotisations.periode')}</th>
                <th scope="col">{t('cotisations.echeance')}</th>
                <th scope="col" className="numeric">
                  {t('cotisations.montantCol')}
                </th>
                <th scope="col">{t('cotisations.statut')}</th>
              </tr>
            </thead>
            <tbody>
              {contrat.echeancier.map((ligne) => (
                <tr key={ligne.dateEcheance}>
                  <td data-label={t('cotisations.periode')}>
                    {t('garanties.du-au', {
                      from: formatIsoDate(ligne.periodeDebut),
                      to: formatIsoDate(ligne.periodeFin),
                    })}
                  </td>
                  <td data-label={t('cotisations.echeance')}>{formatIsoDate(ligne.dateEcheance)}</td>
                  <td data-label={t('cotisations.montantCol')} className="numeric">
                    {formatAmount(ligne.montant)}
                  </td>
                  <td data-label={t('cotisations.statut')}>
                    {ligne.statut === 'REJETEE' && ligne.motifRejet !== null ? (
                      <strong>{t('cotisations.rejet', { motif: ligne.motifRejet })}</strong>
                    ) : (
                      t(`cotisations.statut.${ligne.statut}`)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
