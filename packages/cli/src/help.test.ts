import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OKTA_CERTIFICATE } from '../../sandbox/src/seed-saml.js';
import { useInProcessCli, type RunnableCommand } from '../test-support/run-command.js';

/*
 * The help of every command, as the oclif manifest built by `npm run build` has it: that is
 * what `docs <command> --help` and the generated docs/cli-reference.md show. Then every example
 * of every command, run as written against a fresh demo sandbox with no terminal, as a CI job
 * would run it.
 */

interface ManifestFlag {
  name: string;
  description?: string;
  summary?: string;
  hidden?: boolean;
}
interface ManifestCommand {
  id: string;
  summary?: string;
  description?: string;
  examples?: Array<string | { command: string; description: string }>;
  flags: Record<string, ManifestFlag>;
  args: Record<string, { name: string; description?: string }>;
}

const manifestUrl = new URL('../oclif.manifest.json', import.meta.url);
const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as {
  commands: Record<string, ManifestCommand>;
};
const commands = Object.values(manifest.commands).sort((a, b) => a.id.localeCompare(b.id));

describe('the help of every command (oclif.manifest.json)', () => {
  it('covers every command file', () => {
    // 148 commands with those of issue 22 (publishing, Git Sync, integrations); a new command must come with its help.
    expect(commands.length).toBeGreaterThanOrEqual(148);
  });

  it.each(commands.map((command) => [command.id, command] as const))(
    '%s has a one-line summary, a description and an example',
    (_id, command) => {
      expect(command.summary?.trim(), 'summary').toBeTruthy();
      expect(command.summary, 'summary on one line').not.toMatch(/\n/);
      expect(command.summary!.length, 'summary length').toBeLessThanOrEqual(110);
      expect(command.description?.trim(), 'description').toBeTruthy();
      expect(command.description, 'a description that says more than the summary').not.toBe(command.summary);
      expect(command.examples?.length ?? 0, 'examples').toBeGreaterThan(0);
    },
  );

  it.each(commands.map((command) => [command.id, command] as const))(
    '%s describes every flag and argument',
    (_id, command) => {
      const flags = Object.values(command.flags).filter((flag) => !flag.hidden);
      const undocumented = [
        ...flags
          .filter((flag) => !(flag.description ?? flag.summary)?.trim())
          .map((flag) => `--${flag.name}`),
        ...Object.values(command.args)
          .filter((arg) => !arg.description?.trim())
          .map((arg) => arg.name.toUpperCase()),
      ];
      expect(undocumented).toEqual([]);
    },
  );

  it('gives every command with --json the --jq flag (issue 22: a pipeline needs no jq installed)', () => {
    const without = commands
      .filter((command) => command.flags.json && !command.flags.jq)
      .map((command) => command.id);
    expect(without).toEqual([]);
  });

  it('never speaks of "the extract": words that mean nothing to a user', () => {
    const topics = Object.values(
      (
        JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
          oclif: { topics: Record<string, { description: string }> };
        }
      ).oclif.topics,
    ).map((topic) => topic.description);
    const texts = commands.flatMap((command) => [
      command.summary ?? '',
      command.description ?? '',
      ...Object.values(command.flags).map((flag) => flag.description ?? flag.summary ?? ''),
      ...Object.values(command.args).map((arg) => arg.description ?? ''),
    ]);
    expect([...texts, ...topics].filter((text) => /extract/i.test(text))).toEqual([]);
  });

  it('has a destructive command say so: every command with --yes mentions it in its description', () => {
    const silent = commands
      .filter((command) => command.flags.yes && !command.description?.includes('--yes'))
      .map((command) => command.id);
    expect(silent).toEqual([]);
  });
});

/** Splits an example into words as a POSIX shell would for the quoting examples use. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (word !== undefined) words.push(word);
  return words;
}

interface Example {
  /** The command the example belongs to. */
  owner: string;
  line: string;
  /** What the example runs: the docs command reading what the producer pipes in, if any. */
  run: Invocation;
  /** A `docs` command whose output is piped in. */
  producer?: Invocation;
  /** Text piped in by anything else (`cat file`, `echo ...`). */
  stdin?: string;
}

interface Invocation {
  id: string;
  argv: string[];
}

const BIN = '<%= config.bin %>';
const ids = new Set(commands.map((command) => command.id));

const SPEC_YAML = "openapi: 3.1.0\ninfo: { title: Billing, version: '2' }\npaths: {}\n";
const STATUS_BADGE_MANIFEST = [
  'name: status-badge',
  'title: Status Badge',
  'description: Shows the service status on pages',
  'script: ./src/index.ts',
  'scopes: [space:content:read]',
  'organization: org_acme',
  'envs:',
  '  staging:',
  '    title: Status Badge (staging)',
  '',
].join('\n');
const STATUS_BADGE_SCRIPT =
  "const label: string = 'up';\nexport default { fetch: () => new Response(label) };\n";

