import { Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import useSWR, { type SWRResponse } from 'swr';
import { type Contrats, contratsKey, getContrats } from '@/api/get-contrats';
import type { User } from '@/api/get-session';
import { contratEnVigueur } from '@/entities/couverture/couverture';
import { type Droit, droitAccorde, envoiPossible, estimationPossible } from '@/entities/delegation/droits';
import { useMemberSession } from '@/hooks/session-context';
import { paths } from '@/config/paths';
import { RemboursementCard } from '@/components/remboursement-card';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { parseIsoDate } from '@/lib/format-date';
import type { ApercuDemande, Home, Remboursement } from '../api/get-home';
import type { RetryableQuery } from '@/components/part-state';
import { homeNotices, raccordementsSection } from '../home-data';
import { homePart, partState } from '../home-parts';
import { type Besoin, grantedTiles, homeTiles, type TileContext, type TileFlags } from '../home-tiles';
import { situationContrat } from '../situation-contrat';
import { DemandeRow } from './demande-row';
import { HomeSection } from './home-section';
import { HomeTilesNav } from './home-tiles-nav';
import { NonLusLine } from './non-lus-line';
import { NouveautesSection } from './nouveautes-section';
import { PartFailure } from '@/components/part-failure';
import styles from './home-dashboard.module.css';

/** At most 2 detail lines per payment on the home page (docs/product/limits.md#home-dashboard). */
const linesPerPayment = 2;

/** The NOEMIE notices, loaded apart: usually before the dashboard renders, by `/home`'s loader. */
const RaccordementsSection = raccordementsSection.Component;
/** The contract's and the rejected debit's notices, loaded apart as well. */
const HomeNotices = homeNotices.Component;

interface HomeDashboardProps {
  flags: TileFlags & Pick<User, 'Futur'>;
  /** `useHome()`: the page shares the one request with the news banner above. */
  home: SWRResponse<Home, unknown>;
}

function RemboursementsSection({ query }: { query: RetryableQuery<Remboursement[]> }) {
  return (
    <HomeSection
      title={t('home.remboursements.title')}
      more={{ label: t('home.remboursements.all'), to: paths.remboursements }}
      query={query}
      texts={{
        loading: t('home.remboursements.loading'),
        empty: t('home.remboursements.empty'),
        failed: t('home.remboursements.error'),
      }}
    >
      {(remboursements) => (
        <ul className={styles.payments}>
          {remboursements.map((remboursement) => (
            <li key={remboursement.paymentId}>
              <RemboursementCard remboursement={remboursement} maxLines={linesPerPayment} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

function DemandesSection({ query }: { query: RetryableQuery<ApercuDemande[]> }) {
  return (
    <HomeSection
      title={t('home.demandes.title')}
      more={{ label: t('home.demandes.all'), to: paths.demandesMutuelle }}
      query={query}
      texts={{
        loading: t('home.demandes.loading'),
        empty: t('home.demandes.empty'),
        failed: t('home.demandes.error'),
      }}
    >
      {(demandes) => (
        <ul className={styles.demandes}>
          {demandes.map((demande, index) => (
            <li key={demande.id ?? index} className={styles.demande}>
              <DemandeRow demande={demande} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

function EffectuerDemande() {
  return (
    <Link className={['button button-primary', styles.create].join(' ')} to={paths.creationDemande}>
      {t('home.effectuerDemande')}
    </Link>
  );
}

/**
 * Before the first answer: placeholders only. The loaded dashboard is another tree, so that
 * the news banner arriving above it pushes nothing the member was already looking at.
 */
function DashboardSkeleton({ tileCount, accorde }: { tileCount: number; accorde: (droit: Droit) => boolean }) {
  const loading: RetryableQuery<never[]> = {
    data: undefined,
    error: undefined,
    isValidating: true,
    mutate: () => Promise.resolve(),
  };
  return (
    <div className={styles.dashboard}>
      <div className={styles.shortcuts} aria-hidden="true">
        <div className={[styles.tilesNav, styles.tiles].join(' ')}>
          {Array.from({ length: tileCount }, (_, index) => (
            <Skeleton key={index} className={styles.tileSkeleton} />
          ))}
        </div>
      </div>
      {accorde('REMBOURSEMENTS') && <RemboursementsSection query={loading} />}
      {accorde('DEMANDES') && <DemandesSection query={loading} />}
    </div>
  );
}

/**
 * The contracts of a member none covers today (struck off, or whose first contract is to
 * come), which say since or until when; not asked for anyone else, whose home needs none.
 * `awaited` until their first answer, whether they came or failed.
 */
function useContratsSansCouverture(flags: HomeDashboardProps['flags']) {
  const asked = !contratEnVigueur(flags);
  const contrats = useSWR<Contrats, unknown>(asked ? contratsKey : null, getContrats);
  // The notice's code comes with the contracts, not after them.
  useEffect(() => {
    if (asked) void homeNotices.load();
  }, [asked]);
  return { contrats, awaited: asked && contrats.data === undefined && contrats.error === undefined };
}

/**
 * The home dashboard (docs/product/home.md#layout): shortcuts after the member's flags, the request
 * button, what changed since the last visit, the latest reimbursements and the pending requests,
 * all from `/api/home`; first, for a member no contract covers today, what became of it. Someone
 * acting for the member sees only what their rights open.
 */
export function HomeDashboard({ flags, home }: HomeDashboardProps) {
  const today = new Date();
  const currentYear = today.getFullYear();
  const session = useMemberSession();
  const accorde = (droit: Droit) => droitAccorde(session, droit);
  const envoi = envoiPossible(session);
  const besoin = (quoi: Besoin) =>
    quoi === 'ENVOI' ? envoi : quoi === 'ESTIMATION' ? estimationPossible(session) : accorde(quoi);
  const tiles = (context: TileContext) => grantedTiles(homeTiles(flags, context), besoin);
  const { contrats, awaited } = useContratsSansCouverture(flags);
  const skeleton = (
    <DashboardSkeleton
      tileCount={tiles({ nextDueDate: null, currentYear, situation: null }).length}
      accorde={accorde}
    />
  );
  // The contract's notice comes with the rest, at the top: arriving later, it would push
  // everything down.
  if ((home.data === undefined && home.error === undefined) || awaited) return skeleton;

  const retry = () => void home.mutate();
  const echeance = partState(home, 'echeanceProchaine');
  // "Never set" in the original; here the member API's next due date, when there is one.
  const nextDueDate =
    echeance.status === 'ready' ? parseIsoDate(echeance.data?.dateEcheance) : null;
  const situation = contrats.data ? situationContrat(flags, contrats.data, today) : null;
  const impaye = echeance.status === 'ready' ? (echeance.data?.impaye ?? null) : null;
  // No contract left for the NOEMIE link to serve: a struck-off member is not urged to set it up.
  const raccordements = flags.Radie ? [] : (homePart(home, 'raccordements').data ?? []);

  return (
    // Should the notices' code still be on its way, the placeholders stay until it is in:
    // the notices arriving later would push down every section below them.
    <Suspense fallback={skeleton}>
      <div className={styles.dashboard}>
        {contrats.error !== undefined && (
          <PartFailure message={t('home.contrat.error')} onRetry={() => void contrats.mutate()} />
        )}
        {(situation !== null || impaye !== null) && <HomeNotices situation={situation} impaye={impaye} gestion={accorde('GESTION')} />}
        <div className={styles.shortcuts}>
          <HomeTilesNav tiles={tiles({ nextDueDate, currentYear, situation })} />
          {envoi && <EffectuerDemande />}
        </div>
        {echeance.status === 'failed' && !flags.Radie && (
          <PartFailure message={t('home.cotisations.error')} onRetry={retry} />
        )}
        {accorde('DEMANDES') && <NonLusLine />}
        {raccordements.length > 0 && (
          <RaccordementsSection
            raccordements={raccordements}
            demandes={envoi}
            personnel={session.delegation?.nature === 'BENEFICIAIRE'}
          />
        )}
        <NouveautesSection query={homePart(home, 'nouveautes')} />
        {accorde('REMBOURSEMENTS') && <RemboursementsSection query={homePart(home, 'remboursements')} />}
        {accorde('DEMANDES') && <DemandesSection query={homePart(home, 'demandes')} />}
      </div>
    </Suspense>
  );
}
