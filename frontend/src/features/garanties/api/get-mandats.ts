import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/** A SEPA direct-debit mandate: the account contributions are taken from, as the member signed it. */
export type MandatSepa = MemberApi<'MandatSepa'>;

/**
 * `GET assure/mandats`: the member's mandates, the latest first: the one in force (`ACTIF`),
 * one waiting for its code (`A_SIGNER`, for the code's 10 minutes), those it replaced
 * (`TERMINE`) and those never signed (`EXPIRE`).
 */
export interface MandatsSepa {
  mandats: MandatSepa[];
}

const endpoint = getEndpoint<MandatsSepa>('/api/assure/mandats');
export const mandatsKey = endpoint.key;
export const getMandats = endpoint.get;
export const useMandats = endpoint.use;