/** The files examples name, as a user would have them beside the command. */
const FILES: Record<string, string> = {
  'conversation.json': JSON.stringify({
    id: 'ticket-4242',
    subject: 'Cannot log in from the CLI',
    parts: [{ type: 'message', role: 'user', body: 'docs auth login says my token is invalid.' }],
  }),
  'schema.json': JSON.stringify({
    type: 'object',
    additionalProperties: false,
    properties: { isBetaUser: { type: 'boolean', description: 'The visitor is in the beta programme' } },
  }),
  'instructions.txt': 'Answer in English.\nLink to the API reference for every endpoint.',
  'entries.json': JSON.stringify([{ en: 'site', fr: 'site', de: 'Website' }]),
  'okta.pem': OKTA_CERTIFICATE,
  'okta-2027.pem': OKTA_CERTIFICATE,
  'idp.pem': OKTA_CERTIFICATE,
  'style-guide.txt': 'Use the formal register.',
  'notes.txt': 'Adds a page per command.',
  'review.md': 'Looks good to me.',
  'fixed.md': 'Looks good, one typo.',
  'answer.md': 'Fixed, thanks.',
  'specs/petstore.yaml': SPEC_YAML,
  'specs/billing.yaml': SPEC_YAML,
  'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Billing', version: '2' }, paths: {} }),
  'source.json': JSON.stringify({ source: { text: SPEC_YAML } }),
  'manifest.json': JSON.stringify({
    title: 'Status Badge',
    description: 'Shows the service status on pages',
    scopes: ['space:content:read'],
  }),
  'dist/script.js': 'export default {};',
  // An integration's directory as its repository lays it out: a YAML manifest and a TypeScript entry.
  'integrations/status-badge/gitbook-manifest.yaml': STATUS_BADGE_MANIFEST,
  'integrations/status-badge/src/index.ts': STATUS_BADGE_SCRIPT,
  'status-badge/gitbook-manifest.yaml': STATUS_BADGE_MANIFEST,
  'status-badge/src/index.ts': STATUS_BADGE_SCRIPT,
  // No ./handbook here: the `docs pull` examples make it in the scratch folder (WRITTEN_FOLDERS; a
  // pull refuses a folder it did not make or map), and the `docs push` examples push what they pulled.
  // A cassette `docs sandbox --record` wrote (here an empty one): cassette-to-fixtures reads it.
  'session.cassette.json': JSON.stringify({
    format: 'docs-api-cassette',
    version: 1,
    upstream: 'https://api.gitbook.com/v1',
    recordedAt: '2026-11-24T23:49:08.591Z',
    entries: [],
  }),
  'redirects.yaml': [
    '- source: /old-guide',
    '  destination: https://example.com/guide',
    '- source: /developers/v1/*',
    '  destination: { kind: site-section, siteSectionId: sitesc_developers }',
    '  permanent: true',
    '',
  ].join('\n'),
};

/**
 * Examples that are not run, each with why. Every other example must end with exit 0, or with
 * the code EXPECTED_EXIT gives it.
 */
const NOT_RUN: Record<string, string> = {
  [`${BIN} auth login`]: 'asks for the token: an example for a terminal',
  [`${BIN} cr merge`]: 'picks the space and the request from lists: an example for a terminal',
  [`${BIN} cr review space_guides 2`]:
    'asks what to do and opens the editor: an example for a terminal (test/pty/review-flow.test.ts runs it)',
  [`${BIN} cr view space_handbook 1 --web`]:
    'opens a browser: an example for a terminal (in a pipeline it prints the URL; review-flow.test.ts)',
  [`${BIN} sandbox`]: 'serves until interrupted (the sandbox command has its own tests)',
  [`${BIN} sandbox --port 4010 --seed empty`]: 'serves until interrupted',
  [`${BIN} sandbox --port 4010 --rate-limit 100/60s`]: 'serves until interrupted',
  [`${BIN} sandbox --port 4010 --cors http://localhost:5173 --cors https://dev.example.test`]:
    'serves until interrupted',
  [`${BIN} sandbox --port 4010 --fixtures test/fixtures.json`]: 'serves until interrupted',
  [`${BIN} sandbox --port 4010 --data .sandbox-data`]: 'serves until interrupted',
  [`${BIN} sandbox --proxy https://api.gitbook.com/v1 --record session.cassette.json --report drift.jsonl`]:
    'forwards to the real service, which no test may reach (test/e2e/sandbox-proxy.test.ts runs it against a loopback upstream)',
  [`${BIN} sandbox --replay session.cassette.json --port 4010`]:
    'serves until interrupted (test/e2e/sandbox-proxy.test.ts replays a recorded cassette)',
  [`${BIN} sandbox export --data .sandbox-data --output fixtures.json`]:
    'reads the directory a `docs sandbox --data` wrote (test/sandbox/user-suite.test.ts runs export)',
  [`${BIN} integrations publish`]:
    "publishes the current directory's manifest: the same as the examples naming a directory",
  [`${BIN} integrations check`]:
    "checks the current directory's integration: the same as the examples naming a directory",
  [`${BIN} integrations events analytics-pro --follow`]:
    'follows until Ctrl-C (commands/integrations/lifecycle.test.ts follows and interrupts it)',
};

