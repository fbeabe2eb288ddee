import { http, HttpResponse } from 'msw';
import type { Session, SessionDelegation, User } from '@/api/get-session';
import type { BlocGauche } from '@/features/content/api/get-bloc-gauche';
import type { MenuEntry } from '@/features/content/api/get-menus';
import type { Home } from '@/features/home/api/get-home';
import type { NonLus } from '@/api/get-demandes-non-lus';
import type { LignePrestation, Paiement } from '@/api/get-prestations';
import type { MemberApi } from '@/types/member-api';
import type { Beneficiaire } from '@/api/get-beneficiaires';
import type { BandeauNouveautes } from '@/types/bandeau-nouveautes';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    Civilite: 'Mme',
    Prenom: 'Marie',
    Nom: 'DUPONT',
    dateNaissance: '1980-04-12',
    courtier: null,
    Radie: false,
    CarteTp: true,
    Futur: false,
    AuMoinsUnContratActifEtIndividuel: true,
    CarteTpSuivante: false,
    numeroPersonne: '100001',
    email: 'marie.dupont@example.org',
    ...overrides,
  };
}

export function aSession(user: Partial<User> = {}, overrides: Partial<Session> = {}): Session {
  return {
    User: aUser(user),
    VersionNum: '1.4.2',
    smartCarteUrl: 'https://carte.example/tp',
    idleTimeoutMs: 1_800_000,
    ...overrides,
  };
}

/**
 * What the session of someone acting for a member carries: a delegation the member gave, to see
 * their reimbursements and certificates, by a person with a member space of their own.
 */
export function aSessionDelegation(overrides: Partial<SessionDelegation> = {}): SessionDelegation {
  return {
    titulaire: 'M. Jean MARTIN',
    nature: 'PROCHE',
    droits: ['REMBOURSEMENTS', 'ATTESTATIONS'],
    fin: '2027-06-30',
    retour: true,
    ...overrides,
  };
}

/** Jean MARTIN's space, shown to someone acting for him under `delegation`. */
export function anActingSession(delegation: Partial<SessionDelegation> = {}): Session {
  return aSession(
    { Civilite: 'M.', Prenom: 'Jean', Nom: 'MARTIN', numeroPersonne: '100002', email: 'jean.martin@example.org' },
    { delegation: aSessionDelegation(delegation) },
  );
}

export function errorBody(status: number, code: string, message: string) {
  return HttpResponse.json({ status, code, message }, { status });
}

/** `GET /api/session` answering this session. */
export function sessionIs(session: Session) {
  return http.get('/api/session', () => HttpResponse.json(session));
}

/** Every member call answering 401, as the server does without a live session. */
export function noSession() {
  return http.get('/api/*', () =>
    errorBody(401, 'unauthorized', 'Votre session a expiré. Veuillez vous reconnecter.'),
  );
}

/**
 * A home answer where every part arrived: by default nothing to show, no banner, and a first
 * sign-in ever (no « Depuis votre dernière visite »).
 */
export function aHome(parts: Partial<Home> = {}): Home {
  return {
    remboursements: { data: [] },
    demandes: { data: [] },
    echeanceProchaine: { data: null },
    bandeau: { data: null },
    nouveautes: { data: { depuis: null, evenements: [] } },
    raccordements: { data: [] },
    ...parts,
  };
}

/** `GET /api/home` answering these parts. */
export function homeIs(home: Home) {
  return http.get('/api/home', () => HttpResponse.json(home));
}

/** `GET /api/demandes/nonLus` answering this count: the sidebar asks on every page. */
function nonLusIs(nonLus: NonLus) {
  return http.get('/api/demandes/nonLus', () => HttpResponse.json(nonLus));
}

interface ShellContent {
  menus?: MenuEntry[];
  /** Left blocks by key; any other key answers 404, like the server. */
  blocs?: Record<string, BlocGauche>;
  /** The news banner, which reaches the home page in its one request, `/api/home`. */
  banner?: BandeauNouveautes | null;
  /** The mutual's unread messages (none by default). */
  nonLus?: NonLus;
}

