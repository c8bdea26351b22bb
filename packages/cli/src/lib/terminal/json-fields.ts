import { UsageError } from '../failures/exit-codes.js';

/*
 * gh's `--json field,field`: the JSON output cut to those fields of each object. Read once, by the
 * base command, before oclif parses the arguments (oclif's `--json` is a boolean): `--json=a,b`
 * and `--json a,b` give the fields; `--json` alone keeps the full objects, and a word after it
 * that cannot be a list of fields (it names a positional argument still missing) stays an
 * argument.
 */

/** What the reading needs of a declared flag: whether it takes a value, its short name. */
export interface FlagShape {
  type: string;
  char?: string | undefined;
}

/** A list of field names: `number`, `number,subject`, `createdBy.id`. */
const FIELD_LIST = /^[A-Za-z_][\w.]*(?:,[A-Za-z_][\w.]*)*$/;

/** How many positional arguments `argv` holds, leaving out the word at `skip`. */
function positionalCount(argv: readonly string[], flags: Record<string, FlagShape>, skip: number): number {
  const byChar = new Map(Object.values(flags).flatMap((flag) => (flag.char ? [[flag.char, flag]] : [])));
  let count = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (i === skip) continue;
    if (arg === '--') return count + argv.length - i - 1;
    if (arg.startsWith('--')) {
      if (!arg.includes('=') && flags[arg.slice(2)]?.type === 'option') i++;
    } else if (arg.startsWith('-') && arg.length === 2) {
      if (byChar.get(arg.slice(1))?.type === 'option') i++;
    } else count++;
  }
  return count;
}

/**
 * `argv` with the fields of `--json` taken out (`--json` kept), and the fields; none when
 * `--json` is given alone or not at all. `positionals` is how many arguments the command takes.
 */
export function takeJsonFields(
  argv: readonly string[],
  flags: Record<string, FlagShape>,
  positionals: number,
): { argv: string[]; fields: string[] | undefined } {
  const end = argv.indexOf('--');
  const last = end === -1 ? argv.length : end;
  for (let i = 0; i < last; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--json=')) {
      const list = arg.slice('--json='.length);
      if (!FIELD_LIST.test(list))
        throw new UsageError(
          `--json takes a comma-separated list of fields (--json number,subject), not "${list}".`,
        );
      return { argv: [...argv.slice(0, i), '--json', ...argv.slice(i + 1)], fields: list.split(',') };
    }
    if (arg !== '--json') continue;
    const word = argv[i + 1];
    if (i + 1 >= last || word === undefined || !FIELD_LIST.test(word)) break;
    // One name alone is a field only where every positional argument is there without it.
    if (!word.includes(',') && positionalCount(argv, flags, i + 1) < positionals) break;
    return { argv: [...argv.slice(0, i + 1), ...argv.slice(i + 2)], fields: word.split(',') };
  }
  return { argv: [...argv], fields: undefined };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` (`createdBy.id`) of `object`, and whether it is there. */
function at(object: Record<string, unknown>, path: string): { found: boolean; value: unknown } {
  let value: unknown = object;
  for (const part of path.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, part)) return { found: false, value: undefined };
    value = value[part];
  }
  return { found: true, value };
}

/**
 * `json` (one object or a list of them) cut to `fields`, in their order, as gh prints them; a
 * field no object has is a usage error listing the fields the command's objects have.
 */
export function selectFields(json: unknown, fields: readonly string[]): unknown {
  const objects = (Array.isArray(json) ? json : [json]).filter(isRecord);
  const unknown = fields.filter(
    (field) => objects.length > 0 && !objects.some((object) => at(object, field).found),
  );
  if (unknown.length > 0) {
    const known = [...new Set(objects.flatMap((object) => Object.keys(object)))].sort();
    throw new UsageError(
      `Unknown JSON field${unknown.length > 1 ? 's' : ''}: ${unknown.map((field) => `"${field}"`).join(', ')}. This command's fields: ${known.join(', ')}.`,
    );
  }
  const pick = (object: unknown) =>
    isRecord(object)
      ? Object.fromEntries(fields.map((field) => [field, at(object, field).value ?? null]))
      : object;
  return Array.isArray(json) ? json.map(pick) : pick(json);
}
