import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Errors } from '@oclif/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox } from '@docs-api/sandbox';
import { useInProcessCli, type RunnableCommand } from '../test-support/run-command.js';
import { ExitCode } from './lib/failures/exit-codes.js';
import { prompts } from './lib/terminal/prompts.js';

/*
 * Property-based fuzzing of the CLI (fast-check): random argv built from the manifest's
 * command ids, their flags and hostile values, run in-process against a fresh sandbox with no
 * terminal. Whatever the input, a command must end with one of the documented exit codes,
 * print no stack trace and no raw error dump (only its own `Error: ...` line), never prompt,
 * and never print the token.
 *
 * Left out: `docs sandbox` (it serves until interrupted) and `--wait` (it polls in real time);
 * both are covered by their own tests. The runner calls the command classes directly, so an
 * unknown command (127, src/hooks/command-not-found.ts) is not in the space searched.
 */

const cli = useInProcessCli();

const SEED = 20_260_105;
const NUM_RUNS = 1000;
const DOCUMENTED_CODES: readonly number[] = Object.values(ExitCode);

interface ManifestFlag {
  type: 'boolean' | 'option';
  required?: boolean;
  char?: string;
  options?: string[];
  allowNo?: boolean;
  multiple?: boolean;
}
interface ManifestCommand {
  args: Record<string, unknown>;
  flags: Record<string, ManifestFlag>;
}

const manifest = JSON.parse(readFileSync(new URL('../oclif.manifest.json', import.meta.url), 'utf8')) as {
  commands: Record<string, ManifestCommand>;
};
// The sandbox serves until stopped; its export writes the file --output names, anywhere.
const EXCLUDED_COMMANDS = new Set(['sandbox', 'sandbox:export']);
const EXCLUDED_FLAGS = new Set(['wait']);
/** Flags given as --json, --org and --api-url by every case, not drawn with the command's own. */
const GLOBAL_FLAGS = new Set(['json', 'api-url', 'org']);
/** The manifest does not say which flags are integers. */
const INTEGER_FLAGS = new Set(['limit', 'interval', 'timeout', 'port']);
/** Every variable a case sets; each run sets all of them, so none leaks into the next run. */
const ENV_KEYS = [
  'DOCS_ORG',
  'DOCS_DEBUG',
  'DOCS_MAX_RETRY_DELAY',
  'DOCS_RESPONSE_VALIDATION',
  'DOCS_API_TOKEN',
] as const;
const commandIds = Object.keys(manifest.commands)
  .filter((id) => !EXCLUDED_COMMANDS.has(id))
  .sort();

/** Ids the demo seed has, so that some runs get past the first lookup. */
const knownValues = fc.constantFrom(
  'org_acme',
  'org_beta',
  'site_docs',
  'site_internal',
  'space_handbook',
  'space_api',
  'col_product',
  '1',
  '#1',
  '2',
  'cr_cli',
  'comment_cli_title',
  'user_grace',
  'user_linus',
  'grace@acme.test',
  'team_docs',
  'tr_handbook_fr',
  'tr_legal_de',
  'gl_workspace',
  'petstore',
  'analytics-pro',
  'invite_1',
  'share_docs',
  'imp_guides_site',
  'https://www.acme.test/guides',
  'fr',
  'admin',
);

const hostileValues = fc.constantFrom(
  '',
  ' ',
  '-',
  '--',
  '-x',
  '.',
  '..',
  '../../etc/passwd',
  '%2e%2e',
  'a/b',
  '#',
  '#abc',
  'ü',
  '💥',
  '\t',
  'line\nbreak',
  'x'.repeat(3000),
  '-1',
  '0',
  '1.5',
  '1e999',
  'NaN',
  '1001',
  '99999999999999999999',
  'null',
  '{}',
  '[',
  '{"a":',
  'http://user:pass@host.test/v1',
  'ftp://x',
  'javascript:alert(1)',
  '/dev/null',
  'true',
);

const anyValue = fc.oneof(
  { arbitrary: knownValues, weight: 4 },
  { arbitrary: hostileValues, weight: 3 },
  { arbitrary: fc.string({ maxLength: 24 }), weight: 2 },
  { arbitrary: fc.integer({ min: -5, max: 2000 }).map(String), weight: 2 },
);