/** What the shell asks the content service for on every page, and the home page's data. */
export function shellContent({
  menus = [],
  blocs = {},
  banner = null,
  nonLus = { total: 0, demandes: [] },
}: ShellContent = {}) {
  return [
    http.get('/api/strapi/menus', () => HttpResponse.json(menus)),
    http.get('/api/strapi/bloc-gauche/:key', ({ params }) => {
      const bloc = blocs[String(params.key)];
      // A page without a block of its own is answered `null`, as the portal does.
      return HttpResponse.json(bloc ?? null);
    }),
    homeIs(aHome({ bandeau: { data: banner } })),
    nonLusIs(nonLus),
  ];
}

/** A signed-in member with the shell's content: the usual start of a shell test. */
export function signedIn(user: Partial<User> = {}, content: ShellContent = {}) {
  return [sessionIs(aSession(user)), ...shellContent(content)];
}

/** A member without payments: for tests that only pass through Mes remboursements. */
export function noRemboursements() {
  return [
    http.get('/api/assure/prestations', () => HttpResponse.json([])),
    http.get('/api/assure/beneficiaires', () => HttpResponse.json([])),
    http.get('/api/assure/banques', () => HttpResponse.json([])),
  ];
}

/** A line of care of a payment, as the member API sends it. */
export function aLigne(overrides: Partial<LignePrestation> = {}): LignePrestation {
  return {
    idLigne: 1,
    codeActe: 'G',
    labelExternalCode: 'Consultation généraliste',
    startDate: '2026-11-10',
    professionnelSante: 'Dr Martin',
    expenseAmount: 30,
    baseRemboursement: 30,
    tauxSecu: 70,
    montantSecu: 20,
    refundableAmount: 9,
    resteACharge: 1,
    tiersPayant: false,
    statut: 'PAYE',
    motifRejet: null,
    ...overrides,
  };
}

/** A payment to the member, with one line. */
export function aPaiement(overrides: Partial<Paiement> = {}): Paiement {
  return {
    paymentId: 'P1',
    paymentDate: '2026-11-17',
    beneficiaryFirstName: 'Marie',
    beneficiaryLastName: 'DUPONT',
    destinataire: 'ASSURE',
    nomDestinataire: 'Marie DUPONT',
    montantDepense: 30,
    montantSecu: 20,
    montantRembourse: 9,
    resteACharge: 1,
    detailRemboursement: [aLigne()],
    ...overrides,
  };
}

export function aBeneficiaire(overrides: Partial<Beneficiaire> = {}): Beneficiaire {
  return {
    id: 1,
    lien: 'ASSURE_PRINCIPAL',
    prenom: 'Marie',
    nom: 'DUPONT',
    dateNaissance: '1980-04-12',
    numeroSecuriteSociale: '280047512345678',
    rangNaissance: 1,
    caisseAssuranceMaladie: 'CPAM de Paris',
    statutNoemie: 'RACCORDE',
    ...overrides,
  };
}

/**
 * The mutual's answer to Marie DUPONT's quote for glasses, a letter posted and online, as
 * `assure/documents` lists it.
 */
export function aDocumentEmis(overrides: Partial<MemberApi<'DocumentEmis'>> = {}): MemberApi<'DocumentEmis'> {
  return {
    id: 41,
    nomFichier: 'reponse-devis-optique.pdf',
    typeMime: 'application/pdf',
    taille: 48_213,
    dateEmission: '2026-12-02',
    categorie: 'COURRIER',
    canal: 'POSTE',
    idDemande: 12,
    objetDemande: 'Devis de lunettes',
    ...overrides,
  };
}

/** The card in force of Marie DUPONT and one child, as the member API sends it. */
export function aCarteTp(overrides: Partial<MemberApi<'CarteTp'>> = {}): MemberApi<'CarteTp'> {
  return {
    id: 11,
    periode: 'EN_COURS',
    numeroAmc: '75500017',
    libelleAmc: 'Mutuelle Cogévie',
    typeConvention: 'SP',
    critereAiguillage: 'IS',
    numeroAdherent: '100001',
    dateDebutValidite: '2026-01-01',
    dateFinValidite: '2026-12-31',
    beneficiaires: [
      {
        prenom: 'Marie',
        nom: 'DUPONT',
        dateNaissance: '1980-04-12',
        numeroSecuriteSociale: '2 80 04 75 111 042 60',
        rangNaissance: 1,
      },
      {
        prenom: 'Lucas',
        nom: 'DUPONT',
        dateNaissance: '2015-06-02',
        numeroSecuriteSociale: '2 80 04 75 111 042 60',
        rangNaissance: 1,
      },
    ],
    domaines: [
      { code: 'PHAR', libelle: 'Pharmacie', taux: '100 %' },
      { code: 'HOSP', libelle: 'Hospitalisation', taux: 'PEC' },
    ],
    ...overrides,
  };
}

