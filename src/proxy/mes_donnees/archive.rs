//! The archive « Télécharger mes données » gives (docs/product/member-api.md#my-data-to-take-away): a ZIP
//! of `donnees.json` (its schema beside it), the tables a spreadsheet opens, the request
//! documents, and `LISEZMOI.txt`. Built from values, so that it is tested without a server.

use std::io::{Cursor, Write};

use serde_json::Value;
use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

/// The schema of `donnees.json`, published with the contract and put in every archive.
pub const SCHEMA: &str = include_str!("../../../openapi/mes-donnees.schema.json");

/// A document of a request, as the member API gave it.
pub struct Document {
    pub id: i64,
    pub id_demande: i64,
    pub nom_fichier: String,
    pub contenu: Vec<u8>,
}

/// A document left out of the archive because the archive's bound was reached.
pub struct Omis {
    pub id: i64,
    pub id_demande: i64,
    pub nom_fichier: String,
}

/// The archive's bytes: `donnees` (the envelope `mes-donnees.schema.json` describes), its tables,
/// `documents` under `documents/`, and the read-me, which names the documents `omis` and the
/// parts `non_incluses` (refused to someone acting for the member); every file dated
/// `genere_le`, Paris time.
pub fn build(
    donnees: &Value,
    documents: &[Document],
    omis: &[Omis],
    non_incluses: &[&str],
    genere_le: chrono::NaiveDateTime,
) -> anyhow::Result<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::try_from(genere_le)?);
    let mut add = |name: &str, bytes: &[u8]| -> anyhow::Result<()> {
        zip.start_file(name, options)?;
        zip.write_all(bytes)?;
        Ok(())
    };
    add("LISEZMOI.txt", lisez_moi(genere_le, documents.len(), omis, non_incluses).as_bytes())?;
    add("donnees.json", &serde_json::to_vec_pretty(donnees)?)?;
    add("schema.json", SCHEMA.as_bytes())?;
    add("tableaux/remboursements.csv", &remboursements(donnees)?)?;
    add("tableaux/demandes.csv", &demandes(donnees)?)?;
    add("tableaux/beneficiaires.csv", &beneficiaires(donnees)?)?;
    for document in documents {
        add(&chemin_document(document.id_demande, document.id, &document.nom_fichier), &document.contenu)?;
    }
    Ok(zip.finish()?.into_inner())
}

/// `documents/demande-12/34-facture.pdf`: the request and the document's numbers make the name
/// unique; the member's file name is kept in letters, digits, `.`, `-` and `_` only, so that no
/// name can climb out of the folder (`../`), hide (a leading dot) or break a file system.
pub fn chemin_document(id_demande: i64, id: i64, nom_fichier: &str) -> String {
    let nom: String = nom_fichier
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .take(80)
        .collect();
    let nom = nom.trim_start_matches('.');
    format!("documents/demande-{id_demande}/{id}-{nom}")
}

fn lisez_moi(
    genere_le: chrono::NaiveDateTime,
    inclus: usize,
    omis: &[Omis],
    non_incluses: &[&str],
) -> String {
    let genere_le = genere_le.format("%d/%m/%Y à %H h %M");
    let mut texte = format!(
        "Vos données, telles que la mutuelle et votre espace assuré les conservaient le {genere_le}.\r\n\
         \r\n\
         donnees.json : toutes vos données, dans le format décrit par schema.json (JSON Schema).\r\n\
         \x20 « mutuelle » : ce que la mutuelle conserve (identité, coordonnées, bénéficiaires, contrats,\r\n\
         \x20 garanties, remboursements, demandes et leurs messages, préférences) ;\r\n\
         \x20 « espaceAssure » : ce que l’espace assuré conserve (vos connexions ouvertes).\r\n\
         tableaux/ : vos remboursements, demandes et bénéficiaires, à ouvrir avec un tableur\r\n\
         \x20 (séparateur point-virgule, encodage UTF-8).\r\n\
         documents/ : les {inclus} documents joints à vos demandes, rangés par demande.\r\n"
    );
    if !non_incluses.is_empty() {
        texte.push_str(&format!(
            "\r\nCes parties ne vous sont pas ouvertes dans cet espace, et valent null dans donnees.json : {}.\r\n",
            non_incluses.join(", ")
        ));
    }
    if !omis.is_empty() {
        texte.push_str(
            "\r\nCes documents dépassaient la taille de l’archive : téléchargez-les depuis la page de leur demande.\r\n",
        );
        for document in omis {
            texte.push_str(&format!(
                "  demande {} : {} (document {})\r\n",
                document.id_demande, document.nom_fichier, document.id
            ));
        }
    }
    texte
}

