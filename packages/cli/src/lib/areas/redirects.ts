import type {
  BulkUpsertSiteRedirectsBody,
  BulkUpsertSiteRedirectsResponse,
  SiteRedirect,
  SiteRedirectDestination,
  SiteRedirectInputDestination,
} from '@docs-api/sdk';
import { UsageError } from '../failures/exit-codes.js';
import { readText } from '../input/files.js';
import type { Column } from '../terminal/output.js';

/*
 * `docs sites redirects set`: a file of redirects (YAML or JSON), each entry checked against the
 * contract before anything is sent, errors naming the file, the line and the entry; the plan
 * (what is created, changed, left, deleted with --prune) made against the site's redirects.
 */

/** One entry of the bulk upsert that sets a redirect (not a `publish` one). */
export type RedirectInput = Extract<
  BulkUpsertSiteRedirectsBody['redirects'][number],
  { destination: unknown }
>;

/** An entry of the file, as read and checked. */
export interface RedirectEntry {
  /** 1-based, in the file's order. */
  index: number;
  /** `file:line` (YAML and JSON both), or the file alone when the line is not known. */
  where: string;
  input: RedirectInput;
}

/** The bulk operation's limit: more entries are sent in several requests. */
export const BULK_LIMIT = 500;

const ENTRY_KEYS = new Set(['source', 'destination', 'permanent', 'captureWildcard', 'draft']);
/** What `docs sites redirects list --json` adds to each entry: read back, and left out. */
const READ_ONLY_KEYS = new Set(['object', 'id', 'createdAt', 'updatedAt']);

const SOURCE_RULE =
  'must be a path such as /old-page or /guides/* (letters, digits, - . _ ~ + and %-escapes between slashes; a * only at the end)';

/** The fields each kind of destination needs. */
const DESTINATION_FIELDS: Record<string, readonly string[]> = {
  external: ['url'],
  'site-space': ['siteSpaceId'],
  'site-section': ['siteSectionId'],
  'site-page': ['siteSpaceId', 'pageId'],
  path: ['spaceId', 'path'],
};

/** What is wrong with a destination's kind or fields, in words; undefined when they are there. */
function checkDestination(destination: unknown): string | undefined {
  if (!destination || typeof destination !== 'object' || Array.isArray(destination))
    return 'destination must be a URL, or an object with a kind';
  const { kind } = destination as { kind?: unknown };
  const fields = typeof kind === 'string' ? DESTINATION_FIELDS[kind] : undefined;
  if (!fields)
    return `destination.kind must be one of ${Object.keys(DESTINATION_FIELDS).join(', ')}${kind === undefined ? '' : ` (got ${JSON.stringify(kind)})`}`;
  const missing = fields.filter(
    (field) => typeof (destination as Record<string, unknown>)[field] !== 'string',
  );
  return missing.length > 0
    ? `a destination of kind ${String(kind)} needs ${missing.join(' and ')}`
    : undefined;
}

/** `https://…` → an external destination; an object is the API's form (`kind` and its fields). */
function destinationOf(value: unknown): unknown {
  if (typeof value === 'string') return { kind: 'external', url: value };
  return value;
}

/**
 * Reads and checks the redirects of `file` (`-`: standard input): a list of entries, or
 * `{ redirects: [...] }`. Each entry: `source` (a path such as /old/page, /old/*), `destination`
 * (a URL, or `{ kind: site-space, siteSpaceId }`, `{ kind: site-section, siteSectionId }`,
 * `{ kind: site-page, siteSpaceId, pageId }`, `{ kind: path, spaceId, path }`,
 * `{ kind: external, url }`), and optionally `permanent`, `captureWildcard`, `draft`. Every
 * problem of every entry is reported at once (exit 2), nothing sent.
 */