/** Marie DUPONT's individual contract in force, as `assure/contrats` lists it. */
export function aContrat(overrides: Partial<MemberApi<'Contrat'>> = {}): MemberApi<'Contrat'> {
  return {
    numeroContrat: 'IND-004512',
    codeProduit: 'SFC',
    libelleProduit: 'Santé Famille Confort',
    typeContrat: 'INDIVIDUEL',
    entreprise: null,
    statut: 'ACTIF',
    dateDebut: '2020-01-01',
    dateFin: null,
    motifFin: null,
    dateProchaineEcheance: '2026-12-05',
    cotisation: { montant: 187.4, periodicite: 'MENSUELLE', modePaiement: 'PRELEVEMENT', jourPrelevement: 5 },
    beneficiaires: [{ id: 1, prenom: 'Marie', nom: 'DUPONT', lien: 'ASSURE_PRINCIPAL' }],
    echeancier: [
      {
        dateEcheance: '2026-11-05',
        periodeDebut: '2026-11-01',
        periodeFin: '2026-11-30',
        montant: 187.4,
        statut: 'REGLEE',
        motifRejet: null,
      },
      {
        dateEcheance: '2026-12-05',
        periodeDebut: '2026-12-01',
        periodeFin: '2026-12-31',
        montant: 187.4,
        statut: 'A_VENIR',
        motifRejet: null,
      },
    ],
    montantImpaye: 0,
    planDeReglement: null,
    ...overrides,
  };
}

/** The member API's estimate of a pair of glasses for Marie DUPONT, with a ceiling and a renewal. */
export function anEstimation(overrides: Partial<MemberApi<'Estimation'>> = {}): MemberApi<'Estimation'> {
  return {
    beneficiaire: { id: 1, prenom: 'Marie', nom: 'DUPONT' },
    soin: 'OPTIQUE_VERRES_SIMPLES',
    libelleSoin: 'Lunettes : monture et verres simples',
    centPourCentSante: false,
    prix: 450,
    quantite: 1,
    baseSecu: 9,
    tauxSecu: 60,
    montantSecu: 5.4,
    montantMutuelle: 200,
    resteACharge: 244.6,
    garantie: {
      libelle: 'Lunettes (verres simples)',
      regle: '100 % BRSS + 200 €',
      numeroContrat: 'IND-004512',
      libelleProduit: 'Santé Famille Confort',
    },
    plafond: { montant: 300, periodicite: '2 ans', depuis: '2025-01-01', dejaUtilise: 100, disponible: 200 },
    renouvellement: { annees: 2, dernierEquipement: '2024-03-12', possibleLe: null },
    regles: [
      'Hors panier 100 % Santé : 100 % de la base plus 200 €, dans la limite du plafond.',
      'Plafond de 300 € tous les 2 ans, dont 100 € déjà utilisés.',
    ],
    mention: 'Estimation indicative, établie selon vos garanties au 24/11/2026.',
    ...overrides,
  };
}

/** A private clinic of the mutual's directory, as `assure/referentiel/etablissements` gives it. */
export function anEtablissement(
  overrides: Partial<MemberApi<'EtablissementSante'>> = {},
): MemberApi<'EtablissementSante'> {
  return {
    finess: '690000018',
    siren: '380000013',
    nom: 'Clinique du Parc',
    statut: 'PRIVE',
    adresse: '12 boulevard Pasteur',
    codePostal: '69003',
    commune: 'Lyon',
    ...overrides,
  };
}