/// A table in the form French spreadsheets open without asking: `;` between fields, and a byte
/// order mark so that the accents read as UTF-8.
fn table(entetes: &[&str], lignes: impl Iterator<Item = Vec<String>>) -> anyhow::Result<Vec<u8>> {
    let mut writer = csv::WriterBuilder::new().delimiter(b';').from_writer("\u{feff}".as_bytes().to_vec());
    writer.write_record(entetes)?;
    for ligne in lignes {
        writer.write_record(&ligne)?;
    }
    Ok(writer.into_inner()?)
}

/// A field as a cell: text as it is, a whole number as it is, an amount with two decimals and a
/// decimal comma (« 9,50 »), nothing for null.
fn cellule(valeur: &Value) -> String {
    match valeur {
        Value::Null => String::new(),
        // Text a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
        // return first) is kept as text by a leading apostrophe: a name cannot run a formula.
        Value::String(texte) if texte.starts_with(['=', '+', '-', '@', '\t', '\r']) => format!("'{texte}"),
        Value::String(texte) => texte.clone(),
        Value::Number(nombre) if nombre.is_f64() => {
            format!("{:.2}", nombre.as_f64().unwrap_or_default()).replace('.', ",")
        }
        Value::Number(nombre) => nombre.to_string(),
        Value::Bool(oui) => if *oui { "oui" } else { "non" }.to_owned(),
        autre => autre.to_string(),
    }
}

fn elements<'a>(donnees: &'a Value, partie: &str) -> impl Iterator<Item = &'a Value> {
    donnees["mutuelle"][partie].as_array().into_iter().flatten()
}

/// One row per line of each payment.
fn remboursements(donnees: &Value) -> anyhow::Result<Vec<u8>> {
    let entetes = [
        "Paiement",
        "Date du paiement",
        "Bénéficiaire",
        "Payé à",
        "Date des soins",
        "Acte",
        "Professionnel de santé",
        "Dépense",
        "Base de remboursement",
        "Taux Sécurité sociale",
        "Sécurité sociale",
        "Mutuelle",
        "Reste à charge",
        "Tiers payant",
    ];
    let lignes = elements(donnees, "remboursements").flat_map(|paiement| {
        let beneficiaire = format!(
            "{} {}",
            cellule(&paiement["beneficiaryFirstName"]),
            cellule(&paiement["beneficiaryLastName"])
        );
        paiement["detailRemboursement"].as_array().into_iter().flatten().map(move |ligne| {
            let mut cellules = vec![
                cellule(&paiement["paymentId"]),
                cellule(&paiement["paymentDate"]),
                beneficiaire.clone(),
                cellule(&paiement["nomDestinataire"]),
            ];
            cellules.extend(
                [
                    "startDate",
                    "labelExternalCode",
                    "professionnelSante",
                    "expenseAmount",
                    "baseRemboursement",
                    "tauxSecu",
                    "montantSecu",
                    "refundableAmount",
                    "resteACharge",
                    "tiersPayant",
                ]
                .iter()
                .map(|champ| cellule(&ligne[*champ])),
            );
            cellules
        })
    });
    table(&entetes, lignes)
}

