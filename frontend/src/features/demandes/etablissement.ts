import { isRecord } from '@/hooks/stored-fields';
import { t } from '@/i18n/t';
import type { EtablissementSante } from './api/get-etablissements';

/**
 * An establishment of the mutual's directory, as the hospital care form shows it and keeps it
 * in the draft of the request.
 */

const champs = ['finess', 'siren', 'nom', 'adresse', 'codePostal', 'commune'] as const;

/** An establishment as the directory gave it, whole: what a draft read back must hold. */
export function isEtablissementSante(value: unknown): value is EtablissementSante {
  return (
    isRecord(value) &&
    champs.every((champ) => typeof value[champ] === 'string') &&
    (value.statut === 'PUBLIC' || value.statut === 'PRIVE')
  );
}

/** « 69003 Lyon ». */
export function communeLabel(etablissement: EtablissementSante): string {
  return `${etablissement.codePostal} ${etablissement.commune}`;
}

/** « public » or « privé ». */
export function statutLabel(etablissement: EtablissementSante): string {
  return t(`creation.etablissement.statut.${etablissement.statut}`);
}

/** « FINESS 690000018 ». */
export function finessLabel(etablissement: EtablissementSante): string {
  return t('creation.etablissement.finess', { finess: etablissement.finess });
}

/** One line for a screen reader: « Clinique du Parc, 69003 Lyon, FINESS 690000018, privé ». */
export function etablissementResume(etablissement: EtablissementSante): string {
  return [etablissement.nom, communeLabel(etablissement), finessLabel(etablissement), statutLabel(etablissement)].join(
    ', ',
  );
}
