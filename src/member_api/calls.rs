//! Every call the portal makes to the member API, in one table: its method and path, whether
//! the browser's query string goes with it, whether it creates a request (and so needs a solved
//! captcha), whether it needs a recent sign-in, and how the portal exposes it. The proxy builds
//! its `/api` routes from it, `/api/home` and the termination name their calls from it, and a
//! test checks it against `openapi/member-api.yaml` both ways: a call the contract lacks, or one
//! it has that the table forgot, fails the build's tests instead of a member's request.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

/// How the browser reaches a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exposed {
    /// `/api{path}` passes it through as it is.
    Forwarded,
    /// `/api{path}` is the portal's own handler, which makes the call and does more with its
    /// answer (the termination queues its acknowledgement email, a card payment gets the
    /// provider's form signed).
    Handled,
    /// Not under `/api`: the portal makes the call for itself (the sign-in's account, the
    /// payment provider's notification).
    Internal,
}

/// The methods the contract uses (hyper's `Method` is not `Copy`, so not for a `const` table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    Get,
    Post,
    Put,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Get => "GET",
            Self::Post => "POST",
            Self::Put => "PUT",
        }
    }

    pub fn hyper(self) -> hyper::Method {
        match self {
            Self::Get => hyper::Method::GET,
            Self::Post => hyper::Method::POST,
            Self::Put => hyper::Method::PUT,
        }
    }
}

/// What the audit trail records of a call (docs/operations/audit.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audited {
    Nothing,
    /// A read of health data: reimbursements, payments, allowances used, certificates, the
    /// card, requests and their documents.
    HealthRead,
    /// A change: every call but a read, and the estimate, which stores nothing.
    Write,
}

#[derive(Debug, Clone, Copy)]
pub struct MemberCall {
    pub method: Method,
    /// Under the member API's base, as the contract writes it; `{id}` stands for the one
    /// identifier a path may hold.
    pub path: &'static str,
    /// The browser's query string is passed on: the postal code of the communes lookup, the
    /// period and beneficiary filters of the reimbursement lists, the certificate's kind.
    pub query: bool,
    /// It creates a request, guarded by the captcha (see `captcha`).
    pub captcha: bool,
    pub exposed: Exposed,
    /// `/api/home` combines it with others into the dashboard's one answer.
    pub on_home: bool,
    /// It changes what matters most (where reimbursements are paid, the contract itself): the
    /// member must have signed in at most `oidc.recent_sign_in_secs` ago, else the portal
    /// answers 403 `reconnexion_requise` and the browser sends them through the provider again.
    pub recent_sign_in: bool,
    pub audited: Audited,
}

impl MemberCall {
    const fn new(method: Method, path: &'static str) -> Self {
        Self {
            method,
            path,
            query: false,
            captcha: false,
            exposed: Exposed::Forwarded,
            on_home: false,
            recent_sign_in: false,
            audited: match method {
                Method::Get => Audited::Nothing,
                Method::Post | Method::Put => Audited::Write,
            },
        }
    }

    const fn get(path: &'static str) -> Self {
        Self::new(Method::Get, path)
    }

    const fn post(path: &'static str) -> Self {
        Self::new(Method::Post, path)
    }

    const fn with_query(self) -> Self {
        Self { query: true, ..self }
    }

    const fn with_captcha(self) -> Self {
        Self { captcha: true, ..self }
    }

    const fn handled(self) -> Self {
        Self { exposed: Exposed::Handled, ..self }
    }

    const fn internal(self) -> Self {
        Self { exposed: Exposed::Internal, ..self }
    }

    const fn on_home(self) -> Self {
        Self { on_home: true, ..self }
    }

    const fn after_recent_sign_in(self) -> Self {
        Self { recent_sign_in: true, ..self }
    }

    const fn health_data(self) -> Self {
        Self { audited: Audited::HealthRead, ..self }
    }

    const fn stores_nothing(self) -> Self {
        Self { audited: Audited::Nothing, ..self }
    }

