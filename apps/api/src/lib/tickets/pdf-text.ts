import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Font, Glyph } from 'fontkit';
import { bidiRuns, type Direction, hasRightToLeftLetters, reverseForDisplay } from './bidi-text';
import { woffToSfnt } from './woff';

/**
 * Text on a PDF page in English and Arabic: one face per character (Nunito for Latin and
 * Cyrillic, Noto Sans Arabic for Arabic, as the web app), bidirectional order per line, word
 * wrapping, and an ActualText span per line so copying or reading the page aloud yields the
 * logical text rather than the glyphs' visual order.
 */

export type Weight = 'regular' | 'bold';

export interface TextStyle {
  weight: Weight;
  size: number;
  color: string;
}

interface Face {
  /** The name the face is known by in a document. */
  name: string;
  /** The font as a plain TrueType file (see woff.ts). */
  data: Buffer;
  /** Parsed once per process and shared by every document (see `embedFace`). */
  font: Font;
  /** Runs of text already shaped in this face (see `shapedRun`). */
  runs: Map<string, ShapedRun>;
  /** Font programs already encoded, by the glyphs they hold (see `embedFace`). */
  subsets: Map<string, Uint8Array>;
}

interface ShapedRun {
  glyphs: Glyph[];
  positions: Array<
    Record<'xAdvance' | 'yAdvance' | 'xOffset' | 'yOffset' | 'advanceWidth', number>
  >;
  /** In 1000ths of the font size. */
  advanceWidth: number;
}

// Resolved from node_modules at run time (from src/ in development and tests, from dist/ once
// bundled): the fontsource packages ship each script's subset as its own WOFF file.
const resolveFrom = createRequire(import.meta.url);
const WEIGHTS: Record<Weight, { latin: number; arabic: number }> = {
  regular: { latin: 400, arabic: 400 },
  bold: { latin: 800, arabic: 700 },
};
const LATIN_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];

let faces: Record<Weight, { arabic: Face; latin: Face[] }> | undefined;

function openFace(name: string, specifier: string): Face {
  const data = woffToSfnt(readFileSync(resolveFrom.resolve(specifier)));
  const font = fontkit.create(data);
  if (!('glyphForCodePoint' in font)) throw new Error(`${specifier} is a font collection`);
  return { name, data, font, runs: new Map(), subsets: new Map() };
}

function loadFaces() {
  faces ??= Object.fromEntries(
    (Object.keys(WEIGHTS) as Weight[]).map((weight) => {
      const { latin, arabic } = WEIGHTS[weight];
      return [
        weight,
        {
          arabic: openFace(
            `arabic-${weight}`,
            `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${arabic}-normal.woff`,
          ),
          latin: LATIN_SUBSETS.map((subset) =>
            openFace(
              `${subset}-${weight}`,
              `@fontsource/nunito/files/nunito-${subset}-${latin}-normal.woff`,
            ),
          ),
        },
      ];
    }),
  ) as Record<Weight, { arabic: Face; latin: Face[] }>;
  return faces;
}

/**
 * Without explicit features pdfkit lays text out word by word, and fontkit then reverses each
 * Arabic word on its own: the words come out left to right. An (empty) feature list makes it
 * shape the whole run at once; the script's default features still apply.
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

/** How many shaped runs each face remembers (ticket labels, names and titles repeat). */
const RUNS_KEPT = 10_000;
/** How many encoded subsets each face keeps (a few kilobytes each). */
const SUBSETS_KEPT = 500;

/**
 * `text` shaped as one run in `face`, scaled to pdfkit's 1000-unit em as pdfkit's own layout
 * does. Shaping (Arabic joining, kerning) is most of a page's cost and pdfkit neither caches runs
 * laid out with explicit features nor shares them between documents, so runs are kept per face
 * and process. Nothing writes to a run once made (pdfkit only reads positions when drawing).
 */