export async function readRedirectsFile(file: string): Promise<RedirectEntry[]> {
  const text = await readText('--file', file);
  const name = file === '-' ? 'standard input' : file;
  const { LineCounter, parseDocument, isMap, isSeq } = await import('yaml');
  const lineCounter = new LineCounter();
  // YAML reads JSON too, and keeps where each entry starts.
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    const [first] = document.errors;
    const line = first?.linePos?.[0]?.line;
    throw new UsageError(
      `${name}${line ? `:${line}` : ''}: not valid YAML or JSON: ${first?.message.split('\n')[0] ?? ''}`,
    );
  }
  let list: unknown = document.contents;
  if (isMap(list) && list.has('redirects')) list = list.get('redirects', true);
  if (!isSeq(list))
    throw new UsageError(
      `${name}: expected a list of redirects (or { redirects: [...] }), each with a source and a destination.`,
    );

  const { operationById, checkRequestPart } = await import('../../sdk-contract.js');
  const operation = operationById('createSiteRedirect');
  if (!operation?.body) throw new Error('the contract has no createSiteRedirect body');

  const problems: string[] = [];
  const entries: RedirectEntry[] = [];
  const seen = new Map<string, number>();
  list.items.forEach((node, i) => {
    const index = i + 1;
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0];
    const where = offset === undefined ? name : `${name}:${lineCounter.linePos(offset).line}`;
    const value = (node as { toJSON?: () => unknown } | null)?.toJSON?.() ?? node;
    const source = value && typeof value === 'object' ? (value as { source?: unknown }).source : undefined;
    const label = `${where}: entry ${index}${typeof source === 'string' ? ` (${source})` : ''}`;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${label}: expected an object with a source and a destination`);
      return;
    }
    const record = value as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !ENTRY_KEYS.has(key) && !READ_ONLY_KEYS.has(key));
    if (unknown.length > 0)
      problems.push(
        `${label}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (the fields are ${[...ENTRY_KEYS].join(', ')})`,
      );
    if (record.destination === undefined || record.destination === null)
      problems.push(`${label}: destination is missing (a URL, or an object with a kind)`);
    if (record.draft !== undefined && typeof record.draft !== 'boolean')
      problems.push(`${label}: draft must be true or false`);
    const input = {
      source: record.source,
      intent: record.draft === true ? 'draft' : 'live',
      destination: destinationOf(record.destination),
      ...(record.permanent === undefined ? {} : { permanent: record.permanent }),
      ...(record.captureWildcard === undefined ? {} : { captureWildcard: record.captureWildcard }),
    } as RedirectInput;
    if (unknown.length === 0 && record.destination !== undefined && record.destination !== null) {
      const destinationProblem = checkDestination(input.destination);
      if (destinationProblem) problems.push(`${label}: ${destinationProblem}`);
      // The contract's rules for one redirect (createSiteRedirect's body: one object, so its
      // messages name the field, where the bulk body's union would only say "Invalid input").
      const { intent: _intent, ...one } = input;
      const result = checkRequestPart(operation.body!, { ...one, draft: input.intent === 'draft' }, 'body');
      if (!result.ok)
        for (const issue of result.issues) {
          const field = issue.path.replace(/^body\.?/, '') || 'the entry';
          if (destinationProblem && field.startsWith('destination')) continue;
          problems.push(
            `${label}: ${field}: ${field === 'source' && /pattern/.test(issue.message) ? SOURCE_RULE : issue.message}`,
          );
        }
    }
    if (typeof source === 'string') {
      const key = `${input.intent} ${source}`;
      const first = seen.get(key);
      if (first !== undefined) problems.push(`${label}: source ${source} is also entry ${first}`);
      else seen.set(key, index);
    }
    entries.push({ index, where, input });
  });
  if (problems.length > 0)
    throw new UsageError(
      `${name} has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}, nothing was sent:\n${problems.join('\n')}`,
    );
  return entries;
}

/** Whether an existing redirect already says what an entry says (nothing to send for it). */
function sameRedirect(existing: SiteRedirect, input: RedirectInput): boolean {
  if ((existing.draft ? 'draft' : 'live') !== (input.intent ?? 'live')) return false;
  if (existing.permanent !== (input.permanent ?? existing.permanent)) return false;
  if (existing.captureWildcard !== (input.captureWildcard ?? false)) return false;
  return sameDestination(existing.destination, input.destination);
}

function sameDestination(
  existing: SiteRedirectDestination,
  input: SiteRedirectInputDestination | null,
): boolean {
  if (!input) return false;
  const a = existing as Record<string, unknown>;
  const b = input as unknown as Record<string, unknown>;
  // A path destination is resolved by the service to a page: it cannot be compared, and is sent.
  if (b.kind === 'path' || a.kind !== b.kind) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => key !== 'kind'));
  return [...keys].every((key) => a[key] === b[key]);
}

/** What `set` does, worked out before anything is sent. */
export interface RedirectPlan {
  /** Entries to send: new, or different from the site's. */
  upsert: RedirectEntry[];
  /** Entries the site already has as written. */
  unchanged: RedirectEntry[];
  /** The site's redirects that no entry names (deleted with --prune). */
  others: SiteRedirect[];
}

export function planRedirects(
  entries: readonly RedirectEntry[],
  existing: readonly SiteRedirect[],
): RedirectPlan {
  const byKey = new Map(
    existing.map((redirect) => [`${redirect.draft ? 'draft' : 'live'} ${redirect.source}`, redirect]),
  );
  const named = new Set<string>();
  const plan: RedirectPlan = { upsert: [], unchanged: [], others: [] };
  for (const entry of entries) {
    const key = `${entry.input.intent ?? 'live'} ${entry.input.source}`;
    named.add(key);
    const current = byKey.get(key);
    if (current && sameRedirect(current, entry.input)) plan.unchanged.push(entry);
    else plan.upsert.push(entry);
  }
  plan.others = existing.filter(
    (redirect) => !named.has(`${redirect.draft ? 'draft' : 'live'} ${redirect.source}`),
  );
  return plan;
}

/** Splits a list into chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

export type RedirectResult = BulkUpsertSiteRedirectsResponse['results'][number];

/** A destination for people: the URL, or what it points at on the site. */
export function describeDestination(
  destination: SiteRedirectDestination | SiteRedirectInputDestination | null | undefined,
): string {
  if (!destination) return '';
  const d = destination as unknown as Record<string, string | undefined> & { kind: string };
  switch (d.kind) {
    case 'external':
      return d.url ?? '';
    case 'site-space':
      return `site space ${d.siteSpaceId}`;
    case 'site-section':
      return `section ${d.siteSectionId}`;
    case 'site-page':
      return `page ${d.pageId} of ${d.siteSpaceId}`;
    case 'path':
      return `${d.path} in ${d.spaceId}`;
    default:
      return d.kind;
  }
}

/**
 * A destination in a table cell, the shortest that says it: a URL, or the id of what it points
 * at (its prefix tells the kind: sitesp_ a site space, sitesc_ a section), so a narrow terminal
 * keeps the id.
 */
export function destinationCell(destination: SiteRedirectDestination): string {
  const d = destination as unknown as Record<string, string | undefined> & { kind: string };
  switch (d.kind) {
    case 'external':
      return d.url ?? '';
    case 'site-space':
      return d.siteSpaceId ?? '';
    case 'site-section':
      return d.siteSectionId ?? '';
    case 'site-page':
      return `${d.pageId} (${d.siteSpaceId})`;
    default:
      return describeDestination(destination);
  }
}

export const redirectColumns: Column<SiteRedirect>[] = [
  { header: 'SOURCE', value: (r) => r.source },
  { header: 'DESTINATION', value: (r) => destinationCell(r.destination), cut: true },
  { header: 'PERMANENT', value: (r) => r.permanent, priority: 2 },
  { header: 'DRAFT', value: (r) => r.draft, priority: 1 },
];
