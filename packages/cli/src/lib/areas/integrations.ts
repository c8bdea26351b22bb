import { Args } from '../../oclif.js';
import type { DocsClient, Integration } from '@docs-api/sdk';
import { UsageError } from '../failures/exit-codes.js';
import { readJson } from '../input/files.js';
import { type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs integrations ...` commands share: the argument, the picker, columns, the
 * printer and the reading of a publish manifest and script.
 */

/*
 * The published API document's values for the enumerated filters, kept here so the command
 * files stay free of the SDK's runtime (the SDK checks them again before sending).
 */
export const INTEGRATION_CATEGORY_OPTIONS = [
  'analytics',
  'collaboration',
  'content',
  'marketing',
  'visitor-auth',
  'other',
];
export const INTEGRATION_TARGET_OPTIONS = ['all', 'site', 'space', 'organization'];
export const INTEGRATION_SCOPE_OPTIONS = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:visitor:claims',
  'site:adaptive:read',
  'site:adaptive:write',
  'conversations:ingest',
  'openapi:read',
  'openapi:write',
];
export const INSTALLATION_TARGET_OPTIONS = ['organization', 'space', 'site'];

export const integrationArg = Args.string({
  name: 'name',
  description: 'Integration name (picked from a list at a terminal when omitted)',
});

export const integrationColumns: Column<Integration>[] = [
  { header: 'NAME', value: (i) => i.name },
  { header: 'TITLE', value: (i) => i.title, cut: true },
  { header: 'VERSION', value: (i) => i.version, priority: 3 },
  { header: 'OWNER', value: (i) => i.owner?.id, priority: 2 },
  { header: 'VISIBILITY', value: (i) => i.visibility, priority: 4 },
  { header: 'CATEGORIES', value: (i) => i.categories?.join(', '), cut: true, priority: 1 },
];

export function printIntegration(output: Output, integration: Integration): void {
  output.fields([
    ['Name', integration.name],
    ['Title', integration.title],
    ['Version', integration.version],
    ['Description', integration.description],
    ['Owner', integration.owner?.id],
    ['Visibility', integration.visibility],
    ['Target', integration.target],
    ['Verified', integration.verified],
    ['Scopes', integration.scopes?.join(', ')],
    ['Categories', integration.categories?.join(', ')],
    ['Blocks', integration.blocks?.map((block) => block.id).join(', ')],
    ['Content sources', integration.contentSources?.map((source) => source.id).join(', ')],
    ['URL', integration.urls?.app],
  ]);
}

export async function pickIntegration(prompts: Prompts, client: DocsClient): Promise<string> {
  const integrations = await client.integrations.list({ limit: 100 }).toArray({ max: 100 });
  return pickOne(prompts, 'Integration', integrations, 'No integrations are listed.', (integration) => ({
    name: `${integration.title ?? integration.name} (${integration.name})`,
    value: integration.name,
    ...(integration.description ? { description: integration.description } : {}),
  }));
}

/** `--file`: a JSON object holding the publish body's fields (`title`, `description`, ...). */
export async function readManifest(file: string): Promise<Record<string, unknown>> {
  const data = await readJson('--file', file);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(`--file: ${file} must hold a JSON object of the integration's fields.`);
  }
  return data as Record<string, unknown>;
}
