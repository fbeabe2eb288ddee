import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AsyncPart } from '@/components/async-part';
import { Attestations } from '@/components/attestations';
import { Skeleton } from '@/components/skeleton';
import { plafondPeriode } from '@/entities/garanties/plafond-periode';
import { useMemberSession } from '@/hooks/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import garantiesTexts from '@/i18n/fr/garanties.json';
import { addMessages, t } from '@/i18n/t';
import { downloadFile } from '@/components/download-file';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { genreDeCivilite, neLe } from '@/entities/personne/genre';
import { partState } from '@/components/part-state';
import type { MemberApi } from '@/types/member-api';
import { useContrats } from '@/api/get-contrats';
import { useDroitsAdherent } from '../api/get-droits-adherent';
import { type DroitsComplets, useDroitsCompletAdherent } from '../api/get-droits-complet-adherent';
import { CotisationsSection } from './cotisations-section';
import { PlafondsSection } from './plafonds-section';
import styles from './garanties.module.css';
import { droitAccorde, estimationPossible } from '@/entities/delegation/droits';

addMessages(garantiesTexts);

type Contrat = MemberApi<'Contrat'>;

/** The contract in force first, then those to come, then those ended. */
const statutOrder: Record<Contrat['statut'], number> = { ACTIF: 0, A_VENIR: 1, RESILIE: 2 };

/** What every part of the page shows while it loads. */
function loading() {
  return { loadingLabel: t('garanties.loading'), placeholder: <Skeleton className={styles.skeleton} /> };
}

/**
 * `/mutuelle/contrats-garanties`: the contracts, their guarantees, what is left of each
 * ceiling, today's rights, the booklet, the certificates, the way to an estimate, to the
 * partner network and, beside the hospital guarantees, to a prior agreement (none of them for
 * a struck-off member), and `#cotisations`. Each part loads on its own and fails on its own.
 */
export function GarantiesPage() {
  usePageTitle(t('nav.garanties'));
  const session = useMemberSession();
  const { User } = session;
  const contrats = useContrats();
  const garanties = useDroitsCompletAdherent();

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('nav.garanties')}</h1>
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void downloadFile('/api/assure/livret', { fileName: 'livret-garanties.pdf' })}
          >
            {t('garanties.livret')}
          </button>
          {/* An estimate and the partners' terms both speak of a cover an ended contract no longer gives. */}
          {!User.Radie && (
            <>
              {estimationPossible(session) && (
                <Link className="button button-secondary" to={paths.estimation}>
                  {t('estimation.title')}
                </Link>
              )}
              <Link className="button button-secondary" to={paths.reseauSoins}>
                {t('reseauSoins.title')}
              </Link>
            </>
          )}
          {User.AuMoinsUnContratActifEtIndividuel && droitAccorde(session, 'GESTION') && (
            <Link className="button button-secondary" to={paths.resiliation}>
              {t('garanties.resilier')}
            </Link>
          )}
        </div>
        <h2 className="section-title">{t('garanties.contrats')}</h2>
        <AsyncPart query={contrats} {...loading()} failureMessage={t('garanties.contratsError')}>
          {(data) =>
            data.length === 0 ? (
              <p>{t('garanties.noContrat')}</p>
            ) : (
              <ul className={styles.contrats}>
                {[...data]
                  .sort((a, b) => statutOrder[a.statut] - statutOrder[b.statut])
                  .map((contrat) => (
                    <li key={contrat.numeroContrat}>
                      <ContratSummary contrat={contrat} />
                    </li>
                  ))}
              </ul>
            )
          }
        </AsyncPart>
      </div>
      <Droits />
      {/* Not offered to someone acting for the member without that right. */}
      {droitAccorde(session, 'ATTESTATIONS') && <Attestations />}
      <div className="card">
        <h2 className="section-title">{t('garanties.title')}</h2>
        <AsyncPart query={garanties} {...loading()} failureMessage={t('garanties.error')}>
          {(data) => <Garanties droits={data} demandes={!User.Radie} />}
        </AsyncPart>
      </div>
      <PlafondsSection />
      <CotisationsSection contrats={contrats.data} failed={partState(contrats).status === 'failed'} />
    </div>
  );
}

