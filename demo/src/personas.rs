//! The five fictitious members of the demo, as the identity provider knows them. Together they
//! exercise every flag (docs/product/roles.md#what-the-flags-show); the member API seeds its
//! richer data from the same list. Beside them, people who are no members
//! (docs/product/roles.md#acting-for-a-member): a relative and a court-appointed guardian who
//! act for one, and an adult beneficiary with a space of his own.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Persona {
    /// The person number (`NUMERO_PERSONNE`), also the sign-in `Login`.
    pub person_number: &'static str,
    pub civilite: &'static str,
    pub prenom: &'static str,
    pub nom: &'static str,
    pub username: &'static str,
    pub email: &'static str,
}

pub const PERSONAS: [Persona; 5] = [
    Persona {
        person_number: "100001",
        civilite: "Mme",
        prenom: "Marie",
        nom: "DUPONT",
        username: "marie.dupont",
        email: "marie.dupont@example.org",
    },
    Persona {
        person_number: "100002",
        civilite: "M.",
        prenom: "Jean",
        nom: "MARTIN",
        username: "jean.martin",
        email: "jean.martin@example.org",
    },
    Persona {
        person_number: "100003",
        civilite: "Mme",
        prenom: "Léa",
        nom: "BERNARD",
        username: "lea.bernard",
        email: "lea.bernard@example.org",
    },
    Persona {
        person_number: "100004",
        civilite: "M.",
        prenom: "Paul",
        nom: "DURAND",
        username: "paul.durand",
        email: "paul.durand@example.org",
    },
    Persona {
        person_number: "100005",
        civilite: "Mme",
        prenom: "Sophie",
        nom: "PETIT",
        username: "sophie.petit",
        email: "sophie.petit@example.org",
    },
];

/// People with an account at the provider who are no members: their tokens carry no person
/// number. `person_number` is only how the provider's page names them.
pub const PROCHES: [Persona; 3] = [
    Persona {
        person_number: "900001",
        civilite: "Mme",
        prenom: "Claire",
        nom: "DUPONT",
        username: "claire.dupont",
        email: "claire.dupont@example.org",
    },
    Persona {
        person_number: "900002",
        civilite: "Mme",
        prenom: "Hélène",
        nom: "ROUX",
        username: "helene.roux",
        email: "helene.roux@example.org",
    },
    // Marie DUPONT's spouse, covered by her contract, with a space of his own.
    Persona {
        person_number: "900003",
        civilite: "M.",
        prenom: "Thomas",
        nom: "DUPONT",
        username: "thomas.dupont",
        email: "thomas.dupont@example.org",
    },
];

pub fn by_person_number(person_number: &str) -> Option<&'static Persona> {
    PERSONAS.iter().find(|persona| persona.person_number == person_number)
}

/// A member or a relative, as the provider's sign-in page names them.
pub fn by_login(login: &str) -> Option<&'static Persona> {
    by_person_number(login).or_else(|| PROCHES.iter().find(|persona| persona.person_number == login))
}

impl Persona {
    /// Whether the person is a member, whose tokens carry their person number.
    pub fn is_member(&self) -> bool {
        PERSONAS.contains(self)
    }
}
