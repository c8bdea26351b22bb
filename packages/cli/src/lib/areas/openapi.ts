import { dirname, resolve as resolvePath } from 'node:path';
import { Args, Flags } from '../../oclif.js';
import type { DocsClient, OpenAPISpec } from '@docs-api/sdk';
import { CommandError, UsageError } from '../failures/exit-codes.js';
import { readText } from '../input/files.js';
import { annotate, appendStepSummary, inGitHubActions, tableCell } from '../terminal/github-actions.js';
import { checkSpec, formatProblem, type SpecProblem } from '../openapi/openapi-spec.js';
import { fileSize, formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';
import { waitFlags, waitWithProgress } from '../terminal/progress.js';

/*
 * What the `docs openapi ...` commands share: arguments, the picker, table columns, the
 * printer, and sending a source (`create`, `publish`): a file checked before it is sent, or a
 * URL; then following its processing with --wait. Under GitHub Actions, problems also become
 * annotations and a short report goes to the job summary.
 */

export const specSlugArg = Args.string({
  name: 'slug',
  description: 'Slug of the OpenAPI spec (picked from a list at a terminal when omitted)',
});

/** For the commands that create: the slug cannot be picked from existing specs. */
export const newSpecSlugArg = Args.string({
  name: 'slug',
  description: 'Slug of the OpenAPI spec: letters and digits, words joined by hyphens (e.g. billing-v2)',
  required: true,
});

/** Where the spec comes from: a file of the repository (YAML or JSON), `-` for stdin, or a URL. */
export const specSourceArg = Args.string({
  name: 'source',
  description:
    'The spec: a YAML or JSON file (checked, then sent as text), - for standard input, or an http(s) URL the service fetches',
});

/** The flags of `create` and `publish`: the URL form of the source, and --wait. */
export const specSourceFlags = {
  url: Flags.string({
    char: 'u',
    description:
      'URL the service fetches the spec from (http or https); the same as giving the URL as the source',
  }),
  ...waitFlags({
    wait: 'Wait until the spec is processed; print its processing errors and exit 1 if processing fails',
    goesOn: 'processing goes on',
  }),
};

/** The values of `specSourceFlags`. */
export interface SpecSourceFlags {
  url?: string | undefined;
  wait: boolean;
  interval?: number | undefined;
  'wait-timeout'?: number | undefined;
}

/** What is sent as the spec's source, and the file it came from (for messages and annotations). */
export interface ResolvedSource {
  source: { url: string } | { text: string };
  /** The file given (`-` for stdin); undefined for a URL. */
  file?: string;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * The source of `create`/`publish`: the argument or `--url` (exactly one). A file (or stdin) is
 * parsed and validated before anything is sent: an invalid spec prints every problem with its
 * place (file:line:column JSON-pointer), annotates them under GitHub Actions, and exits 2.
 */
export async function resolveSpecSource(
  output: Output,
  argument: string | undefined,
  url: string | undefined,
  json: boolean,
): Promise<ResolvedSource> {
  if (argument !== undefined && url !== undefined) {
    throw new UsageError('Give the spec once: as the source argument or with --url, not both.');
  }
  const given = argument ?? url;
  if (given === undefined) {
    throw new UsageError('Missing the spec: pass a file (YAML or JSON), - for standard input, or a URL.');
  }
  // --url is always a URL: the SDK checks it (source.url) before sending.
  if (url !== undefined || isUrl(given)) return { source: { url: given } };
  const text = await readText('the spec', given);
  if (text.trim() === '') throw new UsageError(`${given}: the file is empty.`);
  const file = given === '-' ? 'stdin' : given;
  // Relative `$ref` files are looked for beside the spec (the working directory for stdin).
  const directory = given === '-' ? process.cwd() : dirname(resolvePath(given));
  const { problems, warnings } = await checkSpec(text, file, { directory });
  reportSpecWarnings(output, warnings, json);
  if (problems.length > 0) {
    await reportSpecProblems(output, file, problems, json);
    throw new UsageError(
      `${file} is not a valid OpenAPI spec (${problems.length} problem${problems.length === 1 ? '' : 's'}): nothing was sent.`,
    );
  }
  return { source: { text }, file: given };
}

const annotation = (level: 'error' | 'warning', title: string) => (problem: SpecProblem) => ({
  level,
  title,
  file: problem.file,
  line: problem.line,
  col: problem.column,
  message: `${problem.pointer ? `${problem.pointer}: ` : ''}${problem.message}`,
});

/** Likely mistakes the service accepts: one stderr line each (and `::warning` annotations); the spec is still sent. */
function reportSpecWarnings(output: Output, warnings: readonly SpecProblem[], json: boolean): void {
  for (const warning of warnings) output.warn(formatProblem(warning));
  annotate(warnings.map(annotation('warning', 'OpenAPI spec: likely mistake')), json);
}

/** Every problem on its own stderr line; annotations and a job summary under GitHub Actions. */
async function reportSpecProblems(
  output: Output,
  file: string,
  problems: readonly SpecProblem[],
  json: boolean,
): Promise<void> {
  for (const problem of problems) output.info(formatProblem(problem));
  if (!inGitHubActions()) return;
  annotate(problems.map(annotation('error', 'Invalid OpenAPI spec')), json);
  await appendStepSummary(
    [
      `### ❌ OpenAPI spec \`${file}\` is not valid`,
      '',
      'Nothing was sent. Problems found before publishing:',
      '',
      '| place | JSON pointer | problem |',
      '|---|---|---|',
      ...problems.map(
        (p) =>
          `| ${tableCell([p.file, p.line, p.column].filter((part) => part !== undefined).join(':'))} | \`${tableCell(p.pointer || '/')}\` | ${tableCell(p.message)} |`,
      ),
      '',
    ].join('\n'),
  );
}

export const specColumns: Column<OpenAPISpec>[] = [
  { header: 'SLUG', value: (s) => s.slug },
  { header: 'STATE', value: (s) => s.processingState },
  { header: 'VISIBILITY', value: (s) => s.visibility, priority: 4 },
  { header: 'VERSION', value: (s) => s.lastVersion, priority: 2 },
  { header: 'PROCESSED', value: (s) => formatDate(s.lastProcessedAt), priority: 3 },
  { header: 'SOURCE', value: (s) => s.sourceURL, priority: 1 },
];

export function printSpec(output: Output, spec: OpenAPISpec, to: 'stdout' | 'stderr' = 'stdout'): void {
  output.fields(
    [
      ['Slug', spec.slug],
      ['ID', spec.id],
      ['State', spec.processingState],
      ['Visibility', spec.visibility],
      ['Source', spec.sourceURL],
      ['Version', spec.lastVersion],
      ['Processed', formatDate(spec.lastProcessedAt)],
      ['Error', spec.lastProcessErrorCode],
      ['Created', formatDate(spec.createdAt)],
      ['Updated', formatDate(spec.updatedAt)],
      ['Published', spec.urls?.published],
      ['App', spec.urls?.app],
    ],
    to,
  );
  const errors = spec.lastProcessedErrors ?? [];
  if (errors.length) {
    const text = `Errors:\n${errors.map((e) => `  ${e.code ? `${e.code}: ` : ''}${e.message ?? ''}`).join('\n')}`;
    if (to === 'stdout') output.data(text);
    else output.info(text);
  }
}

export async function pickSpec(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const listed = await client.openapi.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  // Only a spec with a slug can be named in the commands that follow.
  const specs = listed.flatMap((spec) => (spec.slug === undefined ? [] : [{ ...spec, slug: spec.slug }]));
  return pickOne(
    prompts,
    'OpenAPI spec',
    specs,
    `Organization ${organizationId} has no OpenAPI specs.`,
    (spec) => ({
      name: `${spec.slug} (${spec.processingState ?? 'unknown state'}, ${spec.visibility ?? 'unknown visibility'})`,
      value: spec.slug,
      ...(spec.sourceURL ? { description: spec.sourceURL } : {}),
    }),
  );
}

export interface FollowOptions {
  /** `--json`: the final spec goes to stdout even when processing failed. */
  json: boolean;
  /** The local file the spec came from, named in annotations. */
  file?: string | undefined;
  interval?: number | undefined;
  timeout?: number | undefined;
}

/**
 * Waits until the spec is processed, with a progress line on stderr at a terminal. Returns the
 * processed spec; a failed processing (`complete` with a `lastProcessErrorCode`) prints the spec
 * (stdout with --json, stderr otherwise) and exits 1.
 */
export async function followProcessing(
  output: Output,
  client: DocsClient,
  organizationId: string,
  slug: string,
  options: FollowOptions,
): Promise<OpenAPISpec> {
  const spec = await waitWithProgress<OpenAPISpec>(
    output,
    options,
    (read) => `Processing ${slug}: ${read.processingState ?? '?'}`,
    (waitOptions) => client.openapi.waitUntilProcessed(organizationId, slug, waitOptions),
    {
      starting: `Processing ${slug}`,
      onInterrupt: `Stopped waiting: the processing of ${slug} goes on. Follow it with \`docs openapi view ${slug} --org ${organizationId}\`.`,
    },
  );
  const { isOpenApiSpecFailed } = await import('../../sdk.js');
  const failed = isOpenApiSpecFailed(spec);
  if (inGitHubActions()) await reportProcessing(slug, spec, failed, options);
  if (failed) {
    if (options.json) output.json(spec);
    else printSpec(output, spec, 'stderr');
    throw new CommandError(
      `Processing of OpenAPI spec ${slug} failed (${spec.lastProcessErrorCode ?? '?'}).`,
    );
  }
  return spec;
}

/** Under GitHub Actions: the service's processing errors as annotations, and a job summary. */
async function reportProcessing(
  slug: string,
  spec: OpenAPISpec,
  failed: boolean,
  options: FollowOptions,
): Promise<void> {
  const errors = spec.lastProcessedErrors ?? [];
  if (failed) {
    annotate(
      (errors.length ? errors : [{ message: spec.lastProcessErrorCode ?? 'processing failed' }]).map(
        (error) => ({
          level: 'error' as const,
          title: `OpenAPI spec ${slug}: processing failed${spec.lastProcessErrorCode ? ` (${spec.lastProcessErrorCode})` : ''}`,
          file: options.file,
          message: `${error.code ? `${error.code}: ` : ''}${error.message ?? ''}`,
        }),
      ),
      options.json,
    );
  }
  await appendStepSummary(
    failed
      ? [
          `### ❌ OpenAPI spec \`${slug}\`: processing failed (${spec.lastProcessErrorCode ?? 'unknown error'})`,
          '',
          ...errors.map(
            (error) => `- ${error.code ? `\`${error.code}\` ` : ''}${tableCell(error.message ?? '')}`,
          ),
          '',
        ].join('\n')
      : `### ✅ OpenAPI spec \`${slug}\` published: version \`${spec.lastVersion ?? '?'}\`\n`,
  );
}

/** What `create` and `publish` send a spec with. */
export interface SpecSending {
  output: Output;
  client: DocsClient;
  organizationId: string;
  slug: string;
  /** The source argument: a file, `-` or a URL. */
  argument: string | undefined;
  flags: SpecSourceFlags;
  /** True with --json. */
  json: boolean;
  send: (source: ResolvedSource['source']) => Promise<OpenAPISpec>;
  /** Says a line after the error of a failed run (the way out). */
  hint: (line: string) => Promise<void>;
}

/**
 * `create` and `publish`: resolves the source (checking a file before anything is sent), sends
 * it with `send`, then with --wait follows the processing (see `followProcessing`). Returns the
 * spec as last read.
 */
export async function sendSpecSource({
  output,
  client,
  organizationId,
  slug,
  argument,
  flags,
  json,
  send,
  hint,
}: SpecSending): Promise<OpenAPISpec> {
  const { source, file } = await resolveSpecSource(output, argument, flags.url, json);
  const spec = await send(source).catch(async (error: unknown) => {
    // The service sets the largest body it takes; the document names none for a spec's text. A
    // spec it refuses as too large can still be published from a URL, which it fetches itself.
    const { ApiError } = await import('../../sdk-errors.js');
    if ('text' in source && error instanceof ApiError && error.status === 413)
      await hint(
        `${file === undefined || file === '-' ? 'The spec' : file} is sent as its text (${fileSize(Buffer.byteLength(source.text))}), more than the service takes in one request: publish it from a URL the service fetches itself instead (\`docs openapi publish ${slug} <url of the spec>\`).`,
      );
    throw error;
  });
  if (!flags.wait) {
    if (inGitHubActions()) await appendStepSummary(`### OpenAPI spec \`${slug}\` sent: processing started\n`);
    return spec;
  }
  return followProcessing(output, client, organizationId, slug, {
    json,
    file,
    interval: flags.interval,
    timeout: flags['wait-timeout'],
  });
}
