import type { Estimation } from '@/api/post-estimation';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import type { DemandeEstimation } from './estimation-form';
import { isSoinEstime } from './estimation-soins';

/**
 * An estimate kept with a quote's request: read back from session storage (where a reload,
 * a stale version or a hand-edited entry may have left anything), and written into the
 * request's GED index so that the mutual reads what the member was told.
 */

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isDate = (value: unknown) => isString(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isOptional = (value: unknown) => value === undefined || isNumber(value);

/** A request body as `demandeEstimation` writes it. */
export function isDemandeEstimation(value: unknown): value is DemandeEstimation {
  return (
    isRecord(value) &&
    isNumber(value.idBeneficiaire) &&
    isSoinEstime(value.soin) &&
    typeof value.centPourCentSante === 'boolean' &&
    isNumber(value.prix) &&
    isOptional(value.quantite) &&
    isOptional(value.baseSecu) &&
    isOptional(value.tauxSecu)
  );
}

function isGarantie(value: unknown): boolean {
  return (
    value === null ||
    (isRecord(value) &&
      isString(value.libelle) &&
      isString(value.regle) &&
      isString(value.numeroContrat) &&
      isString(value.libelleProduit))
  );
}

function isPlafond(value: unknown): boolean {
  return (
    value === null ||
    (isRecord(value) &&
      isNumber(value.montant) &&
      isString(value.periodicite) &&
      isDate(value.depuis) &&
      isNumber(value.dejaUtilise) &&
      isNumber(value.disponible))
  );
}

function isRenouvellement(value: unknown): boolean {
  return (
    value === null ||
    (isRecord(value) &&
      isNumber(value.annees) &&
      (value.dernierEquipement === null || isDate(value.dernierEquipement)) &&
      (value.possibleLe === null || isDate(value.possibleLe)))
  );
}

/** Every field the result shows, each of its type: anything else is no estimate at all. */
export function isEstimation(value: unknown): value is Estimation {
  return (
    isRecord(value) &&
    isRecord(value.beneficiaire) &&
    isNumber(value.beneficiaire.id) &&
    isString(value.beneficiaire.prenom) &&
    isString(value.beneficiaire.nom) &&
    isSoinEstime(value.soin) &&
    isString(value.libelleSoin) &&
    typeof value.centPourCentSante === 'boolean' &&
    ['prix', 'quantite', 'baseSecu', 'tauxSecu', 'montantSecu', 'montantMutuelle', 'resteACharge'].every(
      (field) => isNumber(value[field]),
    ) &&
    isGarantie(value.garantie) &&
    isPlafond(value.plafond) &&
    isRenouvellement(value.renouvellement) &&
    Array.isArray(value.regles) &&
    value.regles.every(isString) &&
    isString(value.mention)
  );
}

/** The member API's limit on one GED index entry. */
const metadataValueMax = 500;

function truncate(value: string): string {
  return value.length <= metadataValueMax ? value : `${value.slice(0, metadataValueMax - 1)}…`;
}

/**
 * The estimate as GED index entries (`CreationGed.metadata`), in French as the member read
 * it: the care, what each payer was said to pay, the guarantee applied and the mention.
 * Six entries at most, each cut to the member API's 500 characters.
 */
export function estimationMetadata(estimation: Estimation): Record<string, string> {
  const { garantie } = estimation;
  const entries: Record<string, string> = {
    estimationSoin: estimation.centPourCentSante
      ? t('estimation.metadata.soinPanier', { soin: estimation.libelleSoin })
      : estimation.libelleSoin,
    estimationSecu: formatAmount(estimation.montantSecu),
    estimationMutuelle: formatAmount(estimation.montantMutuelle),
    estimationResteACharge: formatAmount(estimation.resteACharge),
    ...(garantie && {
      estimationGarantie: t('estimation.metadata.garantie', {
        libelle: garantie.libelle,
        regle: garantie.regle,
        produit: garantie.libelleProduit,
        contrat: garantie.numeroContrat,
      }),
    }),
    estimationMention: estimation.mention,
  };
  return Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, truncate(value)]));
}
