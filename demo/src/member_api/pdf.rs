//! The PDF documents the demo member API generates: the guarantees booklet (`/api/assure/livret`),
//! the tiers-payant card (`carte-tp-detail`), the certificates (`assure/attestation`) and the
//! acknowledgement of a termination (`document/creationResiliation`).
//!
//! krilla writes them with DejaVu Sans embedded, subset to the glyphs used (a few kB per
//! document). The standard PDF fonts were rejected: they need a single-byte encoding, which
//! cannot hold every name a member may have, whereas an embedded Unicode font keeps all the text
//! (accents, "€", "œ") extractable by `pdftotext`, search and screen readers.
//!
//! Every text is printed as given: the caller formats dates (dd/MM/yyyy) and amounts. Nothing
//! depends on the clock, so the same input always gives the same bytes.

use std::sync::LazyLock;

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};

/// The guarantees booklet of one contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Livret {
    /// The insurer's name, e.g. "Mutuelle Santé Horizon".
    pub mutuelle: String,
    /// The member as addressed, e.g. "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    pub numero_contrat: String,
    /// The product subscribed, e.g. "Santé Sérénité Niveau 3".
    pub produit: String,
    /// The day the booklet is generated, as printed (dd/MM/yyyy).
    pub date_edition: String,
    /// In reading order; a category without guarantees is left out.
    pub categories: Vec<CategorieGaranties>,
}

/// A group of guarantees: "Soins courants", "Hospitalisation", "Optique", "Dentaire"...
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategorieGaranties {
    pub libelle: String,
    pub garanties: Vec<Garantie>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Garantie {
    /// What is covered, e.g. "Consultations et visites de généralistes".
    pub libelle: String,
    /// How it is reimbursed, e.g. "125 % BRSS" or "150 €/an".
    pub regle: String,
    /// The ceiling, e.g. "300 € par an et par bénéficiaire"; `None` prints a dash.
    pub plafond: Option<String>,
}

/// The tiers-payant card: what a health professional needs to be paid by the insurer directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarteTp {
    pub mutuelle: String,
    /// The member as addressed, e.g. "Mme Marie DUPONT".
    pub adherent: String,
    pub numero_adherent: String,
    /// The insurer's complementary health organisation number (numéro AMC).
    pub numero_amc: String,
    /// The tiers-payant agreement, e.g. "Convention Sesam-Vitale".
    pub type_convention: String,
    /// The routing criterion that sends claims to the right payer (« critère secondaire de
    /// routage », also known as critère d'aiguillage).
    pub critere_aiguillage: String,
    /// First day of validity, as printed (dd/MM/yyyy).
    pub debut_validite: String,
    /// Last day of validity, as printed (dd/MM/yyyy).
    pub fin_validite: String,
    /// What the card's 2D code carries, the same text as the card on screen.
    pub code: String,
    pub beneficiaires: Vec<BeneficiaireCarte>,
    pub domaines: Vec<DomaineSoins>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeneficiaireCarte {
    /// First and last name, e.g. "Marie DUPONT".
    pub nom: String,
    /// As printed (dd/MM/yyyy).
    pub date_naissance: String,
    /// Birth rank, which tells apart twins sharing a Sécurité sociale number.
    pub rang: u8,
}

/// A care domain the card opens to tiers payant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomaineSoins {
    /// The standard code: "PHAR", "LABO", "HOSP", "OPTI", "DENT", "SAGE", "AUDI"...
    pub code: String,
    /// E.g. "Pharmacie".
    pub libelle: String,
    /// E.g. "100 %" or "PEC".
    pub taux: String,
}

/// The guarantees booklet ("Livret de garanties") as a PDF.
pub fn livret(livret: &Livret) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Livret de garanties", &livret.mutuelle);
    layout.field("Adhérent", &livret.adherent);
    layout.field("N° d’adhérent", &livret.numero_adherent);
    layout.field("Produit", &livret.produit);
    layout.field("N° de contrat", &livret.numero_contrat);
    layout.field("Édité le", &livret.date_edition);
    for categorie in &livret.categories {
        let rows: Vec<[&str; 3]> = categorie
            .garanties
            .iter()
            .map(|garantie| {
                [
                    garantie.libelle.as_str(),
                    garantie.regle.as_str(),
                    garantie.plafond.as_deref().unwrap_or("—"),
                ]
            })
            .collect();
        layout.section(
            &categorie.libelle,
            [column(0.0, 215.0), column(225.0, 115.0), column(350.0, CONTENT_WIDTH - 350.0)],
            ["Garantie", "Remboursement", "Plafond"],
            &rows,
        );
    }
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Les taux exprimés en % de la BRSS (base de remboursement de la Sécurité sociale) \
         incluent le remboursement de la Sécurité sociale, dans la limite des frais réels.",
        NOTE,
    );
    layout.render(
        &format!("{} · Livret de garanties édité le {}", livret.mutuelle, livret.date_edition),
        Metadata::new()
            .title(format!("Livret de garanties — {}", livret.adherent))
            .authors(vec![livret.mutuelle.clone()]),
    )
}