function ContratSummary({ contrat }: { contrat: Contrat }) {
  return (
    <article className={styles.contrat} aria-label={contrat.libelleProduit}>
      <h3>{contrat.libelleProduit}</h3>
      <dl>
        <div>
          <dt>{t('garanties.numero')}</dt>
          <dd>{contrat.numeroContrat}</dd>
        </div>
        <div>
          <dt>{t('garanties.statut')}</dt>
          <dd>{t(`garanties.statut.${contrat.statut}`)}</dd>
        </div>
        <div>
          <dt>{t('garanties.periode')}</dt>
          <dd>
            {contrat.dateFin
              ? t('garanties.du-au', {
                  from: formatIsoDate(contrat.dateDebut),
                  to: formatIsoDate(contrat.dateFin),
                })
              : t('garanties.depuis', { from: formatIsoDate(contrat.dateDebut) })}
          </dd>
        </div>
        <div>
          <dt>{t('garanties.type')}</dt>
          <dd>
            {contrat.typeContrat === 'INDIVIDUEL'
              ? t('garanties.individuel')
              : t('garanties.collectif', { entreprise: contrat.entreprise ?? '-' })}
          </dd>
        </div>
        <div>
          <dt>{t('garanties.couverts')}</dt>
          <dd>
            {contrat.beneficiaires
              .map((couvert) =>
                t('garanties.couvert', {
                  name: memberDisplayName('', couvert.prenom, couvert.nom),
                  lien: t(`lien.${couvert.lien}`),
                }),
              )
              .join(', ')}
          </dd>
        </div>
      </dl>
    </article>
  );
}

function Droits() {
  const droits = useDroitsAdherent();
  // The member API gives no civility for the people covered: the member's own, from the
  // session, agrees their line; the others read « né(e) ».
  const genreAdherent = genreDeCivilite(useMemberSession().User.Civilite);
  return (
    <div className="card">
      <h2 className="section-title">{t('garanties.droits')}</h2>
      <AsyncPart query={droits} {...loading()} failureMessage={t('garanties.droitsError')}>
        {(data) => (
          <ul className={styles.droits}>
            {data.beneficiaires.map((beneficiaire) => {
              const covered = beneficiaire.droits.some((droit) => droit.statut === 'ACTIF');
              const genre = beneficiaire.lien === 'ASSURE_PRINCIPAL' ? genreAdherent : null;
              return (
                <li key={beneficiaire.idBeneficiaire}>
                  <span>
                    {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}{' '}
                    <span className="text-muted">
                      {neLe(genre, formatIsoDate(beneficiaire.dateNaissance))}
                    </span>
                  </span>
                  <strong className={covered ? styles.covered : styles.notCovered}>
                    {covered ? t('garanties.couvertAujourdhui') : t('garanties.nonCouvert')}
                  </strong>
                </li>
              );
            })}
          </ul>
        )}
      </AsyncPart>
    </div>
  );
}

/**
 * Which care a contract's guarantees are for, when it is not in force: a member with a contract
 * that ended and one in force must not read the old guarantees as today's.
 */
function Portee({ contrat }: { contrat: DroitsComplets['contrats'][number] }) {
  if (contrat.statut === 'RESILIE' && contrat.dateFin) {
    return <p className="text-muted">{t('garanties.portee.RESILIE', { date: formatIsoDate(contrat.dateFin) })}</p>;
  }
  if (contrat.statut === 'A_VENIR') {
    return <p className="text-muted">{t('garanties.portee.A_VENIR', { date: formatIsoDate(contrat.dateDebut) })}</p>;
  }
  return null;
}

interface GarantiesProps {
  droits: DroitsComplets;
  /** Whether the member may ask for a prior agreement: not once every contract has ended. */
  demandes: boolean;
}

function Garanties({ droits, demandes }: GarantiesProps) {
  return (
    <div className={styles.garanties}>
      {droits.contrats.map((contrat) => (
        <section key={contrat.numeroContrat} aria-label={contrat.libelleProduit}>
          <h3>{contrat.libelleProduit}</h3>
          <Portee contrat={contrat} />
          {contrat.garanties.map((categorie) => (
            <details key={categorie.categorie} className={styles.categorie}>
              <summary>{categorie.libelleCategorie}</summary>
              <ul>
                {categorie.garanties.map((garantie) => (
                  <li key={garantie.libelle}>
                    <span className={styles.libelle}>{garantie.libelle}</span>
                    <span className={styles.regle}>{garantie.regle}</span>
                    {garantie.plafond !== null && (
                      <span className="text-muted">
                        {garantie.periodicitePlafond
                          ? t('garanties.plafondPar', {
                              amount: formatAmount(garantie.plafond),
                              period: plafondPeriode(garantie.periodicitePlafond),
                            })
                          : t('garanties.plafond', { amount: formatAmount(garantie.plafond) })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {/* Not under an ended contract's: its guarantees are for care before its end. */}
              {demandes && categorie.categorie === 'HOSPITALISATION' && contrat.statut !== 'RESILIE' && (
                <p className={styles.priseEnCharge}>
                  <Link to={paths.creationDemandeDeType('PRISE_EN_CHARGE_HOSPITALIERE')}>
                    {t('garanties.priseEnCharge')}
                  </Link>
                </p>
              )}
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
