import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';

/** A legal text; `Contenu` is HTML already sanitised by the server. */
export interface LegalText {
  Titre: string;
  Contenu: string;
}

/** Both legal texts come in one answer: the legal notice and the terms of use. */
export interface MentionLegale {
  mentionsLegales: LegalText;
  cgu: LegalText;
}

export const mentionLegaleKey = '/api/strapi/mention-legale';

export function getMentionLegale(): Promise<MentionLegale> {
  return apiGet<MentionLegale>(mentionLegaleKey);
}

export function useMentionLegale() {
  return useSWR<MentionLegale, unknown>(mentionLegaleKey, getMentionLegale);
}