/// The tiers-payant card ("Carte de tiers payant") as a PDF, with the labels and the 2D code
/// of the card on screen, so that a professional reads the printed card as the phone's.
pub fn carte_tp(carte: &CarteTp) -> Vec<u8> {
    let validite = format!("du {} au {}", carte.debut_validite, carte.fin_validite);
    let mut layout = Layout::new();
    layout.banner("Carte de tiers payant", &carte.mutuelle);
    layout.fields_beside_code(
        &[
            ("Adhérent", &carte.adherent),
            ("Numéro d’adhérent", &carte.numero_adherent),
            ("Numéro AMC", &carte.numero_amc),
            ("Type de convention", &carte.type_convention),
            ("Critère secondaire de routage", &carte.critere_aiguillage),
            ("Période de validité", &validite),
        ],
        "Code à scanner par votre professionnel de santé",
        &carte.code,
    );
    let beneficiaires: Vec<[String; 3]> = carte
        .beneficiaires
        .iter()
        .map(|beneficiaire| {
            [beneficiaire.nom.clone(), beneficiaire.date_naissance.clone(), beneficiaire.rang.to_string()]
        })
        .collect();
    layout.section(
        "Personnes couvertes",
        [column(0.0, 245.0), column(255.0, 140.0), column(405.0, CONTENT_WIDTH - 405.0)],
        ["Bénéficiaire", "Date de naissance", "Rang"],
        &beneficiaires,
    );
    let domaines: Vec<[&str; 3]> = carte
        .domaines
        .iter()
        .map(|domaine| [domaine.code.as_str(), domaine.libelle.as_str(), domaine.taux.as_str()])
        .collect();
    layout.section(
        "Tiers payant par domaine",
        [column(0.0, 60.0), column(70.0, 245.0), column(325.0, CONTENT_WIDTH - 325.0)],
        ["Code", "Domaine", "Taux"],
        &domaines,
    );
    layout.gap(SECTION_GAP);
    layout.paragraph(
        "Présentez cette carte avec votre carte Vitale au professionnel de santé : dans les \
         domaines et aux taux indiqués, vous n’avancez pas la part prise en charge par votre \
         mutuelle.",
        NOTE,
    );
    layout.render(
        &format!("{} · Carte de tiers payant valable {validite}", carte.mutuelle),
        Metadata::new()
            .title(format!("Carte de tiers payant — {}", carte.adherent))
            .authors(vec![carte.mutuelle.clone()]),
    )
}

/// A certificate: of rights (who is covered, by what, when) or of membership.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attestation {
    pub mutuelle: String,
    /// "Attestation de droits", "Attestation d’adhésion".
    pub titre: &'static str,
    /// What the mutual certifies, in one paragraph.
    pub declaration: String,
    /// Label and value, in reading order.
    pub champs: Vec<(&'static str, String)>,
    pub tableaux: Vec<Tableau>,
    /// As printed (dd/MM/yyyy).
    pub date_edition: String,
}

/// A titled table of three columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tableau {
    pub titre: &'static str,
    pub entetes: [&'static str; 3],
    pub lignes: Vec<[String; 3]>,
}

/// A certificate as a PDF, to hand to a hospital, an employer or a health professional.
pub fn attestation(attestation: &Attestation) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner(attestation.titre, &attestation.mutuelle);
    layout.paragraph(&attestation.declaration, BODY);
    layout.gap(SECTION_GAP);
    for (label, value) in &attestation.champs {
        layout.field(label, value);
    }
    for tableau in &attestation.tableaux {
        layout.section(
            tableau.titre,
            [column(0.0, 180.0), column(190.0, 150.0), column(350.0, CONTENT_WIDTH - 350.0)],
            tableau.entetes,
            &tableau.lignes,
        );
    }
    layout.gap(SECTION_GAP);
    layout.paragraph(
        &format!(
            "Attestation établie le {} pour servir et valoir ce que de droit. Elle ne remplace ni \
             la carte Vitale ni la carte de tiers payant.",
            attestation.date_edition
        ),
        NOTE,
    );
    layout.render(
        &format!("{} · {} éditée le {}", attestation.mutuelle, attestation.titre, attestation.date_edition),
        Metadata::new().title(attestation.titre.to_owned()).authors(vec![attestation.mutuelle.clone()]),
    )
}

