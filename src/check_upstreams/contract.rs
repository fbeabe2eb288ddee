//! `openapi/member-api.yaml`, the contract a partner's member API implements, built into the
//! binary: its reads (GET operations) and the JSON Schemas (2020-12) of their answers.

use serde_json::{Value, json};

const DOCUMENT: &str = include_str!("../../openapi/member-api.yaml");

/// Values for required query parameters the contract gives no example of.
const KNOWN_VALUES: [(&str, &str); 1] = [("codePostal", "75001")];

pub struct Contract {
    document: Value,
}

/// One GET operation of the contract.
pub struct Read {
    /// The path as the contract writes it, `/demande/{id}`.
    pub template: String,
    /// Its required query parameters, filled; `Err` names one there is no value for.
    pub query: Result<Vec<(String, String)>, String>,
    operation: Value,
}

impl Read {
    pub fn has_path_parameters(&self) -> bool {
        self.template.contains('{')
    }
}

/// What the contract says a success answer holds.
pub enum Expected {
    /// JSON valid against this schema.
    Json(Value),
    /// A file of one of these media types (a PDF, an image).
    File(Vec<String>),
    /// A success without a body the contract describes.
    Nothing,
}

impl Contract {
    pub fn load() -> anyhow::Result<Self> {
        let document = serde_norway::from_str(DOCUMENT)
            .map_err(|error| anyhow::anyhow!("openapi/member-api.yaml (built in) does not parse: {error}"))?;
        Ok(Self { document })
    }

    /// Follows a `#/components/...` reference, if `value` is one.
    fn resolve<'a>(&'a self, value: &'a Value) -> &'a Value {
        match value.get("$ref").and_then(Value::as_str) {
            Some(reference) => {
                self.document.pointer(reference.trim_start_matches('#')).unwrap_or(&Value::Null)
            }
            None => value,
        }
    }

    /// Every GET of the contract, in its order.
    pub fn reads(&self) -> Vec<Read> {
        let Some(paths) = self.document["paths"].as_object() else { return Vec::new() };
        paths
            .iter()
            .filter(|(_, item)| item["get"].is_object())
            .map(|(template, item)| {
                let operation = item["get"].clone();
                let parameters = item["parameters"]
                    .as_array()
                    .into_iter()
                    .chain(operation["parameters"].as_array())
                    .flatten()
                    .map(|parameter| self.resolve(parameter));
                let query = parameters
                    .filter(|parameter| parameter["in"] == "query" && parameter["required"] == true)
                    .map(|parameter| {
                        let name = parameter["name"].as_str().unwrap_or_default().to_owned();
                        match value_for(parameter) {
                            Some(value) => Ok((name, value)),
                            None => Err(name),
                        }
                    })
                    .collect();
                Read { template: template.clone(), query, operation }
            })
            .collect()
    }

    /// What the contract documents for `status` of `read`; `None` when it documents nothing.
    pub fn expected(&self, read: &Read, status: u16) -> Option<Expected> {
        let response = self.resolve(read.operation["responses"].get(status.to_string())?);
        let Some(content) = response["content"].as_object().filter(|content| !content.is_empty()) else {
            return Some(Expected::Nothing);
        };
        Some(match content.get("application/json") {
            Some(media) => Expected::Json(media["schema"].clone()),
            None => Expected::File(content.keys().cloned().collect()),
        })
    }

    /// The schema of `POST /compte/auth`'s 200, the portal's sign-in call.
    pub fn sign_in_schema(&self) -> Value {
        let response = self.resolve(&self.document["paths"]["/compte/auth"]["post"]["responses"]["200"]);
        response["content"]["application/json"]["schema"].clone()
    }

    /// What is wrong with `body` according to `schema`, each with where in the body.
    pub fn violations(&self, schema: &Value, body: &Value) -> Vec<String> {
        // Checked from the document's root, so that its `#/components/...` references resolve;
        // OpenAPI's own keys are not JSON Schema keywords and are ignored.
        let mut root = self.document.clone();
        root["allOf"] = json!([schema]);
        let validator = match jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(&root)
        {
            Ok(validator) => validator,
            Err(error) => return vec![format!("the contract's schema does not build: {error}")],
        };
        validator
            .iter_errors(body)
            .map(|error| {
                let place = error.instance_path().to_string();
                format!("{} at {}", error, if place.is_empty() { "/" } else { &place })
            })
            .collect()
    }
}

/// A value for a required query parameter: the contract's example, its first allowed value,
/// its default, or one known here.
fn value_for(parameter: &Value) -> Option<String> {
    let schema = &parameter["schema"];
    let candidates = [
        &parameter["example"],
        &schema["examples"][0],
        &schema["example"],
        &schema["enum"][0],
        &schema["default"],
    ];
    let from_contract = candidates.into_iter().find_map(|value| match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    });
    from_contract.or_else(|| {
        let name = parameter["name"].as_str()?;
        KNOWN_VALUES.iter().find(|(known, _)| *known == name).map(|(_, value)| (*value).to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_contract_lists_its_reads_with_their_query_filled() {
        let contract = Contract::load().unwrap();
        let reads = contract.reads();
        let templates: Vec<&str> = reads.iter().map(|read| read.template.as_str()).collect();
        for expected in ["/assure/", "/assure/infos", "/demandes", "/demande/{id}", "/assure/livret"] {
            assert!(templates.contains(&expected), "{expected} in {templates:?}");
        }
        let communes =
            reads.iter().find(|read| read.template == "/assure/referentiel/communes-postale").unwrap();
        assert_eq!(communes.query.as_ref().unwrap()[0].0, "codePostal");
        assert!(matches!(
            contract.expected(reads.iter().find(|read| read.template == "/assure/livret").unwrap(), 200),
            Some(Expected::File(types)) if types == ["application/pdf"]
        ));
    }

    #[test]
    fn an_answer_breaking_its_schema_is_named_with_its_place() {
        let contract = Contract::load().unwrap();
        let reads = contract.reads();
        let demandes = reads.iter().find(|read| read.template == "/demandes").unwrap();
        let Some(Expected::Json(schema)) = contract.expected(demandes, 200) else { panic!("JSON expected") };
        assert!(contract.violations(&schema, &json!([])).is_empty());
        let problems = contract.violations(&schema, &json!([{ "id": "not a number" }]));
        assert!(problems.iter().any(|problem| problem.contains("/0")), "{problems:?}");
    }
}
