import type { Jq } from 'jq-wasm';

/*
 * `--jq <expression>`, as gh has it: the expression applied to the JSON a command would print,
 * each result on its own line, strings raw and other values as compact JSON. jq itself (1.8,
 * compiled to WebAssembly, from the npm package jq-wasm: nothing is downloaded or built at
 * install; docs/decisions/0046-jq.md), loaded on first use only, so that commands run without
 * `--jq` never pay for it. Its `$ENV` is the WebAssembly module's own, not the process's: an
 * expression cannot read DOCS_API_TOKEN.
 */

/** An expression jq refused (a syntax error) or that failed on the value (a runtime error). */
export class JqError extends Error {
  override name = 'JqError';
  constructor(
    readonly expression: string,
    readonly detail: string,
  ) {
    super(`--jq ${JSON.stringify(expression)}: ${detail}`);
  }
}

let loading: Promise<Jq> | undefined;

/** Whether jq has been loaded in this process (tests: it must not be by commands without --jq). */
export const isJqLoaded = (): boolean => loading !== undefined;

async function load(): Promise<Jq> {
  loading ??= import('jq-wasm').then(({ loadJq }) => loadJq());
  return loading;
}

/** jq's message without its `jq: error...:` prefix and its count of compile errors. */
function describe(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => !/^jq: \d+ compile errors?$/.test(line.trim()))
    .map((line) => line.replace(/^jq: error(?: \(at [^)]*\))?: /, ''));
  const text = lines.join('\n').trim();
  return text || 'jq failed with no message';
}

/** The output lines of `expression` applied to `value`: strings raw, other values as compact JSON. */
export async function applyJq(expression: string, value: unknown): Promise<string[]> {
  const jq = await load();
  const input = JSON.stringify(value) ?? 'null';
  const { stdout, stderr, exitCode } = jq.raw(input, expression, ['-c']);
  if (exitCode !== 0) throw new JqError(expression, describe(stderr));
  if (stdout === '') return [];
  return stdout.split('\n').map((line) => (line.startsWith('"') ? (JSON.parse(line) as string) : line));
}

/** The output of `expression` applied to `value` as printed: one result a line, a final newline. */
export async function formatJq(expression: string, value: unknown): Promise<string> {
  const lines = await applyJq(expression, value);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
