import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Flags } from '../../oclif.js';
import { CancelledError, UsageError } from '../failures/exit-codes.js';
import type { Output } from '../terminal/output.js';
import type { Prompts } from '../terminal/prompts.js';
import { terminal } from '../terminal/terminal.js';
import { readText } from './files.js';
import { readStdin } from './stdin.js';

/*
 * The text a command posts (a review, a comment, a reply): `--body`, `--body-file` (gh's
 * `pr review` and `pr comment` flags) or, at a terminal, the person's editor. Text written in the
 * editor is never lost: when the post fails it is kept in a file the error names (`keepDraft`).
 */

/** The required `--body` flag of comment commands: markdown, or `-` for standard input. */
export function markdownBodyFlag(what: string) {
  return Flags.string({
    char: 'b',
    description: `${what} in markdown (- reads standard input)`,
    required: true,
  });
}

/**
 * A `--body` that may be left out at a terminal: the text is then written in $EDITOR
 * (`bodyOrEditor`); elsewhere it, or `--body-file`, is required.
 */
export function askableBodyFlag(what: string) {
  return Flags.string({
    char: 'b',
    description: `${what} in markdown (- reads standard input; at a terminal, leave it out to write it in $EDITOR)`,
    exclusive: ['body-file'],
  });
}

/** gh's `--body-file`: the text read from a file (`-` reads standard input), e.g. a kept draft. */
export function bodyFileFlag(what: string) {
  return Flags.string({
    char: 'F',
    description: `Read the ${what} from this file (- reads standard input), e.g. the draft kept when a post failed`,
    exclusive: ['body'],
  });
}

/** The text flags of a command that takes `--body` and `--body-file`. */
export interface BodyFlags {
  body?: string | undefined;
  'body-file'?: string | undefined;
}

/** In a pipeline a text is required: a usage error naming the flags, before anything is sent. */
export function requireBodyOutsideTerminal(flags: BodyFlags, what: string): void {
  if (flags.body === undefined && flags['body-file'] === undefined && !terminal.canPrompt())
    throw new UsageError(
      `Missing --body: pass the ${what} with --body "..." or --body-file <file> (- reads standard input).`,
    );
}

/** A text to post, and whether a person wrote it in the editor (then kept if the post fails). */
export interface Body {
  text: string;
  typed: boolean;
}

/**
 * The text of an askable `--body`: the flag's, the file's, else written in the person's editor at
 * a terminal; in a pipeline its absence is a usage error naming the flag. An empty editor, or an
 * editor that exits with an error (vim's `:cq`), cancels. `output` is the command's: its terminal
 * names the editor.
 */
export async function bodyOrEditor(
  flags: BodyFlags,
  what: string,
  output: Output,
  prompts: Prompts,
): Promise<Body> {
  const given = await bodyFromFlags(flags);
  if (given !== undefined) return { text: given, typed: false };
  requireBodyOutsideTerminal(flags, what);
  const text = (await prompts.editor(`${what} (markdown, written in your editor)`, output)).replace(
    /\s+$/,
    '',
  );
  if (!text.trim()) throw new CancelledError();
  return { text, typed: true };
}

/** The text of `--body` or `--body-file`, if either is given. Never empty. */
export async function bodyFromFlags(flags: BodyFlags): Promise<string | undefined> {
  if (flags.body !== undefined) return readBody(flags.body);
  const file = flags['body-file'];
  if (file === undefined) return undefined;
  const text = (await readText('--body-file', file)).replace(/\s+$/, '');
  if (!text.trim()) throw new UsageError(`--body-file ${file} is empty.`);
  return text;
}

/** Text of a `--body` flag: the value itself, or standard input for `-`. Never empty. */
export async function readBody(value: string, flag = '--body'): Promise<string> {
  const body = value === '-' ? (await readStdin()).replace(/\s+$/, '') : value;
  if (!body.trim()) throw new UsageError(`${flag} is empty.`);
  return body;
}

/**
 * Keeps a text written in the editor whose post failed: a private file under the configuration
 * directory (`drafts/<what>-<time>.md`, mode 0600), returned to be named in the error.
 */
export async function keepDraft(configDir: string, what: string, text: string): Promise<string> {
  const dir = join(configDir, 'drafts');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${what.replace(/[^a-z0-9]+/gi, '-')}-${stamp}.md`);
  await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}
