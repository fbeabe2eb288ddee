import { useReducer } from 'react';
import type { User } from '@/api/get-session';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { initialFlow, resiliationFlow, stepTitles } from '../resiliation-flow';
import type { Contrat } from '../resiliation-rules';
import { ResiliationAccuseStep } from './resiliation-accuse-step';
import { ResiliationFormulaireStep } from './resiliation-formulaire-step';
import { ResiliationRecapitulatifStep } from './resiliation-recapitulatif-step';
import styles from './resiliation.module.css';

/** The form, its summary and the acknowledgement, one at a time under a focused title. */
export function ResiliationSteps({ contrats, user }: { contrats: Contrat[]; user: User }) {
  const [flow, dispatch] = useReducer(resiliationFlow, undefined, () => initialFlow(contrats, user.email, new Date()));
  const heading = useFocusOnChange<HTMLHeadingElement>(flow.step);

  return (
    <section className="card" aria-labelledby="resiliation-step">
      <h2 id="resiliation-step" ref={heading} tabIndex={-1} className={['section-title', styles.stepTitle].join(' ')}>
        {t(stepTitles[flow.step])}
      </h2>
      {flow.step === 'formulaire' && (
        <ResiliationFormulaireStep
          contrats={contrats}
          user={user}
          values={flow.values}
          refus={flow.refus}
          onNext={(values) => {
            dispatch({ type: 'verifier', values });
          }}
        />
      )}
      {flow.step === 'recapitulatif' && (
        <ResiliationRecapitulatifStep
          contrats={contrats}
          user={user}
          values={flow.values}
          onEdit={() => {
            dispatch({ type: 'modifier' });
          }}
          onRefused={(message) => {
            dispatch({ type: 'refuser', message });
          }}
          onSent={(demande) => {
            dispatch({ type: 'enregistrer', demande });
          }}
        />
      )}
      {flow.step === 'accuse' && <ResiliationAccuseStep demande={flow.demande} />}
    </section>
  );
}
