import { Document, isMap, visit } from 'yaml';

/*
 * A page's front matter in the form the service's Git Sync writes it, which is js-yaml's `dump`
 * with its defaults (measured on Git-Synced repositories: 249 of 250 front matters of
 * GitbookIO/public-docs, 201 of 204 of aviator-co/gitbook-docs, 103 of 108 of
 * KonduitAI/deeplearning4j-gitbook-sync are exactly that; `yaml`'s `lineWidth: 0`, written here
 * before, matched 146, 22 and 93):
 *
 *     description: >-
 *       A description longer than the line, folded at 80 columns under a `>-` block
 *       scalar, as js-yaml folds it
 *
 * `yaml` writes the document; the two string forms where it and js-yaml differ are written here
 * with js-yaml's rules: a one-line string longer than its line's room (80 columns less the
 * value's indentation) is a folded block, cut at the last space that keeps a line within the
 * room; a string holding a character js-yaml does not print as is (a no-break space, U+2028,
 * a control character) is double-quoted on one line with js-yaml's escapes (`\_`). Strings that
 * need quotes otherwise take single quotes, as js-yaml's do.
 */

const WIDTH = 80;
// What js-yaml's `isPrintable` accepts; any other character makes it double-quote the string.
const NOT_PRINTABLE =
  /[^\t\n\x20-\x7e\u0085\u00a1-\ud7ff\ue000-\ufefe\uff00-\ufffd\u{10000}-\u{10ffff}]|[\u2028\u2029]/u;
const ESCAPES: Record<number, string> = {
  0x00: '\\0',
  0x07: '\\a',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0b: '\\v',
  0x0c: '\\f',
  0x0d: '\\r',
  0x1b: '\\e',
  0x22: '\\"',
  0x5c: '\\\\',
  0x85: '\\N',
  0xa0: '\\_',
  0x2028: '\\L',
  0x2029: '\\P',
};

/** `data` as YAML in the service's form, ending with a newline (the front matter's inside). */
export function frontMatterYaml(data: Record<string, unknown>): string {
  const doc = new Document(data);
  // Strings written here, by the placeholder `yaml` writes in their place.
  const own = new Map<string, (indent: string) => string>();
  visit(doc, {
    Scalar(key, node, path) {
      if (key !== 'value' || typeof node.value !== 'string') return;
      const value = node.value;
      const room = WIDTH - 2 * path.filter((at) => isMap(at)).length;
      let write: ((indent: string) => string) | undefined;
      if (NOT_PRINTABLE.test(value)) write = () => doubleQuoted(value);
      else if (value.length > room && !value.includes('\n') && /^[^ ].* [^ ]/.test(value))
        write = (indent) =>
          `>-\n${foldLine(value, room)
            .map((line) => `${indent}  ${line}`)
            .join('\n')}`;
      if (!write) return;
      const placeholder = `front-matter-string-${own.size}`;
      own.set(placeholder, write);
      node.value = placeholder;
    },
  });
  const text = doc.toString({ lineWidth: 0, singleQuote: true });
  if (own.size === 0) return text;
  return text.replace(
    /^([ \t-]*)(.*?)(front-matter-string-\d+)$/gm,
    (_, lead: string, before: string, placeholder: string) => {
      const write = own.get(placeholder);
      const indent = lead.replace(/[^ ]/g, ' ');
      return write ? `${lead}${before}${write(indent)}` : `${lead}${before}${placeholder}`;
    },
  );
}

/** js-yaml's `foldLine`: cut at the last space before the next word would pass `width`. */
function foldLine(line: string, width: number): string[] {
  const lines: string[] = [];
  const spaces = / [^ ]/g;
  let start = 0;
  let current = 0;
  for (let match = spaces.exec(line); match; match = spaces.exec(line)) {
    const next = match.index;
    if (next - start > width) {
      const end = current > start ? current : next;
      lines.push(line.slice(start, end));
      start = end + 1;
    }
    current = next;
  }
  if (line.length - start > width && current > start) {
    lines.push(line.slice(start, current), line.slice(current + 1));
  } else {
    lines.push(line.slice(start));
  }
  return lines;
}

/** js-yaml's double-quoted form: its short escapes, `\xXX`/`\uXXXX` for other unprintables. */
function doubleQuoted(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const escape = ESCAPES[code];
    if (escape !== undefined) out += escape;
    else if (NOT_PRINTABLE.test(char)) out += hexEscape(code);
    else out += char;
  }
  return `${out}"`;
}

function hexEscape(code: number): string {
  const [letter, digits] = code <= 0xff ? ['x', 2] : code <= 0xffff ? ['u', 4] : ['U', 8];
  return `\\${letter}${code.toString(16).toUpperCase().padStart(digits, '0')}`;
}
