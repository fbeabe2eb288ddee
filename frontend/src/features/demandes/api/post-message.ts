import { apiPost } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

export type NouveauMessage = MemberApi<'NouveauMessage'>;
export type MessageDemande = MemberApi<'MessageDemande'>;

/**
 * `POST demande/{id}/messages`: the member's reply on their request, with documents uploaded
 * beforehand. No captcha: a conversation, which the portal's per-member write limit bounds.
 */
export function postMessage(id: number, body: NouveauMessage): Promise<MessageDemande> {
  return apiPost<MessageDemande>(`/api/demande/${String(id)}/messages`, body);
}

/** `POST demande/{id}/messages/lus`: the member has read the mutual's messages on the request. */
export async function postMessagesLus(id: number): Promise<void> {
  await apiPost<unknown>(`/api/demande/${String(id)}/messages/lus`);
}
