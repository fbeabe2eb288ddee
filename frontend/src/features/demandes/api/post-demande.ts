import { apiPost } from '@/lib/api-client';
import { type CaptchaProof, captchaHeaders } from '@/components/captcha/captcha';
import type { MemberApi } from '@/types/member-api';
import type { LigneDevis } from '../devis-lignes';
import type { Demande } from './get-demandes';

export type CreationGed = MemberApi<'CreationGed'>;
export type CreationHospitalisation = MemberApi<'CreationHospitalisation'>;
export type CreationReclamation = MemberApi<'CreationReclamation'>;
/** Its lines as sent, `quantite` only where it counts (`LigneDevis`). */
export type CreationDevis = Omit<MemberApi<'CreationDevis'>, 'lignes'> & { lignes: LigneDevis[] };

/*
 * Each creation carries its anti-robot proof (`X-Captcha`): the portal refuses, with a 422,
 * a request created by a script.
 */

/** `POST document/documentGedCegedim`: a request of any type without a form of its own. */
export function postDemandeGed(body: CreationGed, captcha: CaptchaProof): Promise<Demande> {
  return apiPost<Demande>('/api/document/documentGedCegedim', body, captchaHeaders(captcha));
}

/** `POST document/creationHospitalisation`: a prior agreement for a hospital stay. */
export function postHospitalisation(body: CreationHospitalisation, captcha: CaptchaProof): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationHospitalisation', body, captchaHeaders(captcha));
}

/**
 * `POST document/creationReclamation`: a complaint; the request created carries the dates the
 * mutual owes its acknowledgement and its answer (`reclamation`).
 */
export function postReclamation(body: CreationReclamation, captcha: CaptchaProof): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationReclamation', body, captchaHeaders(captcha));
}

/**
 * `POST document/creationDevis`: a quote, its lines and the quote attached; the request
 * created carries the mutual's written answer, line by line (`devis`), and its PDF.
 */
export function postDevis(body: CreationDevis, captcha: CaptchaProof): Promise<Demande> {
  return apiPost<Demande>('/api/document/creationDevis', body, captchaHeaders(captcha));
}
