//! The back office's pages, in French, server-rendered: no script, so they work under the
//! portal's Content-Security-Policy, and every value from outside is escaped by maud. They read
//! on a phone (320 px wide, nothing scrolls sideways) and with a screen reader: headings per
//! part, a label per field, the result of an action announced.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use chrono::{DateTime, NaiveDate};
use maud::{DOCTYPE, Markup, html};

use super::chemins::{MOUNT, lien_adherent, lien_demande};
use super::dossiers::{Dossier, DossierDemande};
use super::formulaires::{SaisieDecision, SaisieEtat, SaisieRemboursement, SaisieReponse};
use super::session::{IDENTIFIANT, MOT_DE_PASSE, Operateur};
use crate::member_api::pdf::impression::{date, montant, taille_lisible};
use crate::member_api::rules::ajout_beneficiaire::DECISIONS;
use crate::member_api::rules::catalogue::ACTES;
use crate::member_api::rules::delegations;
use crate::member_api::rules::demandes::{ETATS, libelle_etat};
use crate::member_api::rules::hospitalisation::DECISIONS as DECISIONS_PRISE_EN_CHARGE;
use crate::member_api::rules::messages::REPONSE_MAX;
use crate::member_api::rules::noemie;
use crate::member_api::rules::reclamation::ISSUES;
use crate::member_api::store::adherents::Adherent;
use crate::member_api::store::demandes::DemandeDuDossier;
use crate::member_api::store::documents::DocumentInfo;
use crate::member_api::store::formulaires::{
    self, Lien, PriseEnCharge, Reclamation, ReponseDevis, StatutPriseEnCharge,
};
use crate::member_api::store::messages::MUTUELLE;

pub const STYLESHEET: &str = include_str!("style.css");
const NOM: &str = "Back-office de démonstration";

/// What an action just did, told on the page it leads back to. Only these fixed sentences are
/// shown: the query names one, it never brings text of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fait {
    Remboursement,
    Etat,
    Reponse,
    Document,
    Noemie,
    Confidentialite,
    Mesure,
    EspacePersonnel,
    FinDelegation,
    Decision,
    Rejet,
    Deconnexion,
}

impl Fait {
    const TOUS: [Self; 12] = [
        Self::Mesure,
        Self::EspacePersonnel,
        Self::FinDelegation,
        Self::Remboursement,
        Self::Etat,
        Self::Reponse,
        Self::Document,
        Self::Noemie,
        Self::Confidentialite,
        Self::Decision,
        Self::Rejet,
        Self::Deconnexion,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Self::Remboursement => "remboursement",
            Self::Etat => "etat",
            Self::Reponse => "reponse",
            Self::Document => "document",
            Self::Noemie => "noemie",
            Self::Confidentialite => "confidentialite",
            Self::Mesure => "mesure",
            Self::EspacePersonnel => "espace-personnel",
            Self::FinDelegation => "fin-delegation",
            Self::Decision => "decision",
            Self::Rejet => "rejet",
            Self::Deconnexion => "deconnexion",
        }
    }

    fn message(self) -> &'static str {
        match self {
            Self::Remboursement => {
                "Le remboursement est ajouté. L’adhérent en est averti selon ses préférences."
            }
            Self::Etat => "L’état de la demande est changé. L’adhérent en est averti selon ses préférences.",
            Self::Reponse => "La réponse est envoyée. L’adhérent en est averti selon ses préférences.",
            Self::Document => "Le document est émis. L’adhérent en est averti selon ses préférences.",
            Self::Noemie => "La réponse de la Sécurité sociale est enregistrée.",
            Self::Confidentialite => "Le choix de confidentialité des soins est enregistré.",
            Self::Mesure => {
                "La mesure de protection est enregistrée : le tuteur ou le curateur peut agir dès sa connexion."
            }
            Self::FinDelegation => "La délégation a pris fin. L’adhérent en est averti.",
            Self::EspacePersonnel => {
                "L’espace personnel est ouvert : le bénéficiaire y accède dès sa connexion."
            }
            Self::Decision => "La décision est enregistrée. L’adhérent en est averti selon ses préférences.",
            Self::Rejet => "Le rejet du prélèvement est enregistré : l’adhérent le voit dans son espace.",
            Self::Deconnexion => "Vous êtes déconnecté du back-office.",
        }
    }

    /// From the query string `fait=…`; anything else is nothing.
    pub fn depuis(query: &str) -> Option<Self> {
        #[derive(serde::Deserialize)]
        struct Query {
            fait: Option<String>,
        }
        let fait = serde_urlencoded::from_str::<Query>(query).ok()?.fait?;
        Self::TOUS.into_iter().find(|known| known.code() == fait)
    }
}

