import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import type { User } from '@/api/get-session';
import { FormLoading } from '@/components/form-loading';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { t } from '@/i18n/t';
import { useRestoredAfterSignIn } from '@/hooks/kept-across-sign-in';
import { whenIdle } from '@/lib/when-idle';
import { initialFlow, resiliationFlow, resiliationGardee, stepTitles } from '../resiliation-flow';
import type { Contrat } from '../resiliation-rules';
import { ResiliationAccuseStep } from './resiliation-accuse-step';
import styles from './resiliation.module.css';

/**
 * The form, with the forms library, and the summary, with the anti-robot check: loaded by the
 * step that shows them, so that the page (its title, the conditions) appears without waiting
 * for them, nor for the forms library's evaluation.
 */
const ResiliationFormulaireStep = lazy(() =>
  import('./resiliation-formulaire-step').then((module) => ({ default: module.ResiliationFormulaireStep })),
);
const ResiliationRecapitulatifStep = lazy(() =>
  import('./resiliation-recapitulatif-step').then((module) => ({
    default: module.ResiliationRecapitulatifStep,
  })),
);

/**
 * Whether the page has painted: the form's code (with the forms library, the largest script
 * of the page) starts loading once it has, not while the page's first render runs, so that
 * the title and the conditions never wait for it.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setPainted(true);
      }),
    [],
  );
  return painted;
}

/**
 * The form, its summary and the acknowledgement, one at a time under a focused title; the
 * summary again, with what was chosen, when the member comes back from signing in again.
 */
export function ResiliationSteps({ contrats, user }: { contrats: Contrat[]; user: User }) {
  const repris = useRestoredAfterSignIn(resiliationGardee);
  const [flow, dispatch] = useReducer(resiliationFlow, undefined, () =>
    initialFlow(contrats, user.email, new Date(), repris),
  );
  const heading = useFocusOnChange<HTMLHeadingElement>(flow.step);
  const painted = usePainted();

  return (
    <section className="card" aria-labelledby="resiliation-step">
      <h2 id="resiliation-step" ref={heading} tabIndex={-1} className={['section-title', styles.stepTitle].join(' ')}>
        {t(stepTitles[flow.step])}
      </h2>
      <Suspense fallback={<FormLoading className={styles.stepLoading} />}>
        {flow.step === 'formulaire' && !painted && <FormLoading className={styles.stepLoading} />}
        {flow.step === 'formulaire' && painted && (
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
            reprise={flow.reprise === true}
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
      </Suspense>
      {flow.step === 'accuse' && <ResiliationAccuseStep demande={flow.demande} />}
    </section>
  );
}