/** Marie DUPONT's contact details, her address in Dijon: where the partner network starts from. */
export function anInfosPersonnelles(
  adresse: Partial<MemberApi<'Adresse'>> = {},
): MemberApi<'InfosPersonnelles'> {
  return {
    numeroPersonne: '100001',
    Civilite: 'Mme',
    Prenom: 'Marie',
    Nom: 'DUPONT',
    dateNaissance: '1980-04-12',
    email: 'marie.dupont@example.org',
    telephonePortable: '06 12 34 56 78',
    telephoneFixe: null,
    adresse: {
      numeroEtVoie: '12 rue des Lilas',
      complementDestinataire: null,
      complementAdresse: null,
      lieuDit: null,
      codePostal: '21000',
      commune: 'DIJON',
      pays: 'FRANCE',
      dateModification: null,
      ...adresse,
    },
  };
}

/** An optician of the mutual's network in Dijon, with tiers payant, the 100 % Santé offer and a price cap. */
export function aPartenaireSoins(overrides: Partial<MemberApi<'PartenaireSoins'>> = {}): MemberApi<'PartenaireSoins'> {
  return {
    identifiant: 'RS00012',
    nom: 'Optique du Centre',
    specialite: 'OPTICIEN',
    adresse: '8 rue de la Liberté',
    codePostal: '21000',
    commune: 'Dijon',
    telephone: '03 53 01 00 12',
    horaires: ['Du lundi au vendredi : 9 h – 12 h et 14 h – 18 h', 'Le samedi : 9 h – 12 h'],
    avantages: {
      tiersPayant: true,
      offre100Sante: true,
      engagements: ['Verres progressifs plafonnés à 290 € la paire'],
    },
    lien: 'https://reseau-soins.example/partenaires/RS00012',
    distanceKm: 1.2,
    ...overrides,
  };
}

/** `assure/referentiel/reseau-soins`'s answer around Dijon, 20 km, with `partenaires`. */
export function aReseauSoins(
  partenaires: MemberApi<'PartenaireSoins'>[] = [aPartenaireSoins()],
  overrides: Partial<MemberApi<'ReseauSoins'>> = {},
): MemberApi<'ReseauSoins'> {
  return { origine: 'Dijon (21000)', rayonKm: 20, partenaires, ...overrides };
}

/**
 * `GET /api/assure/referentiel/reseau-soins` answering every search with `answer`, or with what
 * `answer()` returns (a refusal: `errorBody(422, …)`); the returned list gets each search's
 * query, as the member API reads it.
 */
export function reseauSoinsAnswers(answer: MemberApi<'ReseauSoins'> | (() => Response)) {
  const asked: Record<string, string>[] = [];
  const handler = http.get('/api/assure/referentiel/reseau-soins', ({ request }) => {
    asked.push(Object.fromEntries(new URL(request.url).searchParams));
    return typeof answer === 'function' ? answer() : HttpResponse.json(answer);
  });
  return { handler, asked };
}

/** Marie DUPONT's delegation to Claire, who has used it once. */
export function aDelegation(overrides: Partial<MemberApi<'Delegation'>> = {}): MemberApi<'Delegation'> {
  return {
    id: 7,
    courriel: 'claire.dupont@example.org',
    nom: 'Claire DUPONT',
    nature: 'PROCHE',
    droits: ['ATTESTATIONS', 'REMBOURSEMENTS'],
    debut: '2026-11-02',
    fin: '2027-06-30',
    etat: 'ACTIVE',
    retireeLe: null,
    premierUsage: '2026-11-03T09:15:00+01:00',
    actions: [{ date: '2026-11-03T09:15:00+01:00', libelle: 'A consulté vos remboursements' }],
    ...overrides,
  };
}

/** Jean MARTIN, for whom the person signed in may act. */
export function aProcuration(overrides: Partial<MemberApi<'Procuration'>> = {}): MemberApi<'Procuration'> {
  return {
    numero: '100002',
    Civilite: 'M.',
    Prenom: 'Jean',
    Nom: 'MARTIN',
    nature: 'PROCHE',
    droits: ['DEMANDES', 'REMBOURSEMENTS'],
    fin: '2027-03-31',
    ...overrides,
  };
}

/** `GET assure/procurations` answering these. */
export function procurationsAre(procurations: MemberApi<'Procuration'>[]) {
  return http.get('/api/assure/procurations', () => HttpResponse.json({ procurations }));
}
