import { t } from '@/i18n/t';

/** The gender a French word agrees with when it names one person: « née », « adhérente ». */
export type Genre = 'feminin' | 'masculin';

const civilitesFeminines: readonly string[] = ['mme', 'madame', 'mlle', 'mademoiselle'];
const civilitesMasculines: readonly string[] = ['m', 'mr', 'monsieur'];

/**
 * The gender a civility says, however the member API writes it ('Mme', 'M.', 'MADAME',
 * 'Monsieur'); `null` for none or one it does not know, which a text then writes both ways
 * (« né(e) »), rather than guessing.
 */
export function genreDeCivilite(civilite: string | null | undefined): Genre | null {
  const mot = (civilite ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (civilitesFeminines.includes(mot)) return 'feminin';
  if (civilitesMasculines.includes(mot)) return 'masculin';
  return null;
}

/** « né le {date} », « née le {date} », or « né(e) le {date} » when the gender is not known. */
export function neLe(genre: Genre | null, date: string): string {
  return t(genre ? `garanties.neLe.${genre}` : 'garanties.neLe', { date });
}