    /// The path as the client appends it to the base (which ends with `/`).
    pub fn relative(&self) -> &'static str {
        &self.path[1..]
    }

    /// Whether the path holds an identifier.
    pub fn has_id(&self) -> bool {
        self.path.contains("{id}")
    }

    /// The call's name in the metrics and the traces, `GET /assure/infos`: written once for
    /// each call of the table, rather than on every call made.
    pub fn name(&self) -> Cow<'static, str> {
        static NAMES: LazyLock<HashMap<(Method, &'static str), String>> = LazyLock::new(|| {
            CALLS.iter().map(|call| ((call.method, call.path), call.written_name())).collect()
        });
        match NAMES.get(&(self.method, self.path)) {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(self.written_name()),
        }
    }

    fn written_name(&self) -> String {
        format!("{} {}", self.method.as_str(), self.path)
    }
}

pub const SE_CONNECTER: MemberCall = MemberCall::post("/compte/auth").internal();
pub const CREATION_RESILIATION: MemberCall =
    MemberCall::post("/document/creationResiliation").with_captcha().handled().after_recent_sign_in();
pub const PRESTATIONS_RECENTES: MemberCall =
    MemberCall::get("/assure/prestations-recentes").on_home().health_data();
pub const PRESTATION: MemberCall = MemberCall::get("/assure/prestation/{id}").on_home().health_data();
pub const DEMANDES_ACCUEIL: MemberCall = MemberCall::get("/demandes/home").on_home().health_data();
pub const ECHEANCE_PROCHAINE: MemberCall = MemberCall::get("/assure/echeance-prochaine").on_home();
pub const NOUVEAUTES: MemberCall = MemberCall::get("/assure/nouveautes").on_home().health_data();
pub const BENEFICIAIRES: MemberCall = MemberCall::get("/assure/beneficiaires").on_home();
pub const DOCUMENT_PDF: MemberCall = MemberCall::get("/document/pdf/{id}").health_data();
/// The tiers-payant cards: also read by the portal for the phone's wallet (`wallet`).
pub const CARTE_TP: MemberCall = MemberCall::get("/assure/carte-tp").health_data();
pub const PROCURATIONS: MemberCall = MemberCall::get("/assure/procurations");
/// Money moves: as for the bank details, the member signed in lately.
pub const PAIEMENTS: MemberCall = MemberCall::post("/assure/paiements").handled().after_recent_sign_in();
pub const NOTIFICATION_PAIEMENT: MemberCall = MemberCall::post("/paiements/notification").internal();

