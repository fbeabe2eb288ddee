import { PublicLayout } from '@/components/public-layout';
import { usePageTitle } from '@/hooks/use-page-title';
import accessibiliteTexts from '@/i18n/fr/accessibilite.json';
import { addMessages, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { formatIsoDate } from '@/lib/format-date';
import { frenchNumber } from '@/lib/french-number';

addMessages(accessibiliteTexts);

/**
 * `/home/accessibilite`, the accessibility statement French law requires (RGAA): who
 * publishes which site, its conformity state and the audit behind it, what does not conform
 * or is exempted, how to report a problem or ask for an accessible alternative, and the right
 * to refer to the Défenseur des droits. Public: reachable with or without a session. Its parts
 * come from the operator's configuration (`[brand]`, `[accessibilite]`).
 */
export function AccessibilitePage() {
  const brand = useBrand();
  const statement = brand.accessibilite;
  const title = t('accessibilite.title');
  usePageTitle(title);
  const site = window.location.origin;

  return (
    <PublicLayout text>
      <h1 className="page-title">{title}</h1>
      <p>{t('accessibilite.intro', { organisation: brand.name, site })}</p>

      <h2 className="section-title">{t('accessibilite.etat.title')}</h2>
      <p>{t('accessibilite.etat.text', { site, etat: statement.etat })}</p>

      <h2 className="section-title">{t('accessibilite.resultats.title')}</h2>
      {statement.dateAudit && statement.tauxConformite !== null ? (
        <p>
          {t('accessibilite.resultats.text', {
            auditeur: statement.auditeur ?? brand.name,
            date: formatIsoDate(statement.dateAudit),
            taux: frenchNumber(statement.tauxConformite, { min: 0, max: 3 }),
          })}
        </p>
      ) : (
        <p>{t('accessibilite.resultats.none')}</p>
      )}

      <h2 className="section-title">{t('accessibilite.nonAccessibles.title')}</h2>
      <h3>{t('accessibilite.nonConformites')}</h3>
      {statement.nonConformites.length > 0 ? (
        <ul>
          {statement.nonConformites.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p>{t('accessibilite.aucune')}</p>
      )}
      <h3>{t('accessibilite.derogations')}</h3>
      {statement.derogations.length > 0 ? (
        <ul>
          {statement.derogations.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p>{t('accessibilite.aucune')}</p>
      )}

      <h2 className="section-title">{t('accessibilite.contact.title')}</h2>
      <p>{t('accessibilite.contact.text')}</p>
      <ul>
        <li>
          {t('accessibilite.contact.email')}{' '}
          <a href={`mailto:${statement.contactEmail}`}>{statement.contactEmail}</a>
        </li>
        {statement.contactUrl && (
          <li>
            {t('accessibilite.contact.url')} <a href={statement.contactUrl}>{statement.contactUrl}</a>
          </li>
        )}
      </ul>

      <h2 className="section-title">{t('accessibilite.recours.title')}</h2>
      <p>{t('accessibilite.recours.text')}</p>
      <ul>
        <li>
          {t('accessibilite.recours.formulaire')}{' '}
          <a href="https://formulaire.defenseurdesdroits.fr/">formulaire.defenseurdesdroits.fr</a>
        </li>
        <li>{t('accessibilite.recours.delegue')}</li>
        <li>{t('accessibilite.recours.courrier')}</li>
      </ul>
    </PublicLayout>
  );
}
