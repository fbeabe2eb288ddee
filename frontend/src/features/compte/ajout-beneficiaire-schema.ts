import { z } from 'zod';
import { type LienAjout, liensAjout } from '@/entities/demandes/lien-ajout';
import { t } from '@/i18n/t';
import type { KeptForm } from '@/hooks/kept-across-sign-in';
import { isRecord } from '@/hooks/stored-fields';
import type { AjoutBeneficiaire } from './api/post-ajout-beneficiaire';

/**
 * « Ajouter un bénéficiaire »: the rules the member API applies, previewed in the browser with
 * its very sentences, so that most mistakes are told before sending. The member API decides:
 * its refusal, when it comes all the same, is shown as it says it.
 */

export const nomMax = 60;
export const commentaireMax = 1000;
/** How long after the birth a newborn is covered from the birth. */
const moisNouveauNe = 3;

/** What the member types, as strings, so that the form is kept as typed across a sign-in again. */
export interface AjoutValues {
  lien: string;
  civilite: string;
  prenom: string;
  nom: string;
  dateNaissance: string;
  /** A child or a newborn attached to the member's own number: no number of their own. */
  rattache: boolean;
  numero: string;
  commentaire: string;
}

/** A document already sent, by its id and its name. */
export interface DocumentEnvoye {
  id: number;
  nom: string;
}

/** The form as kept while the member signs in again: its values, and the documents already sent (JSON). */
export const ajoutGarde: KeptForm<AjoutValues & { documents: string }> = {
  name: 'ajout-beneficiaire',
  empty: {
    lien: '',
    civilite: '',
    prenom: '',
    nom: '',
    dateNaissance: '',
    rattache: true,
    numero: '',
    commentaire: '',
    documents: '[]',
  },
};

/** The documents a kept form names; anything else in storage reads as none. */
export function documentsGardes(documents: string): DocumentEnvoye[] {
  try {
    const value: unknown = JSON.parse(documents);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) =>
      isRecord(item) && typeof item.id === 'number' && typeof item.nom === 'string'
        ? [{ id: item.id, nom: item.nom }]
        : [],
    );
  } catch {
    return [];
  }
}

function isLien(value: string): value is LienAjout {
  return (liensAjout as readonly string[]).includes(value);
}

/** Spaces left out, letters in capitals: « 1 85 05 2a 004 123 45 » reads 185052A00412345. */
export function nirSaisi(numero: string): string {
  return numero.replace(/\s/g, '').toUpperCase();
}

/**
 * Whether `nir` (as `nirSaisi` gives it) has 15 characters, 13 for the person, whose
 * department is 2A or 2B in Corsica, then its key: 97 minus the number modulo 97, 2A read as
 * 19 and 2B as 18, as the INSEE computes it.
 */
export function nirBienForme(nir: string): boolean {
  return /^\d{5}(?:\d{2}|2[AB])\d{8}$/.test(nir);
}

export function nirCleValide(nir: string): boolean {
  const departement = nir.slice(5, 7).replace('2A', '19').replace('2B', '18');
  const nombre = Number(`${nir.slice(0, 5)}${departement}${nir.slice(7, 13)}`);
  return 97 - (nombre % 97) === Number(nir.slice(13));
}

/** Whether the person has a number of their own to type: a spouse always, a child unless attached. */
export function numeroAttendu(values: Pick<AjoutValues, 'lien' | 'rattache'>): boolean {
  return values.lien === 'CONJOINT' || !values.rattache;
}

/** `today` minus 3 months, as `YYYY-MM-DD`: a newborn born before is declared as a child. */
function limiteNouveauNe(today: Date): string {
  const limite = new Date(today.getFullYear(), today.getMonth() - moisNouveauNe, today.getDate());
  return isoLocal(limite);
}

function isoLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const texte = (vide: 'prenom' | 'nom') =>
  z
    .string()
    .trim()
    .min(1, { error: () => t(`ajoutBeneficiaire.erreur.${vide}`) })
    .max(nomMax, { error: () => t('ajoutBeneficiaire.erreur.longueur') });

/** The form's rules on `today` (the browser's day: a preview; the mutual's day decides). */
export function ajoutSchema(today: Date) {
  const aujourdhui = isoLocal(today);
  return z
    .object({
      lien: z.string().refine((lien) => isLien(lien), { error: () => t('ajoutBeneficiaire.erreur.lien') }),
      civilite: z
        .string()
        .refine((civilite) => ['MADAME', 'MONSIEUR'].includes(civilite), {
          error: () => t('ajoutBeneficiaire.erreur.civilite'),
        }),
      prenom: texte('prenom'),
      nom: texte('nom'),
      dateNaissance: z.string().min(1, { error: () => t('ajoutBeneficiaire.erreur.dateNaissance') }),
      rattache: z.boolean(),
      numero: z.string(),
      commentaire: z.string().trim().max(commentaireMax),
    })
    .superRefine((values, context) => {
      const erreur = (path: keyof AjoutValues, key: Parameters<typeof t>[0]) => {
        context.addIssue({ code: 'custom', path: [path], message: t(key) });
      };
      if (values.dateNaissance > aujourdhui) erreur('dateNaissance', 'ajoutBeneficiaire.erreur.dateFuture');
      else if (values.lien === 'NOUVEAU_NE' && values.dateNaissance !== '' && values.dateNaissance < limiteNouveauNe(today)) {
        erreur('dateNaissance', 'ajoutBeneficiaire.erreur.nouveauNe');
      }
      if (!numeroAttendu(values)) return;
      const nir = nirSaisi(values.numero);
      if (nir === '' && values.lien === 'CONJOINT') erreur('numero', 'ajoutBeneficiaire.erreur.numeroConjoint');
      else if (!nirBienForme(nir)) erreur('numero', 'ajoutBeneficiaire.erreur.numero');
      else if (!nirCleValide(nir)) erreur('numero', 'ajoutBeneficiaire.erreur.cle');
    });
}

/** The request's body from what the member typed and the documents sent. */
export function ajoutBeneficiaire(values: AjoutValues, idDocuments: number[]): AjoutBeneficiaire {
  const commentaire = values.commentaire.trim();
  return {
    lien: values.lien as LienAjout,
    civilite: values.civilite as AjoutBeneficiaire['civilite'],
    prenom: values.prenom.trim(),
    nom: values.nom.trim(),
    dateNaissance: values.dateNaissance,
    numeroSecuriteSociale: numeroAttendu(values) ? nirSaisi(values.numero) : null,
    idDocuments,
    ...(commentaire === '' ? {} : { commentaire }),
  };
}