/// The member API's calls, in the contract's order.
pub const CALLS: &[MemberCall] = &[
    SE_CONNECTER,
    MemberCall::get("/assure/"),
    MemberCall::get("/assure/infos"),
    MemberCall::new(Method::Put, "/assure/adresse"),
    MemberCall::get("/assure/referentiel/communes-postale").with_query(),
    MemberCall::get("/assure/referentiel/etablissements").with_query(),
    MemberCall::get("/assure/referentiel/reseau-soins").with_query(),
    BENEFICIAIRES,
    MemberCall::get("/assure/banques"),
    MemberCall::get("/assure/beneficiairesInfosBancaires"),
    MemberCall::post("/assure/beneficiaire/banque").after_recent_sign_in(),
    MemberCall::get("/assure/preferences"),
    MemberCall::get("/assure/documents").health_data(),
    MemberCall::new(Method::Put, "/assure/documents/envois"),
    MemberCall::get("/assure/delegations"),
    // Someone else may then read the member's health data: as for the bank details.
    MemberCall::post("/assure/delegations").after_recent_sign_in(),
    MemberCall::post("/assure/delegations/{id}/retrait"),
    PROCURATIONS,
    MemberCall::new(Method::Put, "/assure/preferences"),
    NOUVEAUTES,
    MemberCall::get("/assure/contrats"),
    MemberCall::new(Method::Put, "/assure/prelevement"),
    // Money owed, spread: as for the bank details, the member signed in lately.
    MemberCall::post("/assure/plan-de-reglement").after_recent_sign_in(),
    PAIEMENTS,
    MemberCall::get("/assure/paiements/{id}"),
    MemberCall::get("/assure/mandats"),
    // The account contributions are taken from: as for the bank details.
    MemberCall::post("/assure/mandats").after_recent_sign_in(),
    MemberCall::post("/assure/mandats/{id}/signature").after_recent_sign_in(),
    ECHEANCE_PROCHAINE,
    MemberCall::get("/assure/droitsAdherent"),
    MemberCall::get("/assure/droitsCompletAdherent"),
    MemberCall::get("/assure/livret"),
    MemberCall::post("/assure/estimation").stores_nothing(),
    MemberCall::get("/assure/plafonds").health_data(),
    MemberCall::get("/assure/attestation").with_query().health_data(),
    MemberCall::get("/assure/prestations").with_query().health_data(),
    MemberCall::get("/assure/prestations-pro").with_query().health_data(),
    MemberCall::get("/assure/prestationsClaims").health_data(),
    PRESTATIONS_RECENTES,
    PRESTATION,
    CARTE_TP,
    MemberCall::get("/assure/carte-tp-detail/{id}").health_data(),
    MemberCall::get("/demandes").health_data(),
    DEMANDES_ACCUEIL,
    MemberCall::get("/demandes/nonLus"),
    MemberCall::get("/demande/{id}").health_data(),
    // A conversation: no captcha on a reply, the per-member write limit is enough.
    MemberCall::post("/demande/{id}/messages"),
    MemberCall::post("/demande/{id}/messages/lus"),
    MemberCall::post("/document/upload"),
    DOCUMENT_PDF,
    MemberCall::post("/document/documentGedCegedim").with_captcha(),
    MemberCall::post("/document/creationHospitalisation").with_captcha(),
    CREATION_RESILIATION,
    MemberCall::post("/document/creationReclamation").with_captcha(),
    MemberCall::post("/document/creationDevis").with_captcha(),
    MemberCall::post("/document/signalementSoin").with_captcha(),
    MemberCall::post("/document/ajoutBeneficiaire").with_captcha().after_recent_sign_in(),
    NOTIFICATION_PAIEMENT,
];

/// The table's call for `method` at `path` as the contract writes it (`/demande/{demandeId}`):
/// the parameter's name aside, the same path.
pub fn find(method: Method, path: &str) -> Option<&'static MemberCall> {
    let path = unnamed(path);
    CALLS.iter().find(|call| call.method == method && unnamed(call.path) == path)
}

