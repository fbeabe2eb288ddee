import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { type DocumentInfo, uploadDocument } from '@/api/upload-document';
import { selectFiles } from '@/entities/documents/document-files';

/**
 * - `envoi`: on its way, with its progress;
 * - `envoye`: stored by the member API, ready to be attached;
 * - `echec`: lost on the way (network, server unavailable): it can be sent again;
 * - `refuse`: refused for what it is (format, size): sending it again would not help.
 */
export type UploadStatus = 'envoi' | 'envoye' | 'echec' | 'refuse';

export interface Upload {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1. */
  progress: number;
  document?: DocumentInfo | undefined;
  error?: string | undefined;
  /** An object URL of the picture, for its thumbnail. */
  preview?: string | undefined;
}

function messageOf(error: unknown): string {
  if (isApiError(error) && error.message !== '') return error.message;
  if (isApiError(error) && error.status > 0) return t('errors.withStatus', { status: error.status });
  return t('errors.network');
}

/** A refusal for the file itself, rather than for the moment it was sent. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && [400, 413, 415, 422].includes(error.status);
}

function previewOf(file: File): string | undefined {
  return file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
    ? URL.createObjectURL(file)
    : undefined;
}

let nextKey = 0;

/**
 * The documents of the request being written: each file is sent as soon as it is chosen, on
 * its own, so that its progress shows and a failure affects it alone; the request then only
 * names the stored documents.
 */
export function useUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );
  }, []);

  const send = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'envoi', progress: 0, error: undefined });
      uploadDocument(file, {
        signal: controller.signal,
        onProgress: (progress) => {
          update(key, { progress });
        },
      })
        .then((document) => {
          update(key, { status: 'envoye', progress: 1, document });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(key, { status: isRefusal(error) ? 'refuse' : 'echec', error: messageOf(error) });
        })
        .finally(() => {
          if (controllers.current.get(key) === controller) controllers.current.delete(key);
        });
    },
    [update],
  );

  const add = (files: readonly File[]) => {
    const selection = selectFiles(uploads.length, files);
    setRefusals(selection.refusals);
    const added = selection.accepted.map((file) => {
      nextKey += 1;
      return { key: `fichier-${String(nextKey)}`, file, status: 'envoi' as const, progress: 0, preview: previewOf(file) };
    });
    setUploads((current) => [...current, ...added]);
    for (const upload of added) send(upload.key, upload.file);
  };

  const retry = (key: string) => {
    const upload = uploads.find((candidate) => candidate.key === key);
    if (upload) send(key, upload.file);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    const upload = uploads.find((candidate) => candidate.key === key);
    if (upload?.preview) URL.revokeObjectURL(upload.preview);
    setUploads((current) => current.filter((candidate) => candidate.key !== key));
    setRefusals([]);
  };

  // Leaving the page stops what is still on its way and lets go of the thumbnails.
  const latest = useRef(uploads);
  useEffect(() => {
    latest.current = uploads;
  }, [uploads]);
  useEffect(() => {
    const pending = controllers.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      for (const upload of latest.current) if (upload.preview) URL.revokeObjectURL(upload.preview);
    };
  }, []);

  return {
    uploads,
    refusals,
    add,
    retry,
    remove,
    documentIds: uploads.flatMap((upload) => (upload.document ? [upload.document.id] : [])),
    busy: uploads.some((upload) => upload.status === 'envoi'),
    failed: uploads.some((upload) => upload.status === 'echec' || upload.status === 'refuse'),
  };
}

export type Uploads = ReturnType<typeof useUploads>;
