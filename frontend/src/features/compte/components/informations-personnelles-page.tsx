import { Link } from 'react-router';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { useInfos } from '@/api/get-infos';
import { AsyncPart } from '@/components/async-part';
import { Attestations } from '@/components/attestations';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import ajoutTexts from '@/i18n/fr/ajout-beneficiaire.json';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages, t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { genreDeCivilite, neLe } from '@/entities/personne/genre';
import { useIdentite } from '../api/get-identite';
import { formatNir } from '../format-nir';
import { AdresseSection } from './adresse-section';
import { AjoutImpossible, sansAjout } from './ajout-impossible';
import { BanqueSection } from './banque-section';
import { ConnexionsSection } from './connexions-section';
import { DocumentsSection } from './documents-section';
import { MesDonneesSection } from './mes-donnees-section';
import { Item } from './item';
import { PreferencesSection } from './preferences-section';
import styles from './compte.module.css';
import { droitAccorde } from '@/entities/delegation/droits';

addMessages(compteTexts);
addMessages(ajoutTexts);

/**
 * `/compte/informations-personnelles` (and `/compte`): who the member is, how to reach them,
 * where they live, where their money goes, who is covered, how they are told of what is new,
 * what the mutual sent them and how it reaches them, where their space is open, and the way to
 * the people who act for them. Each part loads and fails on its own. Struck-off members see and
 * change theirs like everyone.
 */
export function InformationsPersonnellesPage() {
  usePageTitle(t('nav.informationsPersonnelles'));
  const session = useMemberSession();
  return (
    <div className={styles.page}>
      <h1 className="page-title">{t('nav.informationsPersonnelles')}</h1>
      <IdentiteSection />
      <ContactSection />
      <AdresseSection />
      <BanqueSection />
      <BeneficiairesSection />
      {/* Not offered to someone acting for the member without that right. */}
      {droitAccorde(session, 'ATTESTATIONS') && <Attestations />}
      <PreferencesSection />
      <DocumentsSection />
      <ConnexionsSection />
      <MesDonneesSection />
      <ProchesSection />
    </div>
  );
}

/**
 * « Agir pour un proche », on a page of its own. Not offered to someone acting for the member,
 * to whom the member API refuses it.
 */
function ProchesSection() {
  const { delegation } = useMemberSession();
  if (delegation) return null;
  return (
    <section className="card" aria-labelledby="proches-title">
      <h2 id="proches-title" className="section-title">
        {t('compte.proches.title')}
      </h2>
      <p>
        <Link className="button button-secondary" to={paths.proches}>
          {t('compte.proches.lien')}
        </Link>
      </p>
    </section>
  );
}

function IdentiteSection() {
  const identite = useIdentite();
  return (
    <section className="card" aria-labelledby="identite-title">
      <h2 id="identite-title" className="section-title">
        {t('compte.identite.title')}
      </h2>
      <AsyncPart
        query={identite}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.identite.error')}
      >
        {(data) => (
          <dl className={styles.items}>
            <Item
              label={t('compte.identite.nom')}
              value={memberDisplayName(data.Civilite, data.Prenom, data.Nom)}
            />
            <Item label={t('compte.identite.naissance')} value={formatIsoDate(data.dateNaissance)} />
            <Item label={t('compte.identite.nir')} value={formatNir(data.numeroSecuriteSociale)} />
            <Item label={t('compte.identite.caisse')} value={data.caisseAssuranceMaladie} />
            <Item label={t('compte.identite.noemie')} value={t(`compte.noemie.${data.statutNoemie}`)} />
            <Item label={t('compte.identite.email')} value={data.email} />
            <Item label={t('compte.identite.numeroPersonne')} value={data.numeroPersonne} />
            {data.courtier && <Item label={t('compte.identite.courtier')} value={data.courtier} />}
          </dl>
        )}
      </AsyncPart>
    </section>
  );
}

function ContactSection() {
  const infos = useInfos();
  return (
    <section className="card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="section-title">
        {t('compte.contact.title')}
      </h2>
      <AsyncPart
        query={infos}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.contact.error')}
      >
        {(data) => (
          <>
            <dl className={styles.items}>
              <Item label={t('compte.contact.email')} value={data.email} />
              <Item label={t('compte.contact.portable')} value={data.telephonePortable ?? '-'} />
              <Item label={t('compte.contact.fixe')} value={data.telephoneFixe ?? '-'} />
            </dl>
            <p className="text-muted">{t('compte.contact.changer')}</p>
          </>
        )}
      </AsyncPart>
    </section>
  );
}

function BeneficiairesSection() {
  const beneficiaires = useBeneficiaires();
  const { User } = useMemberSession();
  const raison = sansAjout(User);
  // The member's own line agrees with their civilité; the others' is not known.
  const genreAdherent = genreDeCivilite(User.Civilite);
  return (
    <section className="card" aria-labelledby="beneficiaires-title">
      <h2 id="beneficiaires-title" className="section-title">
        {t('compte.beneficiaires.title')}
      </h2>
      <AsyncPart
        query={beneficiaires}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.beneficiaires.error')}
      >
        {(data) => (
          <ul className={styles.people}>
            {data.map((beneficiaire) => (
              <li key={beneficiaire.id}>
                <strong>{memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}</strong>
                <span>{t(`lien.${beneficiaire.lien}`)}</span>
                <span>
                  {neLe(
                    beneficiaire.lien === 'ASSURE_PRINCIPAL' ? genreAdherent : null,
                    formatIsoDate(beneficiaire.dateNaissance),
                  )}
                </span>
                <span className="text-muted">
                  {beneficiaire.caisseAssuranceMaladie} · {t(`compte.noemie.${beneficiaire.statutNoemie}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AsyncPart>
      {raison ? (
        <AjoutImpossible raison={raison} />
      ) : (
        <p>
          <Link className="button button-secondary" to={paths.ajoutBeneficiaire}>
            {t('ajoutBeneficiaire.title')}
          </Link>
        </p>
      )}
    </section>
  );
}