fn demandes(donnees: &Value) -> anyhow::Result<Vec<u8>> {
    let entetes =
        ["Demande", "Créée le", "Type", "Objet", "État", "Mise à jour le", "Pour", "Documents", "Messages"];
    let lignes = elements(donnees, "demandes").map(|demande| {
        let pour = match &demande["beneficiaire"] {
            Value::Null => String::new(),
            beneficiaire => format!("{} {}", cellule(&beneficiaire["prenom"]), cellule(&beneficiaire["nom"])),
        };
        let nombre = |champ: &str| demande[champ].as_array().map_or(0, Vec::len).to_string();
        vec![
            cellule(&demande["id"]),
            cellule(&demande["DateCreation"]),
            cellule(&demande["type"]),
            cellule(&demande["objet"]),
            cellule(&demande["Etat"]),
            cellule(&demande["dateMiseAJour"]),
            pour,
            nombre("documents"),
            nombre("messages"),
        ]
    });
    table(&entetes, lignes)
}

fn beneficiaires(donnees: &Value) -> anyhow::Result<Vec<u8>> {
    let champs =
        ["prenom", "nom", "lien", "dateNaissance", "numeroSecuriteSociale", "caisseAssuranceMaladie"];
    let entetes = ["Prénom", "Nom", "Lien", "Date de naissance", "Numéro de sécurité sociale", "Caisse"];
    let lignes = elements(donnees, "beneficiaires")
        .map(|beneficiaire| champs.iter().map(|champ| cellule(&beneficiaire[*champ])).collect());
    table(&entetes, lignes)
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use serde_json::json;

    use super::*;

    fn donnees() -> Value {
        json!({
            "genereLe": "2026-12-06T10:00:00+01:00",
            "mutuelle": {
                "beneficiaires": [{"prenom": "Marie", "nom": "DUPONT", "lien": "ASSURE", "dateNaissance": "1985-03-02",
                    "numeroSecuriteSociale": "285037511100112", "caisseAssuranceMaladie": "CPAM de Paris"}],
                "remboursements": [{"paymentId": "P1", "paymentDate": "2026-11-30", "beneficiaryFirstName": "Emma",
                    "beneficiaryLastName": "DUPONT", "nomDestinataire": "Marie DUPONT", "detailRemboursement": [
                        {"startDate": "2026-11-20", "labelExternalCode": "Consultation; généraliste", "professionnelSante": "Dr Martin",
                         "expenseAmount": 30.0, "baseRemboursement": 30, "tauxSecu": 70, "montantSecu": 20,
                         "refundableAmount": 9.5, "resteACharge": 0.5, "tiersPayant": false}]}],
                "demandes": [{"id": 12, "DateCreation": "2026-11-02", "type": "Devis", "objet": "Lunettes",
                    "Etat": "TERMINE", "dateMiseAJour": "2026-11-03", "beneficiaire": null,
                    "documents": [{}], "messages": [{}, {}]}],
            },
            "espaceAssure": {"connexions": []},
        })
    }

    fn genere_le() -> chrono::NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 12, 6).unwrap().and_hms_opt(10, 5, 0).unwrap()
    }

    fn entries(bytes: &[u8]) -> zip::ZipArchive<Cursor<&[u8]>> {
        zip::ZipArchive::new(Cursor::new(bytes)).unwrap()
    }

    fn text(archive: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str) -> String {
        let mut text = String::new();
        archive.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn the_archive_holds_the_data_its_schema_the_tables_and_the_documents() {
        let document = Document {
            id: 34,
            id_demande: 12,
            nom_fichier: "devis.pdf".into(),
            contenu: b"%PDF-1.7".to_vec(),
        };
        let bytes = build(&donnees(), &[document], &[], &[], genere_le()).unwrap();
        let mut archive = entries(&bytes);
        let mut names: Vec<String> = archive.file_names().map(|name| name.unwrap().into_owned()).collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "LISEZMOI.txt",
                "documents/demande-12/34-devis.pdf",
                "donnees.json",
                "schema.json",
                "tableaux/beneficiaires.csv",
                "tableaux/demandes.csv",
                "tableaux/remboursements.csv",
            ]
        );
        let json: Value = serde_json::from_str(&text(&mut archive, "donnees.json")).unwrap();
        assert_eq!(json, donnees());
        assert_eq!(text(&mut archive, "documents/demande-12/34-devis.pdf"), "%PDF-1.7");
    }

    #[test]
    fn a_table_has_one_row_per_payment_line_in_the_form_french_spreadsheets_open() {
        let bytes = build(&donnees(), &[], &[], &[], genere_le()).unwrap();
        let remboursements = text(&mut entries(&bytes), "tableaux/remboursements.csv");
        let mut lignes = remboursements.lines();
        assert!(lignes.next().unwrap().starts_with("\u{feff}Paiement;Date du paiement;Bénéficiaire;"));
        assert_eq!(
            lignes.next().unwrap(),
            "P1;2026-11-30;Emma DUPONT;Marie DUPONT;2026-11-20;\"Consultation; généraliste\";Dr Martin;30,00;30;70;20;9,50;0,50;non"
        );
        let demandes = text(&mut entries(&bytes), "tableaux/demandes.csv");
        assert_eq!(demandes.lines().nth(1).unwrap(), "12;2026-11-02;Devis;Lunettes;TERMINE;2026-11-03;;1;2");
    }

    #[test]
    fn text_a_spreadsheet_would_run_as_a_formula_stays_text() {
        let mut donnees = donnees();
        donnees["mutuelle"]["beneficiaires"][0]["prenom"] = json!("=HYPERLINK(\"http://x.example\")");
        donnees["mutuelle"]["beneficiaires"][0]["nom"] = json!("@SUM(A1)");
        let bytes = build(&donnees, &[], &[], &[], genere_le()).unwrap();
        let table = text(&mut entries(&bytes), "tableaux/beneficiaires.csv");
        assert!(
            table.lines().nth(1).unwrap().starts_with("\"'=HYPERLINK(\"\"http://x.example\"\")\";'@SUM(A1);"),
            "{table}"
        );
    }

    #[test]
    fn documents_left_out_are_named_in_the_read_me() {
        let omis = [Omis { id: 35, id_demande: 12, nom_fichier: "radio.png".into() }];
        let bytes = build(&donnees(), &[], &omis, &[], genere_le()).unwrap();
        let lisez_moi = text(&mut entries(&bytes), "LISEZMOI.txt");
        assert!(lisez_moi.contains("téléchargez-les depuis la page de leur demande"), "{lisez_moi}");
        assert!(lisez_moi.contains("demande 12 : radio.png (document 35)"), "{lisez_moi}");
        assert!(lisez_moi.starts_with("Vos données, telles que la mutuelle et votre espace assuré les conservaient le 06/12/2026 à 10 h 05."));
        let date = entries(&bytes).by_name("LISEZMOI.txt").unwrap().last_modified().unwrap();
        assert_eq!((date.year(), date.month(), date.day(), date.hour(), date.minute()), (2026, 12, 6, 10, 5));
    }

    #[test]
    fn a_members_file_name_cannot_leave_its_folder_or_hide() {
        assert_eq!(chemin_document(1, 2, "../../etc/passwd"), "documents/demande-1/2-_.._etc_passwd");
        assert_eq!(chemin_document(1, 2, ".cache"), "documents/demande-1/2-cache");
        assert_eq!(chemin_document(1, 2, "Reçu n°3.pdf"), "documents/demande-1/2-Re_u_n_3.pdf");
        assert_eq!(chemin_document(1, 2, "a\\b/c:d"), "documents/demande-1/2-a_b_c_d");
        assert!(chemin_document(1, 2, &"x".repeat(500)).len() < 120);
    }
}