function shapedRun(face: Face, text: string): ShapedRun {
  let run = face.runs.get(text);
  if (!run) {
    const shaped = face.font.layout(text, WHOLE_RUN.features);
    const scale = 1000 / face.font.unitsPerEm;
    const positions = shaped.positions.map((position, index) => ({
      xAdvance: position.xAdvance * scale,
      yAdvance: position.yAdvance * scale,
      xOffset: position.xOffset * scale,
      yOffset: position.yOffset * scale,
      advanceWidth: (shaped.glyphs[index]?.advanceWidth ?? 0) * scale,
    }));
    run = {
      glyphs: shaped.glyphs,
      positions,
      advanceWidth: positions.reduce((sum, position) => sum + position.xAdvance, 0),
    };
    if (face.runs.size >= RUNS_KEPT) face.runs.clear();
    face.runs.set(text, run);
  }
  return run;
}

/**
 * Adds `face` to `doc` as pdfkit's font made from the face's shared fontkit font, laying text
 * out through `shapedRun`. Registering the font file instead makes pdfkit parse it again for
 * every document, with cold caches. pdfkit does not export its embedded-font class, so it is
 * taken from a font it opens once in a scratch document; each document then finds the face under
 * its name in its own font table (pdfkit 0.17, pinned exactly in package.json). Each document
 * keeps its own subset of the glyphs it uses, as before.
 */
interface EmbeddedFont {
  layoutRun(text: string, features?: unknown): ShapedRun;
  subset: { glyphs: number[]; encode(): Uint8Array };
}
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: Font, id: string) => EmbeddedFont;
interface DocumentFonts {
  _font: object;
  _fontFamilies: Record<string, EmbeddedFont>;
  _fontCount: number;
}
let embeddedFontClass: EmbeddedFontClass | undefined;

function embedFace(doc: PDFKit.PDFDocument, face: Face): void {
  embeddedFontClass ??= (
    new PDFDocument({ autoFirstPage: false }).font(face.data) as unknown as DocumentFonts
  )._font.constructor as EmbeddedFontClass;
  const fonts = doc as unknown as DocumentFonts;
  const embedded = new embeddedFontClass(doc, face.font, `F${++fonts._fontCount}`);
  embedded.layoutRun = (text) => shapedRun(face, text);
  const { subset } = embedded;
  const encode = subset.encode.bind(subset);
  // The same glyphs taken in the same order encode to the same font program: tickets of one
  // event share most of theirs (labels, title, venue), so encoded subsets are kept too.
  subset.encode = () => {
    const key = subset.glyphs.join(',');
    let program = face.subsets.get(key);
    if (!program) {
      program = encode();
      if (face.subsets.size >= SUBSETS_KEPT) face.subsets.clear();
      face.subsets.set(key, program);
    }
    return program;
  };
  fonts._fontFamilies[face.name] = embedded;
}

const isArabicScript = (code: number) =>
  (code >= 0x0600 && code <= 0x06ff) ||
  (code >= 0x0750 && code <= 0x077f) ||
  (code >= 0x08a0 && code <= 0x08ff) ||
  (code >= 0xfb50 && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfeff);

const isNeutral = (char: string) => !/[\p{L}\p{N}\p{M}]/u.test(char);

interface Segment {
  text: string;
  face: Face;
}

/** Splits logical text into stretches of one face each. */
function splitByFace(text: string, weight: Weight): Segment[] {
  const { arabic, latin } = loadFaces()[weight];
  const segments: Segment[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const previous = segments[segments.length - 1];
    const chain = isArabicScript(code) ? [arabic, ...latin] : [...latin, arabic];
    // Spaces and punctuation stay in the face around them when it has them, so Arabic words
    // and their spaces shape as one run.
    const face =
      previous && isNeutral(char) && previous.face.font.hasGlyphForCodePoint(code)
        ? previous.face
        : (chain.find((candidate) => candidate.font.hasGlyphForCodePoint(code)) ?? chain[0]);
    if (!face) continue;
    if (previous && previous.face === face) previous.text += char;
    else segments.push({ text: char, face });
  }
  return segments;
}

