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
let loaded: Jq | undefined;

/** Whether jq has been loaded in this process (tests: it must not be by commands without --jq). */
export const isJqLoaded = (): boolean => loading !== undefined;

/** Loads jq (once per process); `runJq` works from then on without waiting. */
export async function loadJq(): Promise<Jq> {
  loading ??= import('jq-wasm').then(({ loadJq: load }) => load());
  loaded = await loading;
  return loaded;
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

/** jq's exit code for an expression it cannot compile (a syntax error, an undefined $name). */
const COMPILE_ERROR = 3;

/**
 * Loads jq and checks that `expression` compiles, before a command sends anything: a syntax
 * error is a `JqError` then. jq has no compile-only mode, so the expression is run once on
 * `null`; what it does there (a runtime error on null, say) is not a fault of the expression.
 */
export async function checkJq(expression: string): Promise<void> {
  const jq = await loadJq();
  const { stderr, exitCode } = jq.raw('null', expression, ['-c']);
  if (exitCode === COMPILE_ERROR) throw new JqError(expression, describe(stderr));
}

/**
 * The output lines of `expression` applied to `value` (jq loaded already by `loadJq` or
 * `checkJq`): strings raw, other values as compact JSON.
 */
export function runJq(expression: string, value: unknown): string[] {
  if (!loaded) throw new Error('runJq called before loadJq');
  const input = JSON.stringify(value) ?? 'null';
  const { stdout, stderr, exitCode } = loaded.raw(input, expression, ['-c']);
  if (exitCode !== 0) throw new JqError(expression, describe(stderr));
  if (stdout === '') return [];
  return stdout.split('\n').map((line) => (line.startsWith('"') ? (JSON.parse(line) as string) : line));
}

/** The output lines of `expression` applied to `value`: strings raw, other values as compact JSON. */
export async function applyJq(expression: string, value: unknown): Promise<string[]> {
  await loadJq();
  return runJq(expression, value);
}

/** The output of `expression` applied to `value` as printed: one result a line, a final newline. */
export async function formatJq(expression: string, value: unknown): Promise<string> {
  const lines = await applyJq(expression, value);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
