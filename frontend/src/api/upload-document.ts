import type { MemberApi } from '@/types/member-api';
import { apiUpload, type UploadOptions } from './api-upload';

export type DocumentInfo = MemberApi<'DocumentInfo'>;

/**
 * `POST document/upload`: one file, stored by the member API until a request takes it. One
 * call per file, so that each has its own progress and a failed one is sent again alone.
 */
export async function uploadDocument(file: File, options: UploadOptions): Promise<DocumentInfo> {
  const body = new FormData();
  body.append('fichier', file, file.name);
  const [document] = await apiUpload<DocumentInfo[]>('/api/document/upload', body, options);
  if (!document) throw new Error('The member API stored no document');
  return document;
}
