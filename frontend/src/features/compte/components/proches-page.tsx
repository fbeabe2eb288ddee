import { useProcurations } from '@/api/get-procurations';
import { Procurations } from '@/components/procurations';
import { useMemberSession } from '@/hooks/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSwitchSpace } from '@/hooks/use-switch-space';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages, t } from '@/i18n/t';
import { useDelegations } from '../api/get-delegations';
import { DelegationsSection } from './delegations-section';
import { InvitationForm } from './invitation-form';
import styles from './compte.module.css';

addMessages(compteTexts);

/**
 * `/compte/proches`, « Agir pour un proche »: the people the member lets act for them (and the
 * guardians the mutual recorded), a new one to invite, and the members they may act for
 * themselves. Someone acting for the member is refused all of it by the member API; the page
 * says so rather than asking.
 */
export function ProchesPage() {
  usePageTitle(t('compte.proches.title'));
  const { delegation } = useMemberSession();

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('compte.proches.title')}</h1>
        <p>{t(delegation ? 'compte.proches.adherentSeul' : 'compte.proches.intro')}</p>
      </div>
      {!delegation && <ProchesDuMembre />}
    </div>
  );
}

/** The member's own: who acts for them, a new invitation, and for whom they act. */
function ProchesDuMembre() {
  const delegations = useDelegations();
  return (
    <>
      <DelegationsSection delegations={delegations} />
      <InvitationForm onInvited={() => void delegations.mutate()} />
      <ProcurationsSection />
    </>
  );
}

/** « Les personnes pour qui vous pouvez agir », only when there are some. */
function ProcurationsSection() {
  const procurations = useProcurations().data?.procurations ?? [];
  const change = useSwitchSpace();
  if (procurations.length === 0) return null;
  return (
    <section className="card" aria-labelledby="procurations-title">
      <h2 id="procurations-title" className="section-title">
        {t('compte.proches.procurations.title')}
      </h2>
      {change.error && (
        <p role="alert" className="notice-error">
          {change.error}
        </p>
      )}
      <Procurations
        procurations={procurations}
        disabled={change.sending || change.sent}
        onAgir={(numero) => void change.submit(numero)}
      />
    </section>
  );
}