/** One flag of the command, a global flag, or one that does not exist, with a value as its type wants (or not). */
function flagArbitrary(command: ManifestCommand): fc.Arbitrary<string[]> {
  const own = Object.entries(command.flags).filter(
    ([name]) => !EXCLUDED_FLAGS.has(name) && !GLOBAL_FLAGS.has(name),
  );
  const known = own.map(([name, flag]): fc.Arbitrary<string[]> => {
    if (flag.type === 'boolean') {
      const forms = [
        `--${name}`,
        ...(flag.allowNo ? [`--no-${name}`] : []),
        ...(flag.char ? [`-${flag.char}`] : []),
      ];
      return fc.oneof(
        { arbitrary: fc.constantFrom(...forms).map((form) => [form]), weight: 5 },
        // A value given to a boolean flag.
        { arbitrary: anyValue.map((value) => [`--${name}=${value}`]), weight: 1 },
      );
    }
    const value = flag.options?.length
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...flag.options), weight: 3 },
          { arbitrary: anyValue, weight: 1 },
        )
      : anyValue;
    return fc.oneof(
      { arbitrary: value.map((v) => [`--${name}`, v]), weight: 5 },
      { arbitrary: value.map((v) => [`--${name}=${v}`]), weight: 1 },
      // The flag with its value missing.
      { arbitrary: fc.constant<string[]>([`--${name}`]), weight: 1 },
    );
  });
  const unknown = fc.constantFrom<string[]>(
    ['--bogus'],
    ['-z'],
    ['--help'],
    ['--version'],
    ['--'],
    ['--json=yes'],
  );
  return known.length
    ? fc.oneof({ arbitrary: fc.oneof(...known), weight: 8 }, { arbitrary: unknown, weight: 1 })
    : unknown;
}

interface FuzzCase {
  id: string;
  argv: string[];
  stdin: string;
  env: Record<string, string | undefined>;
}

const hostileEnv = fc.record(
  {
    DOCS_ORG: fc.constantFrom(undefined, 'org_acme', 'org_beta', 'org_nope', ''),
    DOCS_DEBUG: fc.constantFrom(undefined, '1'),
    DOCS_MAX_RETRY_DELAY: fc.constantFrom(undefined, '0', '5', 'soon', '-1'),
    DOCS_RESPONSE_VALIDATION: fc.constantFrom(undefined, 'warn', 'strict', 'off'),
    DOCS_API_TOKEN: fc.constantFrom('sandbox', 'tok_wrong_token', 'bad token', undefined),
  },
  { requiredKeys: [] },
);

/** A logged-in user of org_acme, sometimes with DOCS_DEBUG. */
const plausibleEnv = fc.record({
  DOCS_ORG: fc.constant('org_acme'),
  DOCS_API_TOKEN: fc.constant('sandbox'),
  DOCS_DEBUG: fc.constantFrom(undefined, undefined, '1'),
});

const stdinArbitrary = fc.oneof(
  fc.constant(''),
  fc.constant('sandbox-token\n'),
  fc.constant('{"title":"Fuzz"}'),
  fc.constant('[{"id":"c1","subject":"s","messages":[]}]'),
  fc.string(),
);

/** Mostly what a person would type: the command's arguments from the seed, a flag or two, --yes where it is asked for. */
function plausibleCase(id: string, command: ManifestCommand): fc.Arbitrary<FuzzCase> {
  const argCount = Object.keys(command.args).length;
  const own = Object.entries(command.flags).filter(
    ([name]) => !EXCLUDED_FLAGS.has(name) && !GLOBAL_FLAGS.has(name) && name !== 'yes',
  );
  const flagValue = (name: string, flag: ManifestFlag) =>
    flag.options?.length
      ? fc.constantFrom(...flag.options)
      : INTEGER_FLAGS.has(name)
        ? fc.integer({ min: 1, max: 50 }).map(String)
        : knownValues;
  const flagWithValue = ([name, f]: [string, ManifestFlag]): fc.Arbitrary<string[]> =>
    f.type === 'boolean' ? fc.constant([`--${name}`]) : flagValue(name, f).map((v) => [`--${name}`, v]);
  const flag = own.length ? fc.constantFrom(...own).chain(flagWithValue) : fc.constant<string[]>([]);
  const required = fc.tuple(...own.filter(([, f]) => f.required).map(flagWithValue));
  return fc.record({
    id: fc.constant(id),
    argv: fc
      .tuple(
        required,
        fc.oneof(
          { arbitrary: fc.array(knownValues, { minLength: argCount, maxLength: argCount }), weight: 4 },
          { arbitrary: fc.array(knownValues, { maxLength: argCount }), weight: 1 },
        ),
        fc.array(flag, { maxLength: 2 }),
        fc.boolean(),
        fc.constantFrom(0, 1, 2, 3),
      )
      .map(([requiredFlags, args, flags, json, yes]): string[] => [
        ...args,
        ...requiredFlags.flat(),
        ...flags.flat(),
        ...(json ? ['--json'] : []),
        ...(command.flags.yes && yes > 0 ? ['--yes'] : []),
      ]),
    stdin: stdinArbitrary,
    env: plausibleEnv,
  });
}

