import type { Output } from '../terminal/output.js';
import { checkJq } from '../terminal/jq.js';

/** Whether `--jq` (which implies `--json`) is given before any `--`. */
export function jqGiven(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  return options.some((arg) => arg === '--jq' || arg.startsWith('--jq='));
}

/**
 * Gives the command's output what `--json field,field` and `--jq` ask of its JSON: an
 * expression jq cannot compile is bad input (exit 2), found before anything is sent.
 */
export async function selectJson(
  output: Output,
  fields: readonly string[] | undefined,
  jq: string | undefined,
): Promise<void> {
  if (jq !== undefined) await checkJq(jq);
  output.selectJson({ fields, jq });
}
