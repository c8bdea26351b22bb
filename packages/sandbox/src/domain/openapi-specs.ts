import type { OpenAPISpec } from '@docs-api/sdk/contract';
import { APP_HOST } from '../content.js';
import { notFound } from '../errors.js';
import type { OpenApiSpecRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';

/*
 * An organization's OpenAPI specs as the specs and versions areas read them: the lookup by slug
 * (404 when none) and a spec's API view. A domain module: handlers import it, it imports no
 * handler.
 */

const PUBLIC_DOMAIN = 'sandbox.docs-api.local';

/**
 * Where the sandbox serves a version's stored text (downloads.ts), under the origin a request
 * reached: `/_openapi/<spec id>/<version id>/<entry file name>`.
 */
export const OPENAPI_FILE_PREFIX = '/_openapi';

/** The organization's spec with this slug, if any. */
export function findSpec(store: Store, organizationId: string, slug: string): OpenApiSpecRow | undefined {
  for (const row of store.openapiSpecs.values()) {
    if (row.organization === organizationId && row.slug === slug) return row;
  }
  return undefined;
}

/** The organization's spec with this slug; 404 when none (or the actor is not a member). */
export function requireSpec(store: Store, organizationId: string, slug: string): OpenApiSpecRow {
  requireOrganization(store, organizationId);
  const row = findSpec(store, organizationId, slug);
  if (!row) throw notFound('OpenAPI spec', slug);
  return row;
}

/** The API view of a spec: its processing state, versions and URLs. */
export function openApiSpecView(store: Store, row: OpenApiSpecRow): OpenAPISpec {
  const organization = store.organizations.get(row.organization);
  return {
    object: 'openapi-spec',
    id: row.id,
    slug: row.slug,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.sourceURL !== undefined ? { sourceURL: row.sourceURL } : {}),
    processingState: row.processingState,
    visibility: row.visibility,
    ...(row.lastVersion ? { lastVersion: row.lastVersion } : {}),
    ...(row.lastProcessedAt ? { lastProcessedAt: row.lastProcessedAt } : {}),
    ...(row.lastProcessErrorCode ? { lastProcessErrorCode: row.lastProcessErrorCode } : {}),
    ...(row.lastProcessedErrors
      ? { lastProcessedErrors: row.lastProcessedErrors.map((e) => ({ ...e })) }
      : {}),
    lastProcessedErrorCount: row.lastProcessedErrors?.length ?? 0,
    permissions: { view: true, edit: true },
    urls: {
      location: store.apiUrl(`/orgs/${row.organization}/openapi/${row.slug}`),
      app: `https://${APP_HOST}/o/${row.organization}/openapi/${row.slug}`,
      ...(row.visibility === 'public'
        ? {
            published: `https://${organization?.hostname ?? row.organization}.${PUBLIC_DOMAIN}/openapi/${row.slug}`,
          }
        : {}),
    },
  };
}
