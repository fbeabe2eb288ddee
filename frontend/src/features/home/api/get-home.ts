import useSWR from 'swr';
import { homeKey } from '@/api/home-key';
import { apiGet } from '@/lib/api-client';
import type { BandeauNouveautes } from '@/types/bandeau-nouveautes';
import type { MemberApi } from '@/types/member-api';

/** A part of the home answer that failed upstream, shaped like every error of the server. */
export interface PartError {
  status: number;
  code: string;
  message: string;
}

/** Each part arrives on its own: its data, or the error that kept it from arriving. */
export type HomePart<T> = { data: T } | { error: PartError };

/** Read tolerantly: a partner's member API may leave out what the demo one always sends. */
type OrNull<T> = { [K in keyof T]: T[K] | null };

/**
 * One line of a payment as the dashboard shows it
 * (docs/product/entities.md#a-payment-and-its-lines); at most 2 per payment. A missing amount or
 * date shows as '-' (docs/product/validation.md#missing-values).
 */
export type DetailRemboursement = OrNull<
  Pick<
    MemberApi<'LignePrestation'>,
    'labelExternalCode' | 'startDate' | 'expenseAmount' | 'refundableAmount'
  >
>;

/** A recent payment (`assure/prestations-recentes`) with its first detail lines. */
export type Remboursement = Pick<
  MemberApi<'PaiementRecent'>,
  'paymentId' | 'paymentDate' | 'beneficiaryFirstName' | 'beneficiaryLastName'
> & { detailRemboursement: DetailRemboursement[] };

/**
 * A request of `demandes/home`, with what the dashboard shows of it
 * (docs/product/entities.md#a-request): an overview, not the member API's whole `Demande` that
 * the requests' own pages read. `Etat` is any text: the full list of states is not known
 * (docs/product/states.md#request-states), an unknown one is pending.
 */
export type ApercuDemande = Pick<MemberApi<'Demande'>, 'DateCreation' | 'TypeCode'> &
  Partial<Pick<MemberApi<'Demande'>, 'id'>> & { Etat: string };

/** The next call for contributions; `null` when none is scheduled. */
export type EcheanceProchaine = MemberApi<'EcheanceProchaine'>;

/**
 * « Depuis votre dernière visite » (`assure/nouveautes`): what happened since the member's
 * previous sign-in, newest first; `depuis` is null on a first sign-in ever.
 */
export type Nouveautes = MemberApi<'Nouveautes'>;
export type Nouveaute = MemberApi<'Nouveaute'>;

/**
 * A person whose NOEMIE link is not active (`raccordements`): the Sécurité sociale does not
 * forward their statements, and the home says why and how to mend it.
 */
export interface Raccordement {
  idBeneficiaire: number;
  /** `ASSURE_PRINCIPAL` when the person is the member, who is then addressed as « vous ». */
  lien: MemberApi<'Lien'>;
  prenom: string;
  nom: string;
  statutNoemie: Exclude<MemberApi<'StatutNoemie'>, 'RACCORDE'>;
}

/** `GET /api/home`: everything the dashboard shows, in one round trip. */
export interface Home {
  remboursements: HomePart<Remboursement[]>;
  demandes: HomePart<ApercuDemande[]>;
  echeanceProchaine: HomePart<EcheanceProchaine | null>;
  bandeau: HomePart<BandeauNouveautes | null>;
  nouveautes: HomePart<Nouveautes>;
  raccordements: HomePart<Raccordement[]>;
}

export { homeKey };

export function getHome(): Promise<Home> {
  return apiGet<Home>(homeKey);
}

export function useHome() {
  return useSWR<Home, unknown>(homeKey, getHome);
}

/** The part's data, or `undefined` while it has not arrived or when it failed. */
export function partData<T>(part: HomePart<T> | undefined): T | undefined {
  return part && 'data' in part ? part.data : undefined;
}
