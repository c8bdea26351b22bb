import { parse as parseYaml } from 'yaml';
import { SandboxError } from './errors.js';
import type { PageRow } from './content-rows.js';
import type { Store } from './store.js';

/*
 * Computed content from a `builtin:openapi` source: the organization's OpenAPI spec it names (by
 * slug, `dependencies.spec.ref.spec`), as last processed, written as markdown the content model
 * turns into documents. A document (`getComputedDocument`) is one of the spec's views (its
 * models, its info, the operations of a path, one operation, a tag's operations); a revision
 * (`getComputedRevision`) is its pages, one per tag or per operation, and the models. Nothing is
 * added that the spec does not say.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;

interface Operation {
  path: string;
  method: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
}

export interface OpenApiSpec {
  slug: string;
  info: Json;
  operations: Operation[];
  schemas: Array<{ name: string; description?: string }>;
}

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The spec a source names, in the organization, as last processed; 404 or 400 naming the field. */
export function sourceSpec(store: Store, organization: string, source: Json): OpenApiSpec {
  const spec = asObject(asObject(source.dependencies).spec);
  const ref = asObject(spec.ref);
  const slug = text(ref.spec) ?? text(asObject(spec.value).slug);
  if (slug === undefined)
    throw new SandboxError(400, 'Invalid request: body.source.dependencies.spec: names no spec', [
      { path: 'body.source.dependencies.spec', message: 'names no spec' },
    ]);
  const row = [...store.openapiSpecs.values()].find(
    (candidate) => candidate.organization === organization && candidate.slug === slug,
  );
  if (!row)
    throw new SandboxError(404, `OpenAPI spec "${slug}" was not found in organization "${organization}"`);
  const version = row.lastVersion === undefined ? undefined : store.openapiVersions.get(row.lastVersion);
  if (version?.text === undefined)
    throw new SandboxError(400, `OpenAPI spec "${slug}" has no processed version the sandbox read`);
  return readSpec(slug, version.text);
}

function readSpec(slug: string, source: string): OpenApiSpec {
  const document = asObject(parseYaml(source));
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(asObject(document.paths))) {
    for (const method of METHODS) {
      const operation = asObject(asObject(item)[method]);
      if (!Object.keys(operation).length) continue;
      const summary = text(operation.summary);
      const description = text(operation.description);
      operations.push({
        path,
        method,
        ...(summary !== undefined ? { summary } : {}),
        ...(description !== undefined ? { description } : {}),
        tags: Array.isArray(operation.tags) ? operation.tags.filter((tag) => typeof tag === 'string') : [],
        deprecated: operation.deprecated === true,
      });
    }
  }
  const schemas = Object.entries(asObject(asObject(document.components).schemas)).map(([name, schema]) => {
    const description = text(asObject(schema).description);
    return { name, ...(description !== undefined ? { description } : {}) };
  });
  return { slug, info: asObject(document.info), operations, schemas };
}

function operationMarkdown(operation: Operation, depth: number): string {
  const heading = `${'#'.repeat(depth)} ${operation.method.toUpperCase()} ${operation.path}`;
  return [
    heading,
    ...(operation.deprecated ? ['Deprecated.'] : []),
    ...(operation.summary ? [operation.summary] : []),
    ...(operation.description ? [operation.description] : []),
  ].join('\n\n');
}

const modelsMarkdown = (spec: OpenApiSpec) =>
  [
    '# Models',
    ...spec.schemas.map((schema) =>
      [`## ${schema.name}`, ...(schema.description ? [schema.description] : [])].join('\n\n'),
    ),
  ].join('\n\n');

const notInSpec = (spec: OpenApiSpec, what: string) =>
  new SandboxError(404, `OpenAPI spec "${spec.slug}" has no ${what}`);

/** The markdown of one document of the spec, as `props` (`ComputedContentSourceDocumentOpenAPI`) asks. */
export function documentMarkdown(spec: OpenApiSpec, props: Json): string {
  const page = text(props.page) ?? '';
  switch (props.doc) {
    case 'models':
      return `${modelsMarkdown(spec)}\n`;
    case 'info': {
      const title = text(spec.info.title) ?? spec.slug;
      const version = text(spec.info.version);
      const description = text(spec.info.description);
      return `${[`# ${title}`, ...(version ? [`Version ${version}`] : []), ...(description ? [description] : [])].join('\n\n')}\n`;
    }
    case 'operations': {
      const found = spec.operations.filter((operation) => operation.path === page);
      if (!found.length) throw notInSpec(spec, `path "${page}"`);
      return `${found.map((operation) => operationMarkdown(operation, 2)).join('\n\n')}\n`;
    }
    case 'operation': {
      const method = text(props.method) ?? '';
      const found = spec.operations.find(
        (operation) => operation.path === page && operation.method === method,
      );
      if (!found) throw notInSpec(spec, `operation ${method.toUpperCase()} "${page}"`);
      return `${operationMarkdown(found, 1)}\n`;
    }
    case 'tag': {
      const found = spec.operations.filter((operation) => operation.tags.includes(page));
      if (!found.length) throw notInSpec(spec, `tag "${page}"`);
      return `${[`# ${page}`, ...found.map((operation) => operationMarkdown(operation, 2))].join('\n\n')}\n`;
    }
    default:
      throw new SandboxError(
        400,
        'Invalid request: body.source.props.doc: not a document of an OpenAPI spec',
        [{ path: 'body.source.props.doc', message: 'not a document of an OpenAPI spec' }],
      );
  }
}

/**
 * The pages of the spec (`ComputedContentSourceRevisionOpenAPI`): one per tag (`by-tag`, the
 * default; operations without a tag on one page named after the spec) or per operation, and the
 * models when `props.models`. Ids are made from the caller's `seed`.
 */
export function revisionPages(spec: OpenApiSpec, props: Json, seed: string, now: string): PageRow[] {
  let count = 0;
  const page = (title: string, slug: string, markdown: string): PageRow => ({
    id: `${seed}-${++count}`,
    title,
    slug,
    markdown,
    createdAt: now,
    updatedAt: now,
    links: [],
    pages: [],
  });
  const slugOf = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'page';
  // A page's title is its heading: its markdown starts below it.
  const pages: PageRow[] = [];
  const operations = (list: Operation[]) =>
    `${list.map((operation) => operationMarkdown(operation, 2)).join('\n\n')}\n`;
  if (props.grouping === 'by-operation') {
    for (const operation of spec.operations) {
      const title = operation.summary ?? `${operation.method.toUpperCase()} ${operation.path}`;
      pages.push(page(title, slugOf(`${operation.method} ${operation.path}`), operations([operation])));
    }
  } else {
    const tags = [...new Set(spec.operations.flatMap((operation) => operation.tags))];
    for (const tag of tags)
      pages.push(
        page(
          tag,
          slugOf(tag),
          operations(spec.operations.filter((operation) => operation.tags.includes(tag))),
        ),
      );
    const untagged = spec.operations.filter((operation) => !operation.tags.length);
    if (untagged.length) {
      const title = text(spec.info.title) ?? spec.slug;
      pages.push(page(title, slugOf(title), operations(untagged)));
    }
  }
  if (props.models === true && spec.schemas.length)
    pages.push(page('Models', 'models', `${modelsMarkdown(spec).replace(/^# Models\n\n/, '')}\n`));
  return pages;
}