/// What the acknowledgement of a termination states (Code de la mutualité, D221-1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccuseResiliation {
    pub mutuelle: String,
    pub numero_demande: String,
    pub adherent: String,
    pub numero_adherent: String,
    /// "IND-2019-00417 — Santé Essentielle".
    pub contrat: String,
    pub motif: String,
    pub date_evenement: String,
    /// "23/11/2026 à 14:05".
    pub notifiee_le: String,
    pub fin_contrat: String,
}

/// The acknowledgement of a termination notice, the durable medium the law asks for.
pub fn accuse_resiliation(accuse: &AccuseResiliation) -> Vec<u8> {
    let mut layout = Layout::new();
    layout.banner("Accusé de réception de votre demande de résiliation", &accuse.mutuelle);
    layout.paragraph(
        &format!(
            "Votre mutuelle a bien reçu, le {}, la notification de la résiliation de votre contrat.",
            accuse.notifiee_le
        ),
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.field("Demande n°", &accuse.numero_demande);
    layout.field("Adhérent", &accuse.adherent);
    layout.field("N° d’adhérent", &accuse.numero_adherent);
    layout.field("Contrat", &accuse.contrat);
    layout.field("Risque couvert", "Frais de santé (complémentaire santé)");
    layout.field("Motif", &accuse.motif);
    layout.field("Date de l’événement", &accuse.date_evenement);
    layout.field("Notification reçue le", &accuse.notifiee_le);
    layout.field("Fin du contrat le", &accuse.fin_contrat);
    layout.gap(SECTION_GAP);
    layout.paragraph(
        &format!(
            "À compter du {fin}, vos garanties et celles des personnes couvertes par ce contrat \
             cessent, et votre carte de tiers payant ne peut plus être présentée : détruisez-la. \
             Les soins reçus jusqu’à cette date restent remboursés. La part de cotisation payée \
             pour la période postérieure à la fin du contrat vous est remboursée dans un délai \
             de trente jours (article L221-10-3 du Code de la mutualité).",
            fin = accuse.fin_contrat
        ),
        BODY,
    );
    layout.gap(SECTION_GAP);
    layout.paragraph("Conservez ce document : il prouve la date de votre demande.", NOTE);
    layout.render(
        &format!("{} · Accusé de réception de la demande n° {}", accuse.mutuelle, accuse.numero_demande),
        Metadata::new()
            .title(format!("Accusé de réception de résiliation — {}", accuse.adherent))
            .authors(vec![accuse.mutuelle.clone()]),
    )
}

const FONT_DATA: &[u8] = include_bytes!("data/DejaVuSans.ttf");

/// What krilla draws with (cheap to clone: it shares the bytes).
static FONT: LazyLock<Font> =
    LazyLock::new(|| Font::new(FONT_DATA.into(), 0).expect("data/DejaVuSans.ttf is a TrueType font"));

/// What the layout measures with: the same font, read by the library krilla itself uses.
static METRICS: LazyLock<skrifa::FontRef<'static>> =
    LazyLock::new(|| skrifa::FontRef::new(FONT_DATA).expect("data/DejaVuSans.ttf is a TrueType font"));

// A4 portrait, in PostScript points; krilla puts the origin at the top left, y going down.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 50.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// Content stops here; the footer sits below.
const CONTENT_BOTTOM: f32 = PAGE_HEIGHT - MARGIN - 20.0;
const BANNER_HEIGHT: f32 = 58.0;
const SECTION_GAP: f32 = 14.0;
const ROW_PADDING: f32 = 4.0;
/// A QR code's module: 3 points (1.06 mm), about 8 pixels when scanned or rendered at 200 dpi.
const CODE_MODULE: f32 = 3.0;
/// The blank margin a QR code reader needs around the code, in modules.
const CODE_QUIET_ZONE: i32 = 4;

const TITLE: Style = Style { size: 20.0, bold: true, tone: Tone::Paper };
const SUBTITLE: Style = Style { size: 11.0, bold: false, tone: Tone::Paper };
const HEADING: Style = Style { size: 13.0, bold: true, tone: Tone::Accent };
const COLUMN_HEADER: Style = Style { size: 8.5, bold: true, tone: Tone::Muted };
const LABEL: Style = Style { size: 9.5, bold: false, tone: Tone::Muted };
const BODY: Style = Style { size: 9.5, bold: false, tone: Tone::Ink };
const NOTE: Style = Style { size: 8.0, bold: false, tone: Tone::Muted };

#[derive(Debug, Clone, Copy)]
enum Tone {
    Ink,
    Muted,
    Accent,
    Paper,
    Hairline,
}

impl Tone {
    fn color(self) -> rgb::Color {
        match self {
            Tone::Ink => rgb::Color::new(0x1d, 0x1f, 0x23),
            Tone::Muted => rgb::Color::new(0x5b, 0x61, 0x6b),
            Tone::Accent => rgb::Color::new(0x1f, 0x3a, 0x68),
            Tone::Paper => rgb::Color::new(0xff, 0xff, 0xff),
            Tone::Hairline => rgb::Color::new(0xd3, 0xd7, 0xdd),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Style {
    size: f32,
    /// One font file only: bold is drawn by also stroking the glyph outlines, which keeps the
    /// text a single extractable run.
    bold: bool,
    tone: Tone,
}

impl Style {
    fn line_height(self) -> f32 {
        self.size * 1.3
    }
}

/// A horizontal slot, from the left margin.
#[derive(Debug, Clone, Copy)]
struct Column {
    left: f32,
    width: f32,
}

const fn column(left: f32, width: f32) -> Column {
    Column { left, width }
}

const FULL_WIDTH: Column = column(0.0, CONTENT_WIDTH);
const FIELD_LABEL: Column = column(0.0, 160.0);
const FIELD_VALUE: Column = column(170.0, CONTENT_WIDTH - 170.0);
/** Between a field's value and what stands on its right. */
const FIELD_GAP: f32 = 10.0;

/// Something placed on a page, in page coordinates.
#[derive(Debug)]
enum Mark {
    Text {
        left: f32,
        baseline: f32,
        style: Style,
        text: String,
    },
    Rect {
        left: f32,
        top: f32,
        width: f32,
        height: f32,
        tone: Tone,
    },
    /// A 2D code: its dark modules, each a square of `module` points from (`left`, `top`).
    Modules {
        left: f32,
        top: f32,
        module: f32,
        dark: Vec<(u16, u16)>,
    },
}

/// Text wrapped into its column, ready to place.
struct Cell {
    column: Column,
    style: Style,
    lines: Vec<String>,
}

impl Cell {
    fn new(column: Column, style: Style, text: &str) -> Self {
        Self { column, style, lines: wrap(text, style.size, column.width) }
    }
}

fn row_height(cells: &[Cell]) -> f32 {
    let tallest = cells.iter().map(|cell| cell.lines.len() as f32 * cell.style.line_height());
    tallest.fold(0.0, f32::max) + ROW_PADDING
}

/// Flows blocks top to bottom over as many A4 pages as needed, then renders them. Laying out
/// first and drawing afterwards lets the footer say "page 1/3" and keeps krilla's borrowed page
/// and surface out of the layout logic.
struct Layout {
    pages: Vec<Vec<Mark>>,
    /// Where the next block starts on the last page.
    top: f32,
}

impl Layout {
    fn new() -> Self {
        Self { pages: vec![Vec::new()], top: MARGIN }
    }

    fn marks(&mut self) -> &mut Vec<Mark> {
        self.pages.last_mut().expect("a layout starts with a page")
    }

    fn fits(&self, height: f32) -> bool {
        self.top + height <= CONTENT_BOTTOM
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.top = MARGIN;
    }

    /// Starts a new page unless `height` still fits on this one.
    fn keep(&mut self, height: f32) {
        if !self.fits(height) {
            self.new_page();
        }
    }

    fn gap(&mut self, height: f32) {
        self.top += height;
    }

    fn rect(&mut self, top: f32, height: f32, tone: Tone) {
        self.marks().push(Mark::Rect { left: MARGIN, top, width: CONTENT_WIDTH, height, tone });
    }

    fn text(&mut self, left: f32, baseline: f32, style: Style, text: &str) {
        self.marks().push(Mark::Text { left: MARGIN + left, baseline, style, text: text.to_owned() });
    }

    /// The title band at the top of the first page.
    fn banner(&mut self, title: &str, subtitle: &str) {
        let top = self.top;
        self.rect(top, BANNER_HEIGHT, Tone::Accent);
        self.text(14.0, top + 27.0, TITLE, title);
        self.text(14.0, top + 46.0, SUBTITLE, subtitle);
        self.gap(BANNER_HEIGHT + SECTION_GAP);
    }

    /// Places cells side by side, each wrapped in its column; the caller has made room.
    fn row(&mut self, cells: &[Cell]) {
        let top = self.top;
        for cell in cells {
            for (index, line) in cell.lines.iter().enumerate() {
                let baseline = top + index as f32 * cell.style.line_height() + cell.style.size;
                self.text(cell.column.left, baseline, cell.style, line);
            }
        }
        self.gap(row_height(cells));
    }

    fn field(&mut self, label: &str, value: &str) {
        let cells = [Cell::new(FIELD_LABEL, LABEL, label), Cell::new(FIELD_VALUE, BODY, value)];
        self.keep(row_height(&cells));
        self.row(&cells);
    }

    fn paragraph(&mut self, text: &str, style: Style) {
        let cells = [Cell::new(FULL_WIDTH, style, text)];
        self.keep(row_height(&cells));
        self.row(&cells);
    }

    /// Fields beside a QR code of `text`, captioned, on the right of the content: a card's
    /// identifiers and the code that carries them read side by side, and the card keeps to one
    /// page. Error correction at the medium level: a printed card gets folded and scuffed.
    fn fields_beside_code(&mut self, fields: &[(&str, &str)], caption: &str, text: &str) {
        let Ok(code) = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium) else {
            fields.iter().for_each(|(label, value)| self.field(label, value));
            return;
        };
        let size = code.size();
        let side = CODE_MODULE * (size + 2 * CODE_QUIET_ZONE) as f32;
        let code_left = CONTENT_WIDTH - side;
        let caption = Cell::new(column(code_left, side), NOTE, caption);
        let top = self.top;
        let code_bottom = top + side + row_height(std::slice::from_ref(&caption));
        self.keep(code_bottom - top);
        let top = self.top;
        let values = column(FIELD_VALUE.left, code_left - FIELD_VALUE.left - FIELD_GAP);
        for (label, value) in fields {
            self.row(&[Cell::new(FIELD_LABEL, LABEL, label), Cell::new(values, BODY, value)]);
        }
        let fields_bottom = self.top;
        let (left, quiet) = (MARGIN + code_left, CODE_MODULE * CODE_QUIET_ZONE as f32);
        self.marks().push(Mark::Rect { left, top, width: side, height: side, tone: Tone::Paper });
        let dark = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .filter(|&(x, y)| code.get_module(x, y))
            .map(|(x, y)| (u16::try_from(x).unwrap_or(u16::MAX), u16::try_from(y).unwrap_or(u16::MAX)))
            .collect();
        self.marks().push(Mark::Modules { left: left + quiet, top: top + quiet, module: CODE_MODULE, dark });
        self.top = top + side;
        self.row(&[caption]);
        self.top = self.top.max(fields_bottom);
    }

    fn rule(&mut self, tone: Tone) {
        let top = self.top;
        self.rect(top, 0.6, tone);
        self.gap(ROW_PADDING);
    }

    /// A heading over a table; nothing at all when there are no rows. The heading never ends a
    /// page alone, and the column headers are repeated on every page the table spans.
    fn section<const N: usize, S: AsRef<str>>(
        &mut self,
        title: &str,
        columns: [Column; N],
        header: [&str; N],
        rows: &[[S; N]],
    ) {
        let cells_of = |style: Style, texts: [&str; N]| {
            columns
                .iter()
                .zip(texts)
                .map(|(column, text)| Cell::new(*column, style, text))
                .collect::<Vec<_>>()
        };
        let header = cells_of(COLUMN_HEADER, header);
        let mut rows = rows.iter().map(|row| cells_of(BODY, row.each_ref().map(AsRef::as_ref)));
        let Some(first) = rows.next() else { return };
        let heading = [Cell::new(FULL_WIDTH, HEADING, title)];

        self.gap(SECTION_GAP);
        self.keep(row_height(&heading) + row_height(&header) + row_height(&first) + 2.0 * ROW_PADDING);
        self.row(&heading);
        self.row(&header);
        self.rule(Tone::Accent);
        for cells in std::iter::once(first).chain(rows) {
            if !self.fits(row_height(&cells)) {
                self.new_page();
                self.row(&header);
                self.rule(Tone::Accent);
            }
            self.row(&cells);
            self.rule(Tone::Hairline);
        }
    }

    fn render(self, footer: &str, metadata: Metadata) -> Vec<u8> {
        let total = self.pages.len();
        let mut document = Document::new();
        document.set_metadata(metadata.language("fr-FR".to_owned()));
        for (index, marks) in self.pages.iter().enumerate() {
            let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).expect("A4 is a valid page size");
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            let number = format!("Page {}/{total}", index + 1);
            let footer_baseline = PAGE_HEIGHT - MARGIN;
            let footer_marks = [
                Mark::Text { left: MARGIN, baseline: footer_baseline, style: NOTE, text: footer.to_owned() },
                Mark::Text {
                    left: PAGE_WIDTH - MARGIN - text_width(&number, NOTE.size),
                    baseline: footer_baseline,
                    style: NOTE,
                    text: number,
                },
            ];
            for mark in marks.iter().chain(&footer_marks) {
                draw(&mut surface, mark);
            }
            surface.finish();
            page.finish();
        }
        // With the default settings krilla fails only on a font it cannot embed, and the one
        // font is fixed and exercised by the tests.
        document.finish().expect("krilla embeds DejaVu Sans")
    }
}

fn draw(surface: &mut krilla::surface::Surface, mark: &Mark) {
    match mark {
        Mark::Text { left, baseline, style, text } => {
            let paint = style.tone.color();
            surface.set_fill(Some(Fill { paint: paint.into(), ..Fill::default() }));
            surface.set_stroke(style.bold.then(|| Stroke {
                paint: paint.into(),
                width: style.size * 0.04,
                ..Stroke::default()
            }));
            surface.draw_text(
                Point::from_xy(*left, *baseline),
                FONT.clone(),
                style.size,
                text,
                false,
                TextDirection::Auto,
            );
        }
        Mark::Rect { left, top, width, height, tone } => {
            fill_rects(surface, [(*left, *top, *width, *height)], *tone);
        }
        Mark::Modules { left, top, module, dark } => {
            let squares = dark
                .iter()
                .map(|&(x, y)| (left + f32::from(x) * module, top + f32::from(y) * module, *module, *module));
            fill_rects(surface, squares, Tone::Ink);
        }
    }
}

/// Fills the rectangles (left, top, width, height) as one path in `tone`.
fn fill_rects(
    surface: &mut krilla::surface::Surface,
    rects: impl IntoIterator<Item = (f32, f32, f32, f32)>,
    tone: Tone,
) {
    let mut builder = PathBuilder::new();
    for (left, top, width, height) in rects {
        if let Some(rect) = Rect::from_xywh(left, top, width, height) {
            builder.push_rect(rect);
        }
    }
    let Some(path) = builder.finish() else { return };
    surface.set_fill(Some(Fill { paint: tone.color().into(), ..Fill::default() }));
    surface.set_stroke(None);
    surface.draw_path(&path);
}

/// The advance width of `text` set in the embedded font at `size` points (kerning ignored:
/// columns keep a gap wider than any kerning adjustment).
fn text_width(text: &str, size: f32) -> f32 {
    let charmap = METRICS.charmap();
    let metrics = METRICS.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars().filter_map(|c| charmap.map(c)).filter_map(|glyph| metrics.advance_width(glyph)).sum()
}

/// Breaks `text` into lines no wider than `width`, at ordinary spaces only, so that the
/// non-breaking spaces of French typography ("125 %") hold. A single word wider than the column
/// keeps a line of its own rather than being cut.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|word| !word.is_empty()) {
        if line.is_empty() {
            line.push_str(word);
        } else if text_width(&format!("{line} {word}"), size) <= width {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use std::io::ErrorKind;
    use std::process::Command;

    use super::*;

    fn garantie(libelle: &str, regle: &str, plafond: Option<&str>) -> Garantie {
        Garantie { libelle: libelle.into(), regle: regle.into(), plafond: plafond.map(Into::into) }
    }

    fn categorie(libelle: &str, garanties: Vec<Garantie>) -> CategorieGaranties {
        CategorieGaranties { libelle: libelle.into(), garanties }
    }

    fn marie_livret() -> Livret {
        Livret {
            mutuelle: "Mutuelle Santé Horizon".into(),
            adherent: "Mme Marie DUPONT".into(),
            numero_adherent: "100001".into(),
            numero_contrat: "IND-2021-004512".into(),
            produit: "Santé Sérénité Niveau 3".into(),
            date_edition: "15/03/2026".into(),
            categories: vec![
                categorie(
                    "Soins courants",
                    vec![
                        garantie("Consultations et visites de généralistes", "125 % BRSS", None),
                        garantie("Pharmacie remboursée à 65 %", "100 % BRSS", None),
                    ],
                ),
                categorie(
                    "Hospitalisation",
                    vec![
                        garantie("Frais de séjour", "100 % des frais réels", None),
                        garantie("Chambre particulière", "60 €/jour", Some("60 jours par an")),
                    ],
                ),
                categorie(
                    "Optique",
                    vec![garantie("Monture et verres", "150 €/an", Some("1 équipement tous les 2 ans"))],
                ),
                categorie(
                    "Dentaire",
                    vec![garantie("Prothèses dentaires", "300 % BRSS", Some("1 500 €/an"))],
                ),
                categorie("Aides auditives", vec![]),
                categorie(
                    "Prévention",
                    vec![garantie("Vaccins non remboursés", "50 €/an", Some("par bénéficiaire"))],
                ),
            ],
        }
    }

    fn marie_carte() -> CarteTp {
        let domaine = |code: &str, libelle: &str, taux: &str| DomaineSoins {
            code: code.into(),
            libelle: libelle.into(),
            taux: taux.into(),
        };
        let beneficiaire = |nom: &str, date_naissance: &str, rang| BeneficiaireCarte {
            nom: nom.into(),
            date_naissance: date_naissance.into(),
            rang,
        };
        CarteTp {
            mutuelle: "Mutuelle Santé Horizon".into(),
            adherent: "Mme Marie DUPONT".into(),
            numero_adherent: "100001".into(),
            numero_amc: "75123456".into(),
            type_convention: "Convention Sesam-Vitale".into(),
            critere_aiguillage: "DRE 75123456".into(),
            debut_validite: "01/01/2026".into(),
            fin_validite: "31/12/2026".into(),
            code: "AMC:75123456\nCONV:Convention Sesam-Vitale\nAIG:DRE 75123456\nADH:100001\nVAL:20260101-20261231"
                .into(),
            beneficiaires: vec![
                beneficiaire("Marie DUPONT", "12/04/1984", 1),
                beneficiaire("Lucas DUPONT", "03/09/2015", 1),
                beneficiaire("Chloé DUPONT", "03/09/2015", 2),
            ],
            domaines: vec![
                domaine("PHAR", "Pharmacie", "100 %"),
                domaine("LABO", "Analyses et laboratoires", "100 %"),
                domaine("HOSP", "Hospitalisation", "PEC"),
                domaine("OPTI", "Optique", "100 % + 150 €"),
                domaine("DENT", "Dentaire", "300 %"),
                domaine("SAGE", "Sages-femmes", "100 %"),
                domaine("AUDI", "Aides auditives", "PEC"),
            ],
        }
    }

    /// The text `pdftotext` (poppler-utils) extracts, or `None` when it is not installed.
    fn extracted_text(pdf: &[u8]) -> Option<String> {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), pdf).unwrap();
        let output =
            match Command::new("pdftotext").args(["-enc", "UTF-8"]).arg(file.path()).arg("-").output() {
                Err(error) if error.kind() == ErrorKind::NotFound => {
                    eprintln!("pdftotext not found (install poppler-utils): text extraction not checked");
                    return None;
                }
                output => output.unwrap(),
            };
        assert!(output.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&output.stderr));
        Some(String::from_utf8(output.stdout).unwrap())
    }

    fn assert_contains_all(text: &str, expected: &[&str]) {
        for needle in expected {
            assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
        }
    }

    #[test]
    fn livret_is_a_pdf() {
        assert!(livret(&marie_livret()).starts_with(b"%PDF-"));
    }

    #[test]
    fn carte_tp_is_a_pdf() {
        assert!(carte_tp(&marie_carte()).starts_with(b"%PDF-"));
    }

    #[test]
    fn livret_text_is_extractable_with_accents_and_euro() {
        let Some(text) = extracted_text(&livret(&marie_livret())) else { return };
        assert_contains_all(
            &text,
            &[
                "Livret de garanties",
                "Mutuelle Santé Horizon",
                "Marie DUPONT",
                "100001",
                "IND-2021-004512",
                "Santé Sérénité Niveau 3",
                "Hospitalisation",
                "Prévention",
                "Consultations et visites de généralistes",
                "125 % BRSS",
                "150 €/an",
                "1 équipement tous les 2 ans",
                "15/03/2026",
                "Page 1/1",
            ],
        );
    }

    #[test]
    fn livret_leaves_out_empty_categories() {
        let Some(text) = extracted_text(&livret(&marie_livret())) else { return };
        assert!(!text.contains("Aides auditives"), "{text}");
    }

    #[test]
    fn carte_tp_text_is_extractable_with_accents_and_euro() {
        let Some(text) = extracted_text(&carte_tp(&marie_carte())) else { return };
        assert_contains_all(
            &text,
            &[
                "Carte de tiers payant",
                "Marie DUPONT",
                "Chloé DUPONT",
                "Critère secondaire de routage",
                "Numéro d’adhérent",
                "Personnes couvertes",
                "Tiers payant par domaine",
                // The code's caption, wrapped to the code's width.
                "Code à scanner par votre",
                "professionnel de santé",
                "Page 1/1",
                "DRE 75123456",
                "75123456",
                "Convention Sesam-Vitale",
                "du 01/01/2026 au 31/12/2026",
                "Date de naissance",
                "03/09/2015",
                "PHAR",
                "LABO",
                "HOSP",
                "OPTI",
                "DENT",
                "SAGE",
                "AUDI",
                "PEC",
                "100 % + 150 €",
            ],
        );
    }

    /// What a QR code reader (zbarimg, from zbar-tools) reads on the first page of `pdf`
    /// rendered at 200 dpi (pdftoppm, from poppler-utils), as a scanner sees the printed card.
    fn scanned(pdf: &[u8]) -> String {
        let folder = tempfile::tempdir().unwrap();
        let document = folder.path().join("carte.pdf");
        std::fs::write(&document, pdf).unwrap();
        let image = folder.path().join("page");
        let rendered = std::process::Command::new("pdftoppm")
            .args(["-r", "200", "-png", "-singlefile", "-f", "1"])
            .arg(&document)
            .arg(&image)
            .status()
            .expect("pdftoppm (poppler-utils) renders the PDF");
        assert!(rendered.success());
        let read = std::process::Command::new("zbarimg")
            .args(["--raw", "-q", "-Sdisable", "-Sqrcode.enable"])
            .arg(image.with_extension("png"))
            .output()
            .expect("zbarimg (zbar-tools) reads the code");
        assert!(read.status.success(), "no code found: {}", String::from_utf8_lossy(&read.stderr));
        String::from_utf8(read.stdout).unwrap().trim_end_matches('\n').to_owned()
    }

    #[test]
    fn the_printed_card_carries_the_code_of_the_card_on_screen() {
        let carte = marie_carte();
        assert_eq!(scanned(&carte_tp(&carte)), carte.code);
    }

    fn marie_accuse() -> AccuseResiliation {
        AccuseResiliation {
            mutuelle: "Mutuelle Santé Horizon".into(),
            numero_demande: "12".into(),
            adherent: "Marie DUPONT".into(),
            numero_adherent: "100001".into(),
            contrat: "IND-2021-004512 — Santé Sérénité Niveau 3".into(),
            motif: "Résiliation à tout moment après un an d’adhésion".into(),
            date_evenement: "23/11/2026".into(),
            notifiee_le: "23/11/2026 à 14:05".into(),
            fin_contrat: "23/12/2026".into(),
        }
    }

    #[test]
    fn the_acknowledgement_of_a_termination_names_the_contract_the_dates_and_the_effects() {
        let pdf = accuse_resiliation(&marie_accuse());
        assert!(pdf.starts_with(b"%PDF-"));
        let Some(text) = extracted_text(&pdf) else { return };
        assert_contains_all(
            &text,
            &[
                "Accusé de réception de votre demande de résiliation",
                "IND-2021-004512",
                "Santé Sérénité Niveau 3",
                "Frais de santé",
                "23/11/2026 à 14:05",
                "Fin du contrat le",
                "23/12/2026",
                "trente jours",
                "L221-10-3",
            ],
        );
    }

    #[test]
    fn long_livret_flows_onto_further_pages() {
        let mut long = marie_livret();
        long.categories = (1..=8)
            .map(|number| {
                let lines = (1..=12)
                    .map(|line| garantie(&format!("Acte {number}.{line} remboursé"), "100 % BRSS", None))
                    .collect();
                categorie(&format!("Catégorie {number}"), lines)
            })
            .collect();
        let Some(text) = extracted_text(&livret(&long)) else { return };
        assert_contains_all(&text, &["Acte 1.1 remboursé", "Acte 8.12 remboursé", "Page 1/4", "Page 4/4"]);
    }

    #[test]
    fn long_labels_wrap_within_their_column() {
        let label = "Dépassements d’honoraires des médecins adhérents à un dispositif de pratique \
                     tarifaire maîtrisée, en secteur ambulatoire comme à l’hôpital";
        let lines = wrap(label, BODY.size, 245.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|line| text_width(line, BODY.size) <= 245.0));
        assert_eq!(lines.join(" "), label);
    }

    #[test]
    fn non_breaking_spaces_hold_rule_and_amount_together() {
        let lines =
            wrap("remboursement à 125\u{a0}% BRSS", BODY.size, text_width("remboursement à 125", BODY.size));
        assert!(lines.iter().any(|line| line.contains("125\u{a0}%")), "{lines:?}");
    }

    #[test]
    fn the_same_input_gives_the_same_bytes() {
        assert_eq!(livret(&marie_livret()), livret(&marie_livret()));
        assert_eq!(carte_tp(&marie_carte()), carte_tp(&marie_carte()));
    }

    #[test]
    fn documents_embed_only_the_glyphs_they_use() {
        for pdf in [livret(&marie_livret()), carte_tp(&marie_carte())] {
            assert!(pdf.len() < 64 * 1024, "{} bytes", pdf.len());
        }
    }
}