/// A form of the request page, as sent.
pub enum FormulaireDemande {
    Etat(SaisieEtat),
    Reponse(SaisieReponse),
    Document,
    Decision(SaisieDecision),
}

/// A form of the request page refused, with why.
pub struct EchecDemande<'a> {
    pub formulaire: &'a FormulaireDemande,
    pub message: &'a str,
}

pub fn redirection(vers: String) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, vers))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

pub fn reponse(status: StatusCode, page: Markup) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header(ContentType::html())
        // Members' data: kept by no cache, shared or not.
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(page.into_string())
}

pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}

/// A crumb of the trail above the title: the page's name, and where it leads (none for the
/// current page).
type Miette<'a> = (&'a str, Option<String>);

fn page(titre: &str, operateur: Option<&Operateur>, fil: &[Miette], corps: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="fr" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="robots" content="noindex";
                title { (titre) " – " (NOM) }
                link rel="stylesheet" href={ (MOUNT) "/style.css" };
            }
            body {
                header.banner {
                    p.provider { (NOM) }
                    p.badge { "Démo" }
                    @if let Some(operateur) = operateur {
                        form.sortie method="post" action={ (MOUNT) "/deconnexion" } {
                            (jeton(operateur))
                            button.secondaire type="submit" { "Se déconnecter" }
                        }
                    }
                }
                @if !fil.is_empty() {
                    nav.fil aria-label="Fil d’Ariane" {
                        ol {
                            @for (nom, lien) in fil {
                                li {
                                    @match lien {
                                        Some(lien) => a href=(lien) { (nom) },
                                        None => span aria-current="page" { (nom) },
                                    }
                                }
                            }
                        }
                    }
                }
                main.card { (corps) }
                footer.footer {
                    p { "Environnement de démonstration : les adhérents et leurs données sont fictifs." }
                }
            }
        }
    }
}

fn jeton(operateur: &Operateur) -> Markup {
    html! { input type="hidden" name="jeton" value=(operateur.jeton); }
}

fn annonce(fait: Option<Fait>) -> Markup {
    html! {
        @if let Some(fait) = fait {
            p.succes role="status" { (fait.message()) }
        }
    }
}

fn erreur_de_formulaire(id: &str, message: Option<&str>) -> Markup {
    html! {
        @if let Some(message) = message {
            p.erreur id=(id) role="alert" { (message) }
        }
    }
}

pub fn connexion(identifiant: &str, erreur: Option<&str>, fait: Option<Fait>) -> Markup {
    let corps = html! {
        h1 { "Connexion au back-office" }
        p.intro {
            "Ce back-office tient le rôle des services de la mutuelle : il ajoute des remboursements, "
            "fait avancer les demandes, y répond et émet des documents, comme la vraie mutuelle."
        }
        (annonce(fait))
        div.identifiants {
            h2 { "Identifiants de démonstration" }
            p { "Ces identifiants sont fictifs, comme les adhérents :" }
            dl {
                dt { "Identifiant" } dd { code { (IDENTIFIANT) } }
                dt { "Mot de passe" } dd { code { (MOT_DE_PASSE) } }
            }
        }
        form method="post" action={ (MOUNT) "/connexion" } {
            (erreur_de_formulaire("erreur-connexion", erreur))
            div.champ {
                label for="identifiant" { "Identifiant" }
                input #identifiant type="text" name="identifiant" value=(identifiant) autocomplete="username"
                    required spellcheck="false" autocapitalize="none"
                    aria-invalid=[erreur.map(|_| "true")] aria-describedby=[erreur.map(|_| "erreur-connexion")];
            }
            div.champ {
                label for="mot_de_passe" { "Mot de passe" }
                input #mot_de_passe type="password" name="mot_de_passe" autocomplete="current-password" required
                    aria-invalid=[erreur.map(|_| "true")] aria-describedby=[erreur.map(|_| "erreur-connexion")];
            }
            button type="submit" { "Se connecter" }
        }
    };
    page("Connexion", None, &[], corps)
}

pub fn erreur(titre: &str, message: &str) -> Markup {
    let corps = html! {
        h1 { (titre) }
        p.erreur role="alert" { (message) }
        p { a href=(MOUNT) { "Retour à la liste des adhérents" } }
    };
    page(titre, None, &[], corps)
}

pub fn adherents(operateur: &Operateur, adherents: &[Adherent]) -> Markup {
    let corps = html! {
        h1 { "Adhérents" }
        p.intro {
            "Choisissez un adhérent pour consulter son dossier et agir comme la mutuelle. "
            "Chaque action est enregistrée comme par la vraie mutuelle, et l’adhérent en est averti."
        }
        ul.liste {
            @for adherent in adherents {
                li.element {
                    a.titre href=(lien_adherent(&adherent.numero)) { (adherent.nom_complet()) }
                    p.detail {
                        "N° " (adherent.numero) " · "
                        @match adherent.demandes_ouvertes {
                            0 => "aucune demande en cours",
                            1 => "1 demande en cours",
                            n => { (n) " demandes en cours" },
                        }
                    }
                }
            }
        }
    };
    page("Adhérents", Some(operateur), &[], corps)
}

