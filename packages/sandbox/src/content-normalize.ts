/*
 * The sandbox's stand-in for the service's normalization of the markdown it stores.
 *
 * The service does not keep the markdown it is sent: it parses it into its own document and
 * writes markdown back from that on every read ("GitBook normalizes submitted content, so the
 * stored page may differ from what was sent", says the published document, which gives no
 * rules). So that tests meet the same thing, the sandbox applies a few of the differences one
 * sees in the service's own exports (its Git Sync writes bullet lists with `*`, one blank line
 * between blocks, no trailing spaces, one final newline) to every page's markdown it stores:
 *
 *   - bullet list markers `-` and `+` become `*`;
 *   - trailing spaces and tabs are removed;
 *   - runs of blank lines become one; blank lines at the start and the end are removed;
 *   - the text ends with one newline (an empty text stays empty);
 *   - line endings become LF.
 *
 * Fenced code blocks are kept as they are (their spaces and blank lines are content), and so is
 * front matter at the start (a YAML list's `- ` is not a bullet). The rules are deliberately
 * few and idempotent: a push must never rely on them, only meet them (the CLI compares pages by
 * the hash of what the service stored, never by the bytes it sent).
 */

/** The bullet list marker stored markdown uses: the one the service's exports use. */
export const STORED_LIST_MARKER = '*';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^([ \t]*)[-+*](?=[ \t]|$)/;

/** Stored markdown, from markdown as sent. */
export function normalizeStoredMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  // Blank lines at the start are dropped, so front matter is looked for after them: the stored
  // text starts with it, and reading that again must find the same (idempotent).
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) return '';
  if (/^---[ \t]*$/.test(lines[index] ?? '')) {
    const start = index;
    const end = lines.findIndex((line, at) => at > start && /^---[ \t]*$/.test(line));
    if (end > 0) {
      for (; index <= end; index++) out.push((lines[index] ?? '').replace(/[ \t]+$/, ''));
    }
  }
  let fence: string | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const opening = line.match(FENCE)?.[1];
    if (fence) {
      out.push(line);
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) {
        fence = undefined;
      }
      continue;
    }
    if (opening) {
      fence = opening;
      out.push(line.replace(/[ \t]+$/, ''));
      continue;
    }
    let text = line.replace(/[ \t]+$/, '');
    if (text === '') {
      if (out.length > 0 && out.at(-1) !== '') out.push('');
      continue;
    }
    if (!THEMATIC_BREAK.test(text)) text = text.replace(BULLET, `$1${STORED_LIST_MARKER}`);
    out.push(text);
  }
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
