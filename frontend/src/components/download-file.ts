import { apiGetFile } from '@/lib/api-client';
import { downloadStarted } from './downloads-in-progress';

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 6266, UTF-8 and
 * percent-encoded, how accented names travel) before `filename`. Only the last path segment
 * is kept: the name is the server's suggestion, never a place to write to.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (encoded !== undefined) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header)?.slice(1).find(Boolean);
  const lastSegment = name?.trim().split(/[\\/]/).pop();
  return lastSegment === undefined || lastSegment === '' ? null : lastSegment;
}

/** The browser saves `blob` under `fileName`, as if the member had followed a download link. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let go of it a little later.
  setTimeout(() => {
    URL.revokeObjectURL(objectUrl);
  }, 10_000);
}

interface DownloadOptions {
  /** The name to save under when the server suggests none. */
  fileName: string;
  /** Defaults to PDF, what the member API serves (docs/product/member-api.md#downloads). */
  accept?: string;
  /**
   * Told of a failure, for a caller with more to say than the announcement (an expected 404:
   * « Aucune attestation n’est disponible… »).
   */
  onFailure?: (error: unknown) => void;
}

/**
 * Downloads `url` through the API client and saves it, with the download modal shown
 * meanwhile: every download of the app goes through here, which keeps the modal's count.
 * Resolves to whether the file was saved: a failure has already been announced to the member
 * by the API client (and a 401 ends the session there), so callers need not.
 */
export async function downloadFile(
  url: string,
  { fileName, accept = 'application/pdf', onFailure }: DownloadOptions,
): Promise<boolean> {
  const finished = downloadStarted();
  try {
    const file = await apiGetFile(url, accept);
    saveFile(file.blob, fileNameFromContentDisposition(file.contentDisposition) ?? fileName);
    return true;
  } catch (error) {
    onFailure?.(error);
    return false;
  } finally {
    finished();
  }
}

/** A stored document of the member's (`document/pdf/{id}`), saved under its own name and type. */
export function downloadDocument(document: { id: number; nomFichier: string; typeMime?: string }): Promise<boolean> {
  const { nomFichier: fileName, typeMime: accept } = document;
  return downloadFile(`/api/document/pdf/${String(document.id)}`, accept ? { fileName, accept } : { fileName });
}
