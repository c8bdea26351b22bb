import {
  getLatestOpenAPISpecVersion,
  getLatestOpenAPISpecVersionContent,
  getLatestOpenAPISpecVersionContentRaw,
  getOpenAPISpecVersionById,
  getOpenAPISpecVersionContentById,
  listOpenAPISpecVersions,
  type OpenAPISpecContent,
  type OpenAPISpecVersion,
} from '@docs-api/sdk/contract';
import { parse as parseYaml } from 'yaml';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { OpenApiSpecRow, OpenApiVersionRow, Store } from '../store.js';
import { OPENAPI_FILE_PREFIX, openApiSpecView, requireSpec } from '../domain/openapi-specs.js';

/*
 * Versions of an OpenAPI spec. Each time processing ends without errors (a spec created, or its
 * source replaced, then read until processed: see handlers/openapi.ts) a version is recorded,
 * and the spec's `lastVersion` names it; a failed processing records none (the last good
 * version stays the latest). Versions are listed newest first.
 *
 * A version's content is what was processed: `filesystem` maps the entry file's name (the last
 * part of the source URL, or `openapi.yaml` / `openapi.json` for a spec sent as text) to the
 * parsed document; `urls.source` is where it came from, `urls.public` where the published spec
 * serves it (null for a private spec). The sandbox reads the text of specs sent as text and of
 * loopback URLs; for any other URL it has no text, so the filesystem is empty and the raw
 * content is a 404 (as the document says of versions with no raw source).
 */

/** The spec's versions, oldest first; a `lastVersion` with no row (a fixture's) is shown bare. */
function versionsOf(store: Store, spec: OpenApiSpecRow): OpenApiVersionRow[] {
  const versions = [...store.openapiVersions.values()].filter((version) => version.spec === spec.id);
  if (spec.lastVersion && !versions.some((version) => version.id === spec.lastVersion)) {
    versions.push({
      id: spec.lastVersion,
      spec: spec.id,
      createdAt: spec.lastProcessedAt ?? spec.updatedAt,
      ...(spec.sourceURL !== undefined ? { sourceURL: spec.sourceURL } : {}),
    });
  }
  return versions;
}

function requireVersion(store: Store, spec: OpenApiSpecRow, versionId: string): OpenApiVersionRow {
  const version = versionsOf(store, spec).find((candidate) => candidate.id === versionId);
  if (!version) throw notFound('OpenAPI spec version', versionId);
  return version;
}

function latestVersion(store: Store, spec: OpenApiSpecRow): OpenApiVersionRow {
  const version =
    spec.lastVersion && versionsOf(store, spec).find((candidate) => candidate.id === spec.lastVersion);
  if (!version) throw notFound('OpenAPI spec version of', spec.slug);
  return version;
}

const formatOf = (text: string): 'json' | 'yaml' => (text.trimStart().startsWith('{') ? 'json' : 'yaml');

/** The entry file's name: the source URL's last part, or `openapi.<format>`. */
function fileName(version: OpenApiVersionRow): string {
  if (version.sourceURL) {
    const last = new URL(version.sourceURL).pathname.split('/').filter(Boolean).pop();
    if (last) return decodeURIComponent(last);
  }
  return `openapi.${formatOf(version.text ?? '')}`;
}

/** Where the version's entry file is: its source URL, or the sandbox's copy of a text (downloads.ts). */
function versionUrl(store: Store, spec: OpenApiSpecRow, version: OpenApiVersionRow): string {
  return (
    version.sourceURL ??
    `${store.apiOrigin()}${OPENAPI_FILE_PREFIX}/${spec.id}/${version.id}/${encodeURIComponent(fileName(version))}`
  );
}

function versionView(store: Store, spec: OpenApiSpecRow, version: OpenApiVersionRow): OpenAPISpecVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.createdAt,
    url: versionUrl(store, spec, version),
    urls: {
      location: store.apiUrl(`/orgs/${spec.organization}/openapi/${spec.slug}/versions/${version.id}`),
    },
  };
}

function contentView(store: Store, spec: OpenApiSpecRow, version: OpenApiVersionRow): OpenAPISpecContent {
  const filesystem: Record<string, unknown> = {};
  if (version.text !== undefined) {
    filesystem[fileName(version)] = parseYaml(version.text, {
      maxAliasCount: 10_000,
      merge: true,
    }) as unknown;
  }
  const published = openApiSpecView(store, spec).urls?.published;
  return {
    filesystem,
    urls: {
      source: versionUrl(store, spec, version),
      // "Proxy URL for stored specs, source URL for external specs. Null for private specs."
      public: published
        ? (version.sourceURL ?? `${published}/versions/${version.id}/${fileName(version)}`)
        : null,
    },
  };
}

export const openApiVersionHandlers = [
  // `latest` before `{versionId}`: routes match in the order they are registered.
  implement(listOpenAPISpecVersions, ({ store, params, query }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    const versions = versionsOf(store, spec)
      .reverse()
      .map((version) => versionView(store, spec, version));
    return paginate(versions, query);
  }),

  implement(getLatestOpenAPISpecVersion, ({ store, params }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    return versionView(store, spec, latestVersion(store, spec));
  }),

  implement(getLatestOpenAPISpecVersionContent, ({ store, params }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    return contentView(store, spec, latestVersion(store, spec));
  }),

  implement(getLatestOpenAPISpecVersionContentRaw, ({ store, params }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    const version = latestVersion(store, spec);
    if (version.text === undefined) {
      throw notFound('raw source of OpenAPI spec version', version.id);
    }
    return { text: version.text, format: formatOf(version.text) };
  }),

  implement(getOpenAPISpecVersionById, ({ store, params }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    return versionView(store, spec, requireVersion(store, spec, params.versionId));
  }),

  implement(getOpenAPISpecVersionContentById, ({ store, params }) => {
    const spec = requireSpec(store, params.organizationId, params.specSlug);
    return contentView(store, spec, requireVersion(store, spec, params.versionId));
  }),
];