/** Anything: hostile values, flags of the wrong type or missing their value, flags that do not exist, a hostile environment. */
function hostileCase(id: string, command: ManifestCommand): fc.Arbitrary<FuzzCase> {
  const positionals = fc.array(anyValue, { maxLength: Object.keys(command.args).length + 1 });
  const flags = fc.array(flagArbitrary(command), { maxLength: 4 }).map((groups) => groups.flat());
  const globals = fc.subarray(
    [['--json'], ['--org', 'org_acme'], ['--api-url', 'http://elsewhere.test/v1']],
    {
      maxLength: 2,
    },
  );
  return fc.record({
    id: fc.constant(id),
    argv: fc
      .tuple(
        positionals,
        flags,
        globals.map((g) => g.flat()),
        fc.boolean(),
      )
      .map(([args, flagArgs, globalArgs, argsFirst]) =>
        argsFirst ? [...args, ...flagArgs, ...globalArgs] : [...flagArgs, ...args, ...globalArgs],
      ),
    stdin: stdinArbitrary,
    env: hostileEnv,
  });
}

const caseArbitrary: fc.Arbitrary<FuzzCase> = fc.constantFrom(...commandIds).chain((id) => {
  const command = manifest.commands[id];
  if (!command) throw new Error(`no manifest entry for ${id}`);
  return fc.oneof(
    { arbitrary: plausibleCase(id, command), weight: 3 },
    { arbitrary: hostileCase(id, command), weight: 2 },
  );
});

/** What a run must never print: a stack frame or an error dump other than the CLI's own one line. */
function problemsOf(stdout: string, stderr: string, token: string): string[] {
  const problems: string[] = [];
  const all = `${stdout}\n${stderr}`;
  if (/^\s+at /m.test(all)) problems.push('a stack frame');
  if (/\b(TypeError|RangeError|SyntaxError|ReferenceError)\b/.test(all))
    problems.push('a raw JavaScript error');
  const errorLines = stderr.split('\n').filter((line) => /\bError:/.test(line));
  if (errorLines.length > 1) problems.push(`${errorLines.length} error lines`);
  if (errorLines.some((line) => !line.startsWith('Error: ')))
    problems.push('an error line not written by the CLI');
  if (stdout.includes('Error:')) problems.push('an error on stdout');
  if (all.includes(token)) problems.push('the token');
  return problems;
}

describe('the CLI under random arguments', () => {
  const classes = new Map<string, RunnableCommand>();

  // Commands that write where they run (`docs pull` into ./<space>) write into a scratch
  // directory of the run (test/global-tmpdir.ts), never into the repository.
  const startedIn = process.cwd();
  afterAll(() => process.chdir(startedIn));

  beforeAll(async () => {
    process.chdir(mkdtempSync(join(tmpdir(), 'cli-fuzz-')));
    for (const id of commandIds) {
      const file = fileURLToPath(new URL(`./commands/${id.split(':').join('/')}.ts`, import.meta.url));
      const module = (await import(file)) as { default: RunnableCommand };
      classes.set(id, module.default);
    }
  });

  it(`keeps to the documented exit codes, prints no stack trace and never prompts (${NUM_RUNS} runs)`, async () => {
    cli.canPrompt.mockReturnValue(false);
    const prompted = vi.fn();
    for (const name of ['confirm', 'select', 'password', 'input'] as const)
      vi.spyOn(prompts, name).mockImplementation((...args: unknown[]) => {
        prompted(name, ...args);
        return Promise.reject(new Error('prompted'));
      });
    const codes = new Map<number, number>();
    const commandsRun = new Set<string>();
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ id, argv, stdin, env }) => {
        const sandbox = createSandbox({ checkResponses: true });
        cli.context.clientFactory = (options) =>
          new DocsClient({
            ...options,
            baseUrl: options.baseUrl ?? 'http://sandbox.test/v1',
            fetch: sandbox.fetch,
          });
        for (const name of ENV_KEYS) {
          const value = env[name];
          vi.stubEnv(name, name === 'DOCS_API_TOKEN' && value === 'sandbox' ? sandbox.token : value);
        }
        cli.stdinIs(stdin);
        const command = classes.get(id);
        if (!command) throw new Error(`no class for ${id}`);

        let result;
        try {
          result = await cli.run(command, argv);
        } catch (error) {
          // Anything but oclif's exit escaped the command's error mapping.
          const escaped = error instanceof Errors.ExitError ? 'an exit' : String(error);
          failures.push(`${id} ${JSON.stringify(argv)}: escaped ${escaped}`);
          return false;
        }
        commandsRun.add(id);
        codes.set(result.code, (codes.get(result.code) ?? 0) + 1);
        const problems = problemsOf(result.stdout, result.stderr, sandbox.token);
        if (!DOCUMENTED_CODES.includes(result.code)) problems.push(`exit code ${result.code}`);
        if (prompted.mock.calls.length) problems.push('a prompt');
        if (problems.length) {
          failures.push(`${id} ${JSON.stringify(argv)}: ${problems.join(', ')}\n${result.stderr}`);
          return false;
        }
        return true;
      }),
      { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
    );

    const counts = [...codes.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `exit ${code}: ${n}`);
    console.log(
      `CLI fuzz: ${NUM_RUNS} runs (seed ${SEED}), ${commandsRun.size} of ${commandIds.length} commands; ${counts.join(', ')}; ${prompted.mock.calls.length} prompts; ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    expect(prompted).not.toHaveBeenCalled();
  }, 180_000);
});
