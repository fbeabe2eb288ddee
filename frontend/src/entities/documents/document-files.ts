import { t } from '@/i18n/t';

/** At most 5 documents per request. */
export const maxFichiers = 5;
/** 10 Mo per file, the member API's own limit (`[demo] max_upload_bytes`). */
export const maxTaille = 10 * 1024 * 1024;

const typesAcceptes = ['application/pdf', 'image/jpeg', 'image/png'];
const extensionsAcceptees = /\.(pdf|jpe?g|png)$/i;

/** What the input's `accept` offers: the camera's photos and PDF files. */
export const acceptAttribute = 'image/*,application/pdf';

/**
 * A PDF, JPEG or PNG by its declared type, or by its name when the system declares none.
 * The member API checks the content itself: a program renamed `.pdf` gets through here and
 * is refused there (415), with its own message.
 */
function isAccepted(file: File): boolean {
  return file.type === '' ? extensionsAcceptees.test(file.name) : typesAcceptes.includes(file.type);
}

/**
 * The files that can be added to the `alreadyAdded` ones, and a French message for each one
 * refused (format, size, one too many), so that the member knows what happened to it.
 */
export function selectFiles(alreadyAdded: number, files: readonly File[]) {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    if (!isAccepted(file)) {
      refusals.push(t('creation.documents.format', { nom: file.name }));
    } else if (file.size > maxTaille) {
      refusals.push(t('creation.documents.tropLourd', { nom: file.name }));
    } else if (alreadyAdded + accepted.length >= maxFichiers) {
      refusals.push(t('creation.documents.trop', { max: maxFichiers, nom: file.name }));
    } else {
      accepted.push(file);
    }
  }
  return { accepted, refusals };
}