fn lien_parente(lien: &str) -> &str {
    match lien {
        "ASSURE_PRINCIPAL" => "Assuré principal",
        "CONJOINT" => "Conjoint",
        "ENFANT" => "Enfant",
        other => other,
    }
}

pub fn adherent(
    operateur: &Operateur,
    dossier: &Dossier,
    aujourdhui: NaiveDate,
    fait: Option<Fait>,
    echec: Option<(&SaisieRemboursement, &str)>,
) -> Markup {
    let adherent = &dossier.adherent;
    let nom = adherent.nom_complet();
    let vide = SaisieRemboursement::default();
    let (saisie, erreur) = echec.map_or((&vide, None), |(saisie, message)| (saisie, Some(message)));
    let (demandes, reclamations): (Vec<&DemandeDuDossier>, Vec<&DemandeDuDossier>) =
        dossier.demandes.iter().partition(|demande| !demande.est_reclamation);
    let corps = html! {
        h1 { (nom) }
        p.intro { "N° de personne " (adherent.numero) " · " (adherent.email) }
        (annonce(fait))
        section aria-labelledby="beneficiaires" {
            h2 #beneficiaires { "Bénéficiaires" }
            ul.liste {
                @for beneficiaire in &dossier.beneficiaires {
                    li.element {
                        p.titre { (beneficiaire.prenom) " " (beneficiaire.nom) }
                        p.detail {
                            (lien_parente(&beneficiaire.lien)) " · né(e) le " (date(beneficiaire.date_naissance))
                            " · NOEMIE : " (noemie::libelle(&beneficiaire.statut_noemie))
                        }
                        @let champ = format!("noemie-{}", beneficiaire.id);
                        form method="post"
                            action={ (lien_adherent(&adherent.numero)) "/beneficiaires/" (beneficiaire.id) "/noemie" } {
                            (jeton(operateur))
                            div.champ {
                                label for=(champ) {
                                    "Réponse de la Sécurité sociale pour " (beneficiaire.prenom)
                                }
                                select id=(champ) name="statut" required {
                                    @for (code, libelle) in noemie::REPONSES {
                                        option value=(code) { (libelle) }
                                    }
                                }
                            }
                            button.secondaire type="submit" { "Enregistrer la réponse" }
                        }
                        @if beneficiaire.lien != "ASSURE_PRINCIPAL" {
                            @let champ = format!("confidentialite-{}", beneficiaire.id);
                            form method="post"
                                action={ (lien_adherent(&adherent.numero)) "/beneficiaires/" (beneficiaire.id) "/confidentialite" } {
                                (jeton(operateur))
                                div.champ {
                                    label for=(champ) { "Soins de " (beneficiaire.prenom) " confidentiels pour l’assuré principal" }
                                    select id=(champ) name="confidentiels" required {
                                        option value="non" selected[!beneficiaire.soins_confidentiels] { "Non" }
                                        option value="oui" selected[beneficiaire.soins_confidentiels] { "Oui" }
                                    }
                                }
                                button.secondaire type="submit" { "Enregistrer la confidentialité" }
                            }
                            @let champ = format!("espace-{}", beneficiaire.id);
                            form method="post"
                                action={ (lien_adherent(&adherent.numero)) "/beneficiaires/" (beneficiaire.id) "/espace" } {
                                (jeton(operateur))
                                div.champ {
                                    label for=(champ) { "Adresse électronique de " (beneficiaire.prenom) " pour son propre espace" }
                                    input id=(champ) type="email" name="courriel" required;
                                }
                                button.secondaire type="submit" { "Ouvrir son propre espace" }
                            }
                        }
                    }
                }
            }
        }
        (section_delegations(operateur, &adherent.numero, &dossier.delegations))
        (section_prelevements(operateur, &adherent.numero, dossier))
        section aria-labelledby="ajouter-remboursement" {
            h2 #ajouter-remboursement { "Ajouter un remboursement" }
            p.aide {
                "Le paiement est daté d’aujourd’hui ; les parts de la Sécurité sociale et de la mutuelle "
                "sont calculées selon le contrat du bénéficiaire au jour des soins."
            }
            form method="post" action={ (lien_adherent(&adherent.numero)) "/remboursements" } {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-remboursement", erreur))
                div.champ {
                    label for="beneficiaire" { "Bénéficiaire" }
                    select #beneficiaire name="beneficiaire" required {
                        @for beneficiaire in &dossier.beneficiaires {
                            @let id = beneficiaire.id.to_string();
                            option value=(id) selected[saisie.beneficiaire == id] {
                                (beneficiaire.prenom) " " (beneficiaire.nom)
                            }
                        }
                    }
                }
                div.champ {
                    label for="date_soins" { "Date des soins" }
                    input #date_soins type="date" name="date_soins" value=(saisie.date_soins)
                        max=(aujourdhui.to_string()) required;
                }
                div.champ {
                    label for="acte" { "Acte" }
                    select #acte name="acte" required {
                        @for acte in ACTES {
                            option value=(acte.code) selected[saisie.acte == acte.code] { (acte.libelle) }
                        }
                    }
                }
                div.champ {
                    label for="professionnel" { "Professionnel de santé" }
                    input #professionnel type="text" name="professionnel" value=(saisie.professionnel)
                        maxlength="80" required autocomplete="off";
                }
                div.champ {
                    label for="montant" { "Montant dépensé, en euros" }
                    input #montant type="text" name="montant" value=(saisie.montant) inputmode="decimal"
                        required autocomplete="off" aria-describedby="aide-montant";
                    p.aide #aide-montant { "Par exemple 25 ou 25,50." }
                }
                button type="submit" { "Ajouter le remboursement" }
            }
        }
        section aria-labelledby="remboursements" {
            h2 #remboursements { "Derniers remboursements" }
            @if dossier.paiements.is_empty() {
                p { "Aucun remboursement." }
            }
            ul.liste {
                @for paiement in &dossier.paiements {
                    li.element {
                        p.titre { "Payé le " (date(paiement.date)) " · " (paiement.beneficiaire) }
                        p.detail {
                            "N° " (paiement.id) " · dépensé " (montant(paiement.depense))
                            " · remboursé par la mutuelle " (montant(paiement.rembourse))
                            " · versé à " (paiement.destinataire)
                        }
                    }
                }
            }
        }
        (liste_demandes("demandes", "Demandes", "Aucune demande.", &adherent.numero, &demandes))
        (liste_demandes("reclamations", "Réclamations", "Aucune réclamation.", &adherent.numero, &reclamations))
    };
    page(&nom, Some(operateur), &[("Adhérents", Some(MOUNT.to_owned())), (&nom, None)], corps)
}