/** Examples whose documented outcome against the demo seed is not exit 0. */
const EXPECTED_EXIT: Record<string, number> = {
  // The demo's pages have broken links on purpose: --fail-on-broken fails, as documented.
  [`${BIN} cr links space_handbook 1 --page page_getting_started --fail-on-broken --all`]: 1,
  [`${BIN} spaces links space_handbook --status broken --fail-on-broken --all`]: 1,
  // The sandbox has no network: it syncs with file:// folders, so a GitHub repository's import
  // ends in failure, which --wait reports with exit 1 (commands/spaces/git/git.test.ts imports
  // a folder).
  [`${BIN} spaces git import space_handbook --url https://github.com/acme/handbook.git --wait --wait-timeout 300`]: 1,
};

/** The command a line runs (`docs cr comments list a b` -> cr:comments:list, [a, b]). */
function invocation(text: string): Invocation | undefined {
  const words = shellWords(text);
  if (words[0] !== 'docs') return undefined;
  for (let length = words.length - 1; length > 0; length--) {
    const id = words.slice(1, 1 + length).join(':');
    if (ids.has(id)) return { id, argv: words.slice(1 + length) };
  }
  return undefined;
}

function examplesOf(command: ManifestCommand): Example[] {
  return (command.examples ?? []).flatMap((example): Example[] => {
    const line = typeof example === 'string' ? example : example.command;
    // `> file`: stdout is captured anyway.
    const text = line.replaceAll(BIN, 'docs').replace(/\s*>\s*\S+$/, '');
    const [first, second, ...more] = text.split(' | ');
    if (more.length > 0 || first === undefined) return [];
    if (second === undefined) {
      const run = invocation(first);
      return run ? [{ owner: command.id, line, run }] : [];
    }
    const run = invocation(second);
    if (!run) return [];
    const producer = invocation(first);
    if (producer) return [{ owner: command.id, line, run, producer }];
    const [verb, argument] = shellWords(first);
    const stdin =
      verb === 'cat' && argument !== undefined && FILES[argument] !== undefined
        ? FILES[argument]
        : verb === 'echo' && argument === '$TOKEN'
          ? undefined // the sandbox's token, set when run
          : verb === 'echo'
            ? argument
            : (FILES['conversation.json'] as string); // export-tickets: a conversation export
    return [{ owner: command.id, line, run, ...(stdin === undefined ? {} : { stdin }) }];
  });
}

const examples = commands.flatMap(examplesOf);
const runnable = examples.filter((example) => !example.line.includes('$(') && !NOT_RUN[example.line]);

async function load(id: string): Promise<RunnableCommand> {
  const path = `./commands/${id.split(':').join('/')}`;
  // A command that is also a topic (`docs sandbox`, `docs sandbox export`) lives in index.ts.
  const file = [`${path}.ts`, `${path}/index.ts`]
    .map((candidate) => fileURLToPath(new URL(candidate, import.meta.url)))
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`no source file for the command ${id}`);
  return ((await import(/* @vite-ignore */ file)) as { default: RunnableCommand }).default;
}

/** A word naming one of FILES, or a path to a directory holding some (`./status-badge`). */
/** Folders examples write that no file of FILES lays out: `docs pull` makes ./handbook. */
const WRITTEN_FOLDERS = new Set(['handbook']);

function isExampleFile(word: string): boolean {
  if (FILES[word] !== undefined) return true;
  const name = word.replace(/^\.\//, '');
  if (word.includes('/') && WRITTEN_FOLDERS.has(name)) return true;
  return word.includes('/') && Object.keys(FILES).some((file) => file.startsWith(`${name}/`));
}

const cli = useInProcessCli();
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'docs-examples-'));
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), text);
  }
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('every example, run as written against the demo sandbox in a pipeline', () => {
  it('runs most of them', () => {
    expect(runnable.length).toBeGreaterThan(examples.length * 0.9);
  });

  it.each(runnable.map((example) => [example.line, example] as const))('%s', async (_line, example) => {
    cli.canPrompt.mockReturnValue(false);
    // Files an example reads, and files it writes (`--out`, `--output`), are in the scratch folder.
    const withFiles = (argv: string[]) =>
      argv.map((word, index) =>
        isExampleFile(word) || /^--out(put)?$/.test(argv[index - 1] ?? '') ? join(folder, word) : word,
      );
    if (example.producer) {
      const produced = await cli.run(await load(example.producer.id), withFiles(example.producer.argv));
      expect(produced.code, produced.stderr).toBe(0);
      cli.stdinIs(produced.stdout);
    } else cli.stdinIs(example.stdin ?? cli.sandbox.token);
    const result = await cli.run(await load(example.run.id), withFiles(example.run.argv));
    expect(result.code, result.stderr).toBe(EXPECTED_EXIT[example.line] ?? 0);
  });
});