/** Lines already split into drawable pieces, by direction, weight and text (see `pieces`). */
const linePieces = new Map<string, Segment[]>();

export class PdfText {
  private readonly registered = new Set<string>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly direction: Direction,
    private readonly language: string,
  ) {}

  private use(face: Face, style: TextStyle) {
    if (!this.registered.has(face.name)) {
      embedFace(this.doc, face);
      this.registered.add(face.name);
    }
    this.doc.font(face.name).fontSize(style.size);
  }

  private pieceWidth(piece: Segment, style: TextStyle): number {
    return (shapedRun(piece.face, piece.text).advanceWidth * style.size) / 1000;
  }

  /** The line's drawable pieces, left to right. */
  private pieces(line: string, weight: Weight): Segment[] {
    // Wrapping measures every growing prefix of a line: the bidi analysis is remembered.
    const key = `${this.direction} ${weight} ${line}`;
    let found = linePieces.get(key);
    if (!found) {
      found = bidiRuns(line, this.direction).flatMap((run) => {
        const segments = splitByFace(run.text, weight);
        if (run.level % 2 === 0) return segments;
        // Right to left: the font engine reverses stretches with Arabic letters itself.
        return segments
          .reverse()
          .map((segment) =>
            hasRightToLeftLetters(segment.text)
              ? segment
              : { ...segment, text: reverseForDisplay(segment.text) },
          );
      });
      if (linePieces.size >= RUNS_KEPT) linePieces.clear();
      linePieces.set(key, found);
    }
    return found;
  }

  width(line: string, style: TextStyle): number {
    return this.pieces(line, style.weight).reduce(
      (sum, piece) => sum + this.pieceWidth(piece, style),
      0,
    );
  }

  /** Logical lines of at most `width`, breaking at spaces (or inside a word too long for one line). */
  wrap(text: string, style: TextStyle, width: number, maxLines = Infinity): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = '';
      for (const char of word) {
        if (current && this.width(current + char, style) > width) {
          lines.push(current);
          current = '';
        }
        current += char;
      }
    }
    if (current) lines.push(current);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    let last = `${kept[maxLines - 1]} ${lines[maxLines]}`;
    while (last.length > 1 && this.width(`${last}…`, style) > width) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last.trimEnd()}…`;
    return kept;
  }

  /**
   * Draws one line with its baseline at `baseline`, aligned to the reading start of the box
   * (left in English, right in Arabic), its end, or its centre.
   */
  line(
    text: string,
    style: TextStyle,
    box: { x: number; width: number; baseline: number; align?: 'start' | 'end' | 'center' },
  ) {
    const pieces = this.pieces(text, style.weight);
    const total = this.width(text, style);
    const align = box.align ?? 'start';
    const atRight = (align === 'start') === (this.direction === 'rtl');
    let x =
      align === 'center'
        ? box.x + (box.width - total) / 2
        : atRight
          ? box.x + box.width - total
          : box.x;
    this.doc.markContent('Span', { actual: text, lang: this.language });
    this.doc.fillColor(style.color);
    for (const piece of pieces) {
      this.use(piece.face, style);
      this.doc.text(piece.text, x, box.baseline, {
        ...WHOLE_RUN,
        lineBreak: false,
        baseline: 'alphabetic',
      });
      x += this.pieceWidth(piece, style);
    }
    this.doc.endMarkedContent();
  }

  /** Wraps and draws a paragraph; answers the baseline after its last line. */
  paragraph(
    text: string,
    style: TextStyle,
    box: {
      x: number;
      width: number;
      baseline: number;
      lineHeight: number;
      maxLines?: number;
      align?: 'start' | 'end' | 'center';
    },
  ): number {
    let baseline = box.baseline;
    for (const line of this.wrap(text, style, box.width, box.maxLines)) {
      this.line(line, style, { ...box, baseline });
      baseline += box.lineHeight;
    }
    return baseline;
  }
}
