//! How the member API lays out its PDFs: A4 pages of titled sections, fields and tables in
//! DejaVu Sans, flowed over as many pages as needed, each with its footer.
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

const FONT_DATA: &[u8] = include_bytes!("DejaVuSans.ttf");

/// What krilla draws with (cheap to clone: it shares the bytes).
static FONT: LazyLock<Font> =
    LazyLock::new(|| Font::new(FONT_DATA.into(), 0).expect("DejaVuSans.ttf is a TrueType font"));

/// What the layout measures with: the same font, read by the library krilla itself uses.
static METRICS: LazyLock<skrifa::FontRef<'static>> =
    LazyLock::new(|| skrifa::FontRef::new(FONT_DATA).expect("DejaVuSans.ttf is a TrueType font"));

// A4 portrait, in PostScript points; krilla puts the origin at the top left, y going down.
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 50.0;
pub(super) const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// Content stops here; the footer sits below.
const CONTENT_BOTTOM: f32 = PAGE_HEIGHT - MARGIN - 20.0;
const BANNER_HEIGHT: f32 = 58.0;
pub(super) const SECTION_GAP: f32 = 14.0;
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
pub(super) const BODY: Style = Style { size: 9.5, bold: false, tone: Tone::Ink };
pub(super) const NOTE: Style = Style { size: 8.0, bold: false, tone: Tone::Muted };

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
pub(super) struct Style {
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
pub(super) struct Column {
    left: f32,
    width: f32,
}

pub(super) const fn column(left: f32, width: f32) -> Column {
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
    pub(super) fn new(column: Column, style: Style, text: &str) -> Self {
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
pub(super) struct Layout {
    pages: Vec<Vec<Mark>>,
    /// Where the next block starts on the last page.
    top: f32,
}

impl Layout {
    pub(super) fn new() -> Self {
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

    pub(super) fn gap(&mut self, height: f32) {
        self.top += height;
    }

    fn rect(&mut self, top: f32, height: f32, tone: Tone) {
        self.marks().push(Mark::Rect { left: MARGIN, top, width: CONTENT_WIDTH, height, tone });
    }

    fn text(&mut self, left: f32, baseline: f32, style: Style, text: &str) {
        self.marks().push(Mark::Text { left: MARGIN + left, baseline, style, text: text.to_owned() });
    }

    /// The title band at the top of the first page.
    pub(super) fn banner(&mut self, title: &str, subtitle: &str) {
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

    pub(super) fn field(&mut self, label: &str, value: &str) {
        let cells = [Cell::new(FIELD_LABEL, LABEL, label), Cell::new(FIELD_VALUE, BODY, value)];
        self.keep(row_height(&cells));
        self.row(&cells);
    }

    pub(super) fn paragraph(&mut self, text: &str, style: Style) {
        let cells = [Cell::new(FULL_WIDTH, style, text)];
        self.keep(row_height(&cells));
        self.row(&cells);
    }

    /// Fields beside a QR code of `text`, captioned, on the right of the content: a card's
    /// identifiers and the code that carries them read side by side, and the card keeps to one
    /// page. Error correction at the medium level: a printed card gets folded and scuffed.
    pub(super) fn fields_beside_code(&mut self, fields: &[(&str, &str)], caption: &str, text: &str) {
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
    pub(super) fn section<const N: usize, S: AsRef<str>>(
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

    pub(super) fn render(self, footer: &str, metadata: Metadata) -> Vec<u8> {
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
    use super::*;

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
}