fn liste_demandes(
    id: &str,
    titre: &str,
    aucune: &str,
    numero: &str,
    demandes: &[&DemandeDuDossier],
) -> Markup {
    html! {
        section aria-labelledby=(id) {
            h2 id=(id) { (titre) }
            @if demandes.is_empty() {
                p { (aucune) }
            }
            ul.liste {
                @for demande in demandes {
                    li.element {
                        a.titre href=(lien_demande(numero, demande.id)) { (demande.objet) }
                        p.detail {
                            "N° " (demande.id) " · créée le " (date(demande.date_creation))
                            " · " (libelle_etat(&demande.etat))
                            @if let Some(reclamation) = &demande.reclamation {
                                " · " (issue(reclamation))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A complaint's outcome, or when it is due.
fn issue(reclamation: &Reclamation) -> String {
    let le = reclamation.repondu_le.map(date).unwrap_or_default();
    match reclamation.issue.as_deref() {
        Some("ACCEPTEE") => format!("acceptée le {le}"),
        Some("REFUSEE") => format!("refusée le {le}"),
        Some(other) => other.to_owned(),
        None => format!("réponse attendue avant le {}", date(reclamation.reponse_avant)),
    }
}

/// A moment of the tables (RFC 3339, UTC) in Paris time: "05/03/2026 à 14:07".
fn moment(horodatage: &str) -> String {
    DateTime::parse_from_rfc3339(horodatage).map_or_else(
        |_| horodatage.to_owned(),
        |moment| moment.with_timezone(&chrono_tz::Europe::Paris).format("%d/%m/%Y à %H:%M").to_string(),
    )
}

/// A document of the request, as a download link (`action` is the request's page).
fn lien_document(action: &str, document: &DocumentInfo) -> Markup {
    html! { a href={ (action) "/documents/" (document.id) } download { (document.nom_fichier) } }
}

fn nature(nature: &str) -> &str {
    match nature {
        "PIECE_JOINTE" => "envoyé par l’adhérent",
        "ACCUSE_RECEPTION_RESILIATION" => "accusé de réception",
        "DOCUMENT_MUTUELLE" => "émis par la mutuelle",
        other => other,
    }
}

fn libelle_lien(lien: Lien) -> &'static str {
    match lien {
        Lien::Conjoint => "Conjoint ou partenaire",
        Lien::Enfant => "Enfant",
        Lien::NouveauNe => "Nouveau-né",
    }
}

/// Who a request to add a beneficiary is for, and the decision once taken.
fn details_ajout(dossier: &formulaires::Dossier) -> Markup {
    let ajout = &dossier.ajout;
    html! {
        dt { "Personne à ajouter" } dd { (ajout.prenom) " " (ajout.nom) " (" (libelle_lien(ajout.lien)) ")" }
        dt { "Née le" } dd { (date(ajout.date_naissance)) }
        dt { "N° de sécurité sociale" }
        dd { (dossier.numero_securite_sociale.as_deref().unwrap_or("Rattaché à celui de l’adhérent")) }
        dt { "Date d’effet prévue" } dd { (date(ajout.date_effet_prevue)) }
        @if let Some(decision) = &ajout.decision {
            dt { "Décision" }
            dd {
                @if let Some(effet) = decision.date_effet {
                    "Acceptée, à partir du " (date(effet))
                } @else {
                    "Refusée : " (decision.motif.as_deref().unwrap_or_default())
                }
            }
        }
    }
}

/// The answer the member received to a quote, line by line.
fn reponse_au_devis(devis: &ReponseDevis) -> Markup {
    html! {
        section aria-labelledby="reponse-devis" {
            h2 #reponse-devis { "Réponse au devis" }
            p { "Répondu le " (date(devis.repondu_le)) ", valable jusqu’au " (date(devis.valable_jusquau)) "." }
            table {
                thead { tr { th { "Soin" } th { "Prix" } th { "Sécurité sociale" } th { "Mutuelle" } th { "Reste" } } }
                tbody {
                    @for ligne in &devis.lignes {
                        tr {
                            td {
                                (ligne.libelle_soin)
                                @if let Some(code) = &ligne.code { " (" (code) ")" }
                                @if ligne.depasse_limite { " — au-dessus du prix limite de vente" }
                            }
                            td { (montant(ligne.prix.0)) }
                            td { (montant(ligne.montant_secu.0)) }
                            td { (montant(ligne.montant_mutuelle.0)) }
                            td { (montant(ligne.reste_a_charge.0)) }
                        }
                    }
                    tr {
                        th scope="row" { "Total" }
                        td { (montant(devis.totaux.prix.0)) }
                        td { (montant(devis.totaux.montant_secu.0)) }
                        td { (montant(devis.totaux.montant_mutuelle.0)) }
                        td { (montant(devis.totaux.reste_a_charge.0)) }
                    }
                }
            }
        }
    }
}

/// A hospital stay: where, when, which kind, and the decision.
fn details_prise_en_charge(prise_en_charge: &PriseEnCharge) -> Markup {
    let decision = prise_en_charge.decision.as_ref();
    html! {
        dt { "Établissement" }
        dd { (prise_en_charge.etablissement) " (FINESS " (prise_en_charge.finess.as_deref().unwrap_or("—")) ")" }
        dt { "Séjour" } dd { (prise_en_charge.type_hospitalisation) }
        dt { "Entrée le" } dd { (date(prise_en_charge.date_entree)) }
        dt { "Sortie le" }
        dd { @if let Some(sortie) = prise_en_charge.date_sortie { (date(sortie)) } @else { "non indiquée" } }
        dt { "Chambre particulière" } dd { @if prise_en_charge.chambre_particuliere { "demandée" } @else { "non demandée" } }
        @if let Some(decision) = decision {
            dt { "Décision" }
            dd {
                @match decision.statut {
                    StatutPriseEnCharge::Accordee => {
                        "Accordée, accord n° " (decision.numero_accord.as_deref().unwrap_or_default())
                    }
                    StatutPriseEnCharge::ALEtude => {
                        "À l’étude : " (decision.motif.as_deref().unwrap_or_default())
                        @if let Some(echeance) = decision.echeance { " Réponse due le " (date(echeance)) "." }
                    }
                    StatutPriseEnCharge::Refusee => { "Refusée : " (decision.motif.as_deref().unwrap_or_default()) }
                }
            }
        }
    }
}

/// Agree (with the exit date when the request has none) or refuse (with a reason), by the
/// rules of a decision taken at once.
fn formulaire_prise_en_charge(
    operateur: &Operateur,
    action: &str,
    prise_en_charge: &PriseEnCharge,
    saisie: &SaisieDecision,
    erreur: Option<&str>,
) -> Markup {
    html! {
        section aria-labelledby="decider" {
            h2 #decider { "Décider de la prise en charge" }
            form method="post" action={ (action) "/decision" } {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-decision", erreur))
                (choix_decision(&DECISIONS_PRISE_EN_CHARGE, &saisie.decision))
                @if prise_en_charge.date_sortie.is_none() {
                    div.champ {
                        label for="date_sortie" { "Date de sortie, si la prise en charge est accordée" }
                        input #date_sortie type="date" name="date_sortie" value=(saisie.date_sortie);
                    }
                }
                div.champ {
                    label for="motif" { "Motif, si la prise en charge est refusée" }
                    textarea #motif name="motif" rows="4" maxlength=(REPONSE_MAX) { (saisie.motif) }
                }
                button type="submit" { "Enregistrer la décision" }
            }
        }
    }
}

/// The decisions to choose from, `choisie` checked.
fn choix_decision(decisions: &[(&str, &str)], choisie: &str) -> Markup {
    html! {
        fieldset.champ {
            legend { "Décision" }
            @for (code, libelle) in decisions {
                div.choix {
                    input type="radio" name="decision" id={ "decision-" (code) } value=(code)
                        checked[choisie == *code] required;
                    label for={ "decision-" (code) } { (libelle) }
                }
            }
        }
    }
}

/// Accept (from a start date, the one foreseen by default) or refuse (with a reason).
fn formulaire_decision(
    operateur: &Operateur,
    action: &str,
    dossier: &formulaires::Dossier,
    saisie: &SaisieDecision,
    erreur: Option<&str>,
) -> Markup {
    let date_effet = if saisie.date_effet.is_empty() {
        dossier.ajout.date_effet_prevue.to_string()
    } else {
        saisie.date_effet.clone()
    };
    html! {
        section aria-labelledby="decider" {
            h2 #decider { "Décider de l’ajout" }
            form method="post" action={ (action) "/decision" } {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-decision", erreur))
                (choix_decision(&DECISIONS, &saisie.decision))
                div.champ {
                    label for="date_effet" { "Date d’effet, si l’ajout est accepté" }
                    input #date_effet type="date" name="date_effet" value=(date_effet);
                }
                div.champ {
                    label for="motif" { "Motif, si l’ajout est refusé" }
                    textarea #motif name="motif" rows="4" maxlength=(REPONSE_MAX) { (saisie.motif) }
                }
                button type="submit" { "Enregistrer la décision" }
            }
        }
    }
}

pub fn demande(
    operateur: &Operateur,
    dossier: &DossierDemande,
    max_upload_bytes: usize,
    fait: Option<Fait>,
    echec: Option<EchecDemande>,
) -> Markup {
    let DossierDemande { adherent, demande, messages, documents } = dossier;
    let nom = adherent.nom_complet();
    let action = lien_demande(&adherent.numero, demande.id);
    let titre = format!("Demande n° {}", demande.id);
    let (mut erreur_etat, mut erreur_reponse, mut erreur_document, mut erreur_decision) =
        (None, None, None, None);
    let mut etat_choisi = demande.etat.as_str();
    let vide = SaisieReponse::default();
    let mut reponse = &vide;
    let sans_decision = SaisieDecision::default();
    let mut decision = &sans_decision;
    if let Some(EchecDemande { formulaire, message }) = echec {
        match formulaire {
            FormulaireDemande::Etat(saisie) => (erreur_etat, etat_choisi) = (Some(message), &saisie.etat),
            FormulaireDemande::Reponse(saisie) => (erreur_reponse, reponse) = (Some(message), saisie),
            FormulaireDemande::Document => erreur_document = Some(message),
            FormulaireDemande::Decision(saisie) => (erreur_decision, decision) = (Some(message), saisie),
        }
    }
    let issue_a_donner = demande.reclamation.as_ref().filter(|reclamation| reclamation.issue.is_none());
    let corps = html! {
        h1 { (demande.objet) }
        (annonce(fait))
        dl.details {
            dt { "Numéro" } dd { (demande.id) }
            dt { "Type" } dd { (demande.type_code) }
            dt { "État" } dd { (libelle_etat(&demande.etat)) }
            dt { "Créée le" } dd { (date(demande.date_creation)) }
            dt { "Mise à jour le" } dd { (date(demande.date_mise_a_jour)) }
            @if let Some(beneficiaire) = &demande.beneficiaire {
                dt { "Bénéficiaire" } dd { (beneficiaire) }
            }
            @if let Some(commentaire) = &demande.commentaire {
                dt { "Message de l’adhérent" } dd.texte { (commentaire) }
            }
            @if let Some(reclamation) = &demande.reclamation {
                dt { "Réponse due avant le" } dd { (date(reclamation.reponse_avant)) }
                @if reclamation.issue.is_some() {
                    dt { "Issue" } dd { (issue(reclamation)) }
                }
            }
            @if let Some(dossier) = &demande.ajout_beneficiaire {
                (details_ajout(dossier))
            }
            @if let Some(prise_en_charge) = &demande.prise_en_charge {
                (details_prise_en_charge(prise_en_charge))
            }
        }
        @if let Some(devis) = &demande.devis {
            (reponse_au_devis(devis))
        }
        // Decided once: the form stays only to show why deciding again was refused.
        @if let Some(dossier) = demande.ajout_beneficiaire.as_ref().filter(|dossier| dossier.ajout.decision.is_none() || erreur_decision.is_some()) {
            (formulaire_decision(operateur, &action, dossier, decision, erreur_decision))
        }
        @if let Some(prise_en_charge) = demande.prise_en_charge.as_ref().filter(|prise_en_charge| {
            prise_en_charge.decision.as_ref().is_some_and(|decision| decision.statut == StatutPriseEnCharge::ALEtude)
                || erreur_decision.is_some()
        }) {
            (formulaire_prise_en_charge(operateur, &action, prise_en_charge, decision, erreur_decision))
        }
        section aria-labelledby="echanges" {
            h2 #echanges { "Échanges" }
            @if messages.is_empty() {
                p { "Aucun message." }
            }
            ol.liste {
                @for message in messages {
                    li.element {
                        p.titre {
                            @if message.auteur == MUTUELLE { "La mutuelle" } @else { "L’adhérent" }
                            ", le " (moment(&message.envoye_le))
                        }
                        @if message.auteur == MUTUELLE {
                            p.detail { @if message.lu { "Lu par l’adhérent" } @else { "Pas encore lu par l’adhérent" } }
                        }
                        p.texte { (message.texte) }
                        @if !message.documents.is_empty() {
                            ul.pieces aria-label="Pièces jointes" {
                                @for document in &message.documents {
                                    li { (lien_document(&action, document)) }
                                }
                            }
                        }
                    }
                }
            }
        }
        section aria-labelledby="documents" {
            h2 #documents { "Documents" }
            @if documents.is_empty() {
                p { "Aucun document." }
            }
            ul.liste {
                @for document in documents {
                    li.element {
                        p.titre { (lien_document(&action, document)) }
                        p.detail {
                            (nature(&document.nature)) " · le " (date(document.date_depot))
                            " · " (taille_lisible(document.taille.unsigned_abs()))
                        }
                    }
                }
            }
        }
        section aria-labelledby="changer-etat" {
            h2 #changer-etat { "Changer l’état" }
            form method="post" action={ (action) "/etat" } {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-etat", erreur_etat))
                div.champ {
                    label for="etat" { "Nouvel état" }
                    select #etat name="etat" {
                        @for (code, libelle) in ETATS {
                            option value=(code) selected[etat_choisi == code] { (libelle) }
                        }
                    }
                }
                button type="submit" { "Changer l’état" }
            }
        }
        section aria-labelledby="repondre" {
            h2 #repondre { "Répondre" }
            form method="post" action={ (action) "/reponse" } {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-reponse", erreur_reponse))
                div.champ {
                    label for="texte" { "Réponse de la mutuelle" }
                    textarea #texte name="texte" rows="6" maxlength=(REPONSE_MAX) required
                        aria-describedby="aide-texte" { (reponse.texte) }
                    p.aide #aide-texte { (REPONSE_MAX) " caractères au plus. L’adhérent la lit sur la page de sa demande." }
                }
                @if issue_a_donner.is_some() {
                    fieldset.champ {
                        legend { "Issue de la réclamation" }
                        @for (code, libelle) in ISSUES {
                            div.choix {
                                input type="radio" name="issue" id={ "issue-" (code) } value=(code)
                                    checked[reponse.issue == code] required;
                                label for={ "issue-" (code) } { (libelle) }
                            }
                        }
                    }
                }
                button type="submit" { "Envoyer la réponse" }
            }
        }
        section aria-labelledby="emettre-document" {
            h2 #emettre-document { "Émettre un document" }
            form method="post" action={ (action) "/document" } enctype="multipart/form-data" {
                (jeton(operateur))
                (erreur_de_formulaire("erreur-document", erreur_document))
                div.champ {
                    label for="fichier" { "Document PDF" }
                    input #fichier type="file" name="fichier" accept="application/pdf,.pdf" required
                        aria-describedby="aide-fichier";
                    p.aide #aide-fichier {
                        "Un PDF de " (taille_lisible(max_upload_bytes as u64)) " au plus, joint à la demande."
                    }
                }
                button type="submit" { "Émettre le document" }
            }
        }
    };
    let fil = [
        ("Adhérents", Some(MOUNT.to_owned())),
        (nom.as_str(), Some(lien_adherent(&adherent.numero))),
        (titre.as_str(), None),
    ];
    page(&titre, Some(operateur), &fil, corps)
}

/// « Délégations et mesures de protection »: who may act for the member, the end of each one in
/// force, and the form that records a guardianship or a curatorship from its court decision.
/// The contracts paid by direct debit, each with « Enregistrer le rejet »: the bank returned its
/// latest debit not returned yet, as its return file would say.
fn section_prelevements(operateur: &Operateur, numero: &str, dossier: &Dossier) -> Markup {
    let debites: Vec<_> =
        dossier.contrats.iter().filter(|contrat| contrat.mode_paiement == "PRELEVEMENT").collect();
    html! {
        @if !debites.is_empty() {
            section aria-labelledby="prelevements" {
                h2 #prelevements { "Prélèvements des cotisations" }
                p.aide { "Le rejet porte sur le dernier prélèvement échu que la banque n’a pas déjà rejeté." }
                ul.liste {
                    @for contrat in debites {
                        @let champ = format!("rejet-{}", contrat.numero_contrat);
                        li.element {
                            p.titre { (contrat.numero_contrat) " · " (contrat.libelle_produit) }
                            form method="post"
                                action={ (lien_adherent(numero)) "/contrats/" (contrat.numero_contrat) "/rejet" } {
                                (jeton(operateur))
                                div.champ {
                                    label for=(champ) { "Motif du rejet, contrat " (contrat.numero_contrat) }
                                    select id=(champ) name="motif" required {
                                        @for (code, libelle) in &dossier.motifs_rejet {
                                            option value=(code) { (libelle) }
                                        }
                                    }
                                }
                                button.secondaire type="submit" { "Enregistrer le rejet" }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn section_delegations(operateur: &Operateur, numero: &str, delegations: &[delegations::Vue]) -> Markup {
    let action = format!("{}/delegations", lien_adherent(numero));
    html! {
        section aria-labelledby="delegations" {
            h2 #delegations { "Délégations et mesures de protection" }
            @if delegations.is_empty() {
                p.aide { "Personne n’agit pour cet adhérent." }
            }
            ul.liste {
                @for delegation in delegations {
                    li.element {
                        p.titre { (nature_delegation(&delegation.nature)) " · " (delegation.nom.as_deref().unwrap_or(&delegation.courriel)) }
                        p.detail {
                            (delegation.courriel) " · du " (date(delegation.debut)) " au " (date(delegation.fin))
                            " · " (delegation.etat) " · droits : "
                            (delegation.droits.iter().map(|droit| droit.code()).collect::<Vec<_>>().join(", "))
                        }
                        @if delegation.nature != "PROCHE" {
                            a href={ (action) "/" (delegation.id) "/jugement" } { "Décision de justice" }
                        }
                        @if matches!(delegation.etat, "EN_ATTENTE" | "ACTIVE") {
                            form method="post" action={ (action) "/" (delegation.id) "/fin" } {
                                (jeton(operateur))
                                button.secondaire type="submit" { "Mettre fin à cette délégation" }
                            }
                        }
                    }
                }
            }
            h3 { "Enregistrer une tutelle ou une curatelle" }
            form method="post" action=(action) enctype="multipart/form-data" {
                (jeton(operateur))
                div.champ {
                    label for="mesure-nature" { "Mesure" }
                    select #mesure-nature name="nature" required {
                        option value="TUTELLE" { "Tutelle" }
                        option value="CURATELLE" { "Curatelle" }
                    }
                }
                div.champ {
                    label for="mesure-courriel" { "Adresse électronique du tuteur ou du curateur" }
                    input #mesure-courriel type="email" name="courriel" required;
                }
                fieldset {
                    legend { "Droits que donne la décision" }
                    @for (code, libelle) in DROITS_DE_MESURE {
                        @let id = format!("mesure-droit-{code}");
                        div.choix {
                            input id=(id) type="checkbox" name="droits" value=(code);
                            label for=(id) { (libelle) }
                        }
                    }
                }
                div.champ {
                    label for="mesure-debut" { "Début" }
                    input #mesure-debut type="date" name="debut" required;
                }
                div.champ {
                    label for="mesure-fin" { "Fin" }
                    input #mesure-fin type="date" name="fin" required;
                }
                div.champ {
                    label for="mesure-jugement" { "Jugement (PDF)" }
                    input #mesure-jugement type="file" name="fichier" accept="application/pdf,.pdf" required;
                }
                button type="submit" { "Enregistrer la mesure" }
            }
        }
    }
}

const DROITS_DE_MESURE: [(&str, &str); 4] = [
    ("REMBOURSEMENTS", "Voir les remboursements et les documents"),
    ("ATTESTATIONS", "Télécharger les attestations et la carte"),
    ("DEMANDES", "Envoyer des demandes et des messages"),
    ("GESTION", "Gérer le contrat : coordonnées, coordonnées bancaires, bénéficiaires, résiliation"),
];

fn nature_delegation(nature: &str) -> &'static str {
    match nature {
        "TUTELLE" => "Tutelle",
        "CURATELLE" => "Curatelle",
        "BENEFICIAIRE" => "Espace personnel",
        _ => "Délégation",
    }
}
