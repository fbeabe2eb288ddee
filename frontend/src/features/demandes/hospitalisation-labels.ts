import { isMessageKey, t } from '@/i18n/t';

/** The kind of stay as the member reads it; an unknown one as the member API wrote it. */
export function typeHospitalisationLabel(value: string): string {
  const key = `hospitalisation.type.${value}`;
  return isMessageKey(key) ? t(key) : value;
}
