//! First-start data of the demo member API: the five members of `demo::personas`, with
//! everything the portal shows about them ([`membres`]). Their payments and deadlines are
//! computed by the mutual's rules (`rules/`) and written by the store (`store/`), as the back
//! office writes what it adds.

mod documents;
mod membres;
mod premier_demarrage;

pub use self::premier_demarrage::seed_once;
