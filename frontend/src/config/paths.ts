import type { MemberApi } from '@/types/member-api';

const signalementSoin = '/mutuelle/remboursements/signalement';
const reseauSoins = '/mutuelle/contrats-garanties/reseau-soins';

/**
 * Client routes, handled by react-router (docs/product/routes.md). Every link, redirect and route
 * definition uses these, so a path is spelled once.
 */
export const paths = {
  root: '/',
  fallback: '/fallback',
  error: '/error',

  home: '/home',
  article: (id: number | string) => `/home/article/${String(id)}`,
  mentionsLegales: '/home/mentions-legales',
  cgu: '/home/cgu',
  /** Public: reachable with or without a session. */
  accessibilite: '/home/accessibilite',
  nouveautes: (id: number | string) => `/home/nouveautes/${String(id)}`,

  compte: '/compte',
  informationsPersonnelles: '/compte/informations-personnelles',
  /** « Ajouter un bénéficiaire »: a spouse, a child or a newborn, from the people covered. */
  ajoutBeneficiaire: '/compte/informations-personnelles/ajout-beneficiaire',
  /** « Agir pour un proche »: whom the member lets act for them, and for whom they may act. */
  proches: '/compte/proches',

  /** « Pour qui agissez-vous ? »: the members the person signed in may act for. */
  agirPour: '/agir-pour',

  mutuelle: '/mutuelle',
  smartCarte: '/mutuelle/smart-carte',
  contratsGaranties: '/mutuelle/contrats-garanties',
  cotisations: '/mutuelle/contrats-garanties#cotisations',
  /**
   * « Paiement de vos cotisations »: where the payment service provider's page sends the browser
   * back to, after a payment by card, with the order's reference (`commande`).
   */
  paiement: (commande: string) => `/mutuelle/cotisations/paiement/${encodeURIComponent(commande)}`,
  /** "Résilier votre contrat" (Code de la mutualité D221-1): the online termination. */
  resiliation: '/mutuelle/contrats-garanties/resiliation',
  /** « Estimer mon remboursement »: what a quote will cost, before paying it. */
  estimation: '/mutuelle/contrats-garanties/estimation',
  /** The estimate with its person and care chosen (« Mes garanties », an allowance's link). */
  estimationPour: (idBeneficiaire: number, soin: string) =>
    `/mutuelle/contrats-garanties/estimation?${new URLSearchParams({ beneficiaire: String(idBeneficiaire), soin }).toString()}`,
  /** « Trouver un professionnel partenaire »: the mutual's partner network around a place. */
  reseauSoins,
  /** The partner network with its kind of professional chosen (an optical, dental or hearing estimate). */
  reseauSoinsPour: (specialite: MemberApi<'SpecialitePartenaire'>) =>
    `${reseauSoins}?${new URLSearchParams({ specialite }).toString()}`,
  remboursements: '/mutuelle/remboursements',
  /** `date` is one payment day, formatted yyyy-MM-dd. */
  remboursementsDuJour: (date: string) => `/mutuelle/remboursements/${date}`,
  /** "Mon année santé"; the router ranks it above the payment day's `:date`. */
  anneeSante: '/mutuelle/remboursements/annee-sante',
  /**
   * « Je ne reconnais pas ce soin » for one line of a payment, found among the payments of its
   * day (yyyy-MM-dd); ranked above the payment day's `:date` too.
   */
  signalementSoin: (jour: string, paymentId: string, idLigne: number) =>
    `${signalementSoin}?${new URLSearchParams({ jour, paiement: paymentId, ligne: String(idLigne) }).toString()}`,
  demandesMutuelle: '/mutuelle/demandes',
  creationDemande: '/mutuelle/demandes/creation',
  /** A request's creation with its type preselected (a home tile's invoice, a request's missing documents). */
  creationDemandeDeType: (type: string) => `/mutuelle/demandes/creation?type=${encodeURIComponent(type)}`,
  /** A person's attestation de droits, to mend their NOEMIE link (the home's notice). */
  attestationDroits: (idBeneficiaire: number) =>
    `/mutuelle/demandes/creation?${new URLSearchParams({ type: 'ATTESTATION_VITALE', beneficiaire: String(idBeneficiaire) }).toString()}`,
  /** Where the home page's invoice tile leads: a request for a care invoice, preselected. */
  envoiFacture: '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
  demande: (id: number | string) => `/mutuelle/demandes/${String(id)}`,

  demandes: '/demandes',
} as const;

/** Route patterns for the router, matching `paths` above. */
export const routePatterns = {
  article: '/home/article/:id',
  nouveautes: '/home/nouveautes/:id',
  remboursementsDuJour: '/mutuelle/remboursements/:date',
  signalementSoin,
  demande: '/mutuelle/demandes/:id',
  paiement: '/mutuelle/cotisations/paiement/:commande',
} as const;

/** Query parameter values the server puts in `/fallback` and `/error` addresses. */
export const fallbackReasons = { cookiesDisabled: 'cookies-disabled' } as const;

export const fallbackCookiesDisabled = `${paths.fallback}?reason=${fallbackReasons.cookiesDisabled}`;

/**
 * Server routes: reached by a full page load (a plain `<a>`), never by the client router.
 * `returnTo` is the in-app path the member asked for; `/` stays readable (it is legal in a
 * query), everything else that could end the parameter (`&`, `#`, …) is encoded.
 */
function returnToParam(returnTo: string): string {
  return `returnTo=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}

/**
 * The member API's writes that the portal sends on only after a recent sign-in, answering
 * 403 `reconnexion_requise` otherwise: spelled once, for their calls and for the question
 * the portal then asks the member, which names what they were doing. A `{name}` stands for
 * one segment of the path (`isPathOf`).
 */
export const recentSignInWrites = {
  banque: '/api/assure/beneficiaire/banque',
  resiliation: '/api/document/creationResiliation',
  ajoutBeneficiaire: '/api/document/ajoutBeneficiaire',
  delegation: '/api/assure/delegations',
  planReglement: '/api/assure/plan-de-reglement',
  paiement: '/api/assure/paiements',
  /** A SEPA mandate for a new account to take contributions from. */
  mandat: '/api/assure/mandats',
  /** That mandate signed with the code the member received. */
  signatureMandat: '/api/assure/mandats/{rum}/signature',
} as const;

/** Whether `url` is the address `template` spells, each `{name}` one segment of its path. */
export function isPathOf(template: string, url: string): boolean {
  const segment = '[^/?#]+';
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(segment);
  return new RegExp(`^${pattern}$`).test(url);
}

export const serverPaths = {
  login: (returnTo: string) => `/auth/login?${returnToParam(returnTo)}`,
  /**
   * Signing in again, already signed in, before a sensitive write: the provider is asked for
   * a fresh sign-in (`max_age`), then the member comes back to `returnTo`.
   */
  signInAgain: (returnTo: string) => `/auth/login?reauth=1&${returnToParam(returnTo)}`,
  logout: '/auth/logout',
} as const;
