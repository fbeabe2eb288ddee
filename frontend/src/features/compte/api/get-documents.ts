import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/**
 * `GET assure/documents` (docs/product/member-api.md#paperless): the documents the mutual
 * issued, newest first, and how each kind is sent from now on (`envois`).
 */
export type MesDocuments = MemberApi<'MesDocuments'>;
export type DocumentEmis = MemberApi<'DocumentEmis'>;
export type Envois = MemberApi<'Envois'>;
export type Canal = MemberApi<'Canal'>;

/** The kinds of document, in the order the form asks about them. */
export const categories = ['ATTESTATION', 'RELEVE', 'COURRIER', 'ACCORD'] as const satisfies readonly (keyof Envois)[];

/** The two ways a document goes, in the order the form offers them. */
export const canaux = ['EN_LIGNE', 'POSTE'] as const satisfies readonly Canal[];

const endpoint = getEndpoint<MesDocuments>('/api/assure/documents');
export const documentsKey = endpoint.key;
export const getDocuments = endpoint.get;
export const useDocuments = endpoint.use;