/// `path` with its parameters' names left out: `/demande/{}`.
fn unnamed(path: &str) -> String {
    let mut out = String::new();
    let mut in_parameter = false;
    for character in path.chars() {
        match character {
            '{' => {
                in_parameter = true;
                out.push_str("{}");
            }
            '}' => in_parameter = false,
            _ if in_parameter => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    #[test]
    fn a_call_is_named_by_its_method_and_path_in_or_out_of_the_table() {
        assert_eq!(SE_CONNECTER.name(), "POST /compte/auth");
        assert!(matches!(SE_CONNECTER.name(), Cow::Borrowed(_)));
        assert_eq!(MemberCall::get("/hors-table").name(), "GET /hors-table");
    }

    /// A call as both sides can say it: method, path with its parameter unnamed, and whether
    /// it takes a query.
    type Signature = (String, String, bool);

    fn contract() -> Value {
        serde_norway::from_str(include_str!("../../openapi/member-api.yaml")).unwrap()
    }

    /// A parameter as written, or the one its `$ref` names.
    fn resolved<'a>(contract: &'a Value, parameter: &'a Value) -> &'a Value {
        match parameter["$ref"].as_str().and_then(|pointer| pointer.strip_prefix('#')) {
            Some(pointer) => contract.pointer(pointer).expect("a parameter the contract defines"),
            None => parameter,
        }
    }

    fn contract_calls() -> BTreeSet<Signature> {
        let contract = contract();
        let mut calls = BTreeSet::new();
        for (path, operations) in contract["paths"].as_object().unwrap() {
            for (method, operation) in operations.as_object().unwrap() {
                if !["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                    continue;
                }
                let parameters = operation["parameters"].as_array().into_iter().flatten();
                let query =
                    parameters.map(|parameter| resolved(&contract, parameter)).any(|p| p["in"] == "query");
                calls.insert((method.to_uppercase(), unnamed(path), query));
            }
        }
        calls
    }

    #[test]
    fn the_table_and_the_contract_name_the_same_calls() {
        let table: BTreeSet<Signature> = CALLS
            .iter()
            .map(|call| (call.method.as_str().to_owned(), unnamed(call.path), call.query))
            .collect();
        let contract = contract_calls();
        assert_eq!(table.len(), CALLS.len(), "a call is in the table twice");
        assert!(contract.len() > 20, "the contract's operations were not read");
        let missing: Vec<_> = contract.difference(&table).collect();
        let unknown: Vec<_> = table.difference(&contract).collect();
        assert!(missing.is_empty(), "in the contract, not in the table: {missing:?}");
        assert!(unknown.is_empty(), "in the table, not in the contract: {unknown:?}");
    }

    #[test]
    fn the_contract_is_read_with_its_referenced_parameters() {
        let contract = contract_calls();
        assert!(contract.contains(&("GET".into(), "/assure/prestations".into(), true)), "a $ref'd query");
        assert!(
            contract.contains(&("GET".into(), "/assure/prestation/{}".into(), false)),
            "a path parameter"
        );
        assert_eq!(unnamed("/assure/prestation/{paymentId}"), "/assure/prestation/{}");
    }

    #[test]
    fn the_calls_the_code_names_are_in_the_table() {
        for named in [
            SE_CONNECTER,
            CREATION_RESILIATION,
            PRESTATIONS_RECENTES,
            PRESTATION,
            DEMANDES_ACCUEIL,
            ECHEANCE_PROCHAINE,
            NOUVEAUTES,
            BENEFICIAIRES,
            PAIEMENTS,
            NOTIFICATION_PAIEMENT,
            CARTE_TP,
        ] {
            assert!(CALLS.iter().any(|call| call.method == named.method && call.path == named.path));
        }
        assert!(CALLS.iter().filter(|call| call.on_home).count() == 6);
    }

    #[test]
    fn the_bank_details_a_delegation_a_payment_plan_a_card_payment_a_mandate_the_termination_and_a_beneficiary_to_add_need_a_recent_sign_in_and_nothing_else_does()
     {
        let flagged: Vec<_> =
            CALLS.iter().filter(|call| call.recent_sign_in).map(|call| (call.method, call.path)).collect();
        assert_eq!(
            flagged,
            [
                (Method::Post, "/assure/beneficiaire/banque"),
                (Method::Post, "/assure/delegations"),
                (Method::Post, "/assure/plan-de-reglement"),
                (Method::Post, "/assure/paiements"),
                (Method::Post, "/assure/mandats"),
                (Method::Post, "/assure/mandats/{id}/signature"),
                (Method::Post, "/document/creationResiliation"),
                (Method::Post, "/document/ajoutBeneficiaire")
            ]
        );
    }

    #[test]
    fn a_beneficiary_to_add_is_a_creation_guarded_by_the_captcha() {
        let ajout = find(Method::Post, "/document/ajoutBeneficiaire").expect("in the table");
        assert!(ajout.captcha && ajout.exposed == Exposed::Forwarded);
    }

    #[test]
    fn the_report_of_care_not_received_is_a_creation_guarded_by_the_captcha() {
        let report = find(Method::Post, "/document/signalementSoin").expect("in the table");
        assert!(report.captcha && report.exposed == Exposed::Forwarded && !report.recent_sign_in);
    }

    #[test]
    fn a_call_is_found_by_the_contracts_path() {
        let found = find(Method::Get, "/assure/prestation/{paymentId}").expect("in the table");
        assert_eq!(found.path, PRESTATION.path);
        assert!(find(Method::Post, "/assure/prestation/{paymentId}").is_none());
        assert!(find(Method::Get, "/assure/prestation").is_none());
    }
}
