/*
 * A minimal PDF 1.4 writer: text only, in the standard Helvetica font (no font embedded), one
 * column, A4 pages. Enough for a readable export of pages' titles and text; it writes the
 * cross-reference table with the byte offset of every object, as readers require.
 */

/** A block of the document: a heading (larger type) or a paragraph of text. */
export interface PdfBlock {
  kind: 'heading' | 'text';
  text: string;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const TEXT_SIZE = 11;
const HEADING_SIZE = 16;
const LEADING = 1.4;
/** Helvetica's average glyph width is about half its size: lines wrap at this many characters. */
const CHARS_PER_LINE = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (TEXT_SIZE * 0.5));

interface Line {
  size: number;
  text: string;
}

/** WinAnsi (Latin-1 here) is the standard fonts' encoding: another character prints as `?`. */
function latin1(text: string): string {
  return [...text].map((char) => (char.charCodeAt(0) <= 0xff && char.length === 1 ? char : '?')).join('');
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      // A word longer than a line is cut, so no line runs off the page.
      for (let start = 0; start < word.length; start += width) {
        const piece = word.slice(start, start + width);
        if (line && line.length + 1 + piece.length > width) {
          lines.push(line);
          line = piece;
        } else line = line ? `${line} ${piece}` : piece;
      }
    }
    lines.push(line);
  }
  return lines;
}

function layout(blocks: readonly PdfBlock[]): Line[][] {
  const lines: Line[] = [];
  for (const block of blocks) {
    const size = block.kind === 'heading' ? HEADING_SIZE : TEXT_SIZE;
    const width = Math.floor((CHARS_PER_LINE * TEXT_SIZE) / size);
    for (const text of wrap(latin1(block.text), width)) lines.push({ size, text });
    lines.push({ size: TEXT_SIZE, text: '' });
  }
  const pages: Line[][] = [[]];
  let used = 0;
  for (const line of lines) {
    const height = line.size * LEADING;
    if (used + height > PAGE_HEIGHT - 2 * MARGIN && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1]!.push(line);
    used += height;
  }
  return pages;
}

function contentStream(lines: readonly Line[]): string {
  const operators = ['BT', `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`];
  let first = true;
  for (const line of lines) {
    // Td moves down by the line's height before it prints (the first line sits below the margin).
    operators.push(`/F1 ${line.size} Tf`, `0 ${-(first ? line.size : line.size * LEADING)} Td`);
    if (line.text) operators.push(`(${escapePdfString(line.text)}) Tj`);
    first = false;
  }
  operators.push('ET');
  return operators.join('\n');
}

/** The bytes of a PDF holding `blocks`, with `title` in its document information. */
export function renderPdf(title: string, blocks: readonly PdfBlock[]): Uint8Array<ArrayBuffer> {
  const pages = layout(blocks);
  // Objects: 1 catalog, 2 page tree, 3 font, 4 info, then a page and its content per page.
  const pageIds = pages.map((_, index) => 5 + index * 2);
  const objects = new Map<number, string>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`],
    [3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    [4, `<< /Title (${escapePdfString(latin1(title))}) /Producer (docs-api sandbox) >>`],
  ]);
  pages.forEach((lines, index) => {
    const pageId = pageIds[index]!;
    const stream = contentStream(lines);
    objects.set(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    objects.set(
      pageId + 1,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
  });
  // Latin-1 throughout: one character is one byte, so string lengths are byte offsets.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id <= objects.size; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects.get(id)!}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.size + 1}\n0000000000 65535 f \n`;
  for (let id = 1; id <= objects.size; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.size + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
