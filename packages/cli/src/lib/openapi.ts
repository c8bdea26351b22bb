import { Args, Flags } from '@oclif/core';
import type { DocsClient, OpenApiSpec } from '@docs-api/sdk';
import { CommandError } from './exit-codes.js';
import { formatDate, output, type Column } from './output.js';
import { pickOne } from './prompts.js';
import { waitFlags, waitWithProgress } from './progress.js';

/*
 * What the `docs openapi ...` commands share: arguments, the picker, table columns, the
 * printer, and sending a source (`create`, `publish`) then following its processing with --wait.
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

/** The flags of `create` and `publish`: where the spec is fetched from, and --wait. */
export const specSourceFlags = {
  url: Flags.string({
    char: 'u',
    description: 'URL the spec is fetched from (http or https)',
    required: true,
  }),
  ...waitFlags({
    wait: 'Wait until the spec is processed; exit 1 if processing fails',
    goesOn: 'processing goes on',
  }),
};

/** The values of `specSourceFlags`. */
export interface SpecSourceFlags {
  url: string;
  wait: boolean;
  interval?: number | undefined;
  timeout?: number | undefined;
}

export const specColumns: Column<OpenApiSpec>[] = [
  { header: 'SLUG', value: (s) => s.slug },
  { header: 'STATE', value: (s) => s.processingState },
  { header: 'VISIBILITY', value: (s) => s.visibility },
  { header: 'VERSION', value: (s) => s.lastVersion },
  { header: 'PROCESSED', value: (s) => formatDate(s.lastProcessedAt) },
  { header: 'SOURCE', value: (s) => s.sourceURL },
];

export function printSpec(spec: OpenApiSpec, to: 'stdout' | 'stderr' = 'stdout'): void {
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

export async function pickSpec(client: DocsClient, organizationId: string): Promise<string> {
  const listed = await client.openapi.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  // Only a spec with a slug can be named in the commands that follow.
  const specs = listed.flatMap((spec) => (spec.slug === undefined ? [] : [{ ...spec, slug: spec.slug }]));
  return pickOne('OpenAPI spec', specs, `Organization ${organizationId} has no OpenAPI specs.`, (spec) => ({
    name: `${spec.slug} (${spec.processingState ?? 'unknown state'}, ${spec.visibility ?? 'unknown visibility'})`,
    value: spec.slug,
    ...(spec.sourceURL ? { description: spec.sourceURL } : {}),
  }));
}

export interface FollowOptions {
  /** `--json`: the final spec goes to stdout even when processing failed. */
  json: boolean;
  interval?: number | undefined;
  timeout?: number | undefined;
}

/**
 * Waits until the spec is processed, with a progress line on stderr at a terminal. Returns the
 * processed spec; a failed processing (`complete` with a `lastProcessErrorCode`) prints the spec
 * (stdout with --json, stderr otherwise) and exits 1.
 */
export async function followProcessing(
  client: DocsClient,
  organizationId: string,
  slug: string,
  options: FollowOptions,
): Promise<OpenApiSpec> {
  const spec = await waitWithProgress<OpenApiSpec>(
    options,
    (read) => `Processing ${slug}: ${read.processingState ?? '?'}`,
    (waitOptions) => client.openapi.waitUntilProcessed(organizationId, slug, waitOptions),
  );
  const { isOpenApiSpecFailed } = await import('@docs-api/sdk');
  if (isOpenApiSpecFailed(spec)) {
    if (options.json) output.json(spec);
    else printSpec(spec, 'stderr');
    throw new CommandError(
      `Processing of OpenAPI spec ${slug} failed (${spec.lastProcessErrorCode ?? '?'}).`,
    );
  }
  return spec;
}

/**
 * `create` and `publish`: sends the source with `send`, then with --wait follows the processing
 * (see `followProcessing`; `json` is true with --json). Returns the spec as last read.
 */
export async function sendSpecSource(
  client: DocsClient,
  organizationId: string,
  slug: string,
  flags: SpecSourceFlags,
  json: boolean,
  send: (source: { url: string }) => Promise<OpenApiSpec>,
): Promise<OpenApiSpec> {
  const spec = await send({ url: flags.url });
  if (!flags.wait) return spec;
  return followProcessing(client, organizationId, slug, {
    json,
    interval: flags.interval,
    timeout: flags.timeout,
  });
}
