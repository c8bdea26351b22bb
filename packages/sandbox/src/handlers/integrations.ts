import { createHash } from 'node:crypto';
import {
  getIntegrationByName,
  listOrganizationIntegrationsStatus,
  listIntegrations,
  listSpaceIntegrations,
  listSpaceIntegrationsBlocks,
  publishIntegration,
  type InstalledIntegration,
  type Integration,
  type PublishIntegrationBody,
  type Organization,
} from '@docs-api/sdk/contract';
import { FILE_DOWNLOAD_PREFIX } from '../content.js';
import { invalidField, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { InstallationRow, IntegrationRow, Store } from '../store.js';
import { requireOrganization } from '../domain/organizations.js';
import {
  integrationView,
  integrationUrls,
  roleIn,
  storeIntegration,
  matches,
  type IntegrationDraft,
} from '../domain/integrations.js';
import { requireSpace } from '../domain/spaces.js';

/*
 * Integrations: the catalogue, publishing, and an organization's installations.
 *
 * - An integration is listed and read by everyone when it is not `private`; a private one only
 *   by members of its owner organization.
 * - Publishing needs the admin role in the publishing `organization` (its id or subdomain);
 *   the first publish of a name creates the integration at version 1, owned by that
 *   organization; each later publish, by the same organization only, bumps `version` and
 *   replaces the manifest (an omitted `visibility` keeps the previous one; `private` at first).
 * - Filters: `search` looks in name, title and description; `target` also matches
 *   integrations for `all` targets; `blockDomain` matches a block unfurling URLs of that host
 *   or of its subdomains.
 * - Installations status lists the organization's installations whose target (`organization`,
 *   `site` or `space`) is the query's `target`, `organization` by default; `site` (or `space`)
 *   keeps those on that site (space), and implies that target when none is given.
 * - A space's integrations are those installed on it, and those its organization installed for
 *   `all` spaces; `search` as for the catalogue. Its blocks are those these integrations declare.
 */

const isMember = (store: Store, organizationId: string) => roleIn(store, organizationId) !== undefined;

function visible(store: Store, row: IntegrationRow): boolean {
  return row.integration.visibility !== 'private' || isMember(store, row.owner);
}

function requireIntegration(store: Store, name: string): IntegrationRow {
  const row = store.integrations.get(name);
  if (!row || !visible(store, row)) throw notFound('integration', name);
  return row;
}

/** The publishing organization, by id or subdomain; the actor must administrate it. */
function publisher(store: Store, reference: string): Organization {
  const organization =
    store.organizations.get(reference) ??
    [...store.organizations.values()].find((org) => org.hostname === reference);
  if (!organization || !isMember(store, organization.id)) {
    throw invalidField('body.organization', `"${reference}" is not an organization you belong to`);
  }
  if (roleIn(store, organization.id) !== 'admin') {
    throw new SandboxError(
      403,
      `Publishing an integration for "${organization.id}" needs the admin role in it`,
    );
  }
  return organization;
}

/**
 * Keeps an image sent as base64 (an icon, a preview) in the store's blobs and answers its URL on
 * the sandbox's host (`/_files/<sha256>/<name>`, downloads.ts), so that a client can fetch it.
 */
function servedImage(store: Store, base64: string, name: string): string {
  const bytes = Buffer.from(base64, 'base64');
  const blob = createHash('sha256').update(bytes).digest('hex');
  store.blobs.set(blob, bytes.toString('base64'));
  return `${store.apiOrigin()}${FILE_DOWNLOAD_PREFIX}/${blob}/${name}`;
}

/** The integration a publish makes, from its manifest and the version before it. */
function published(
  store: Store,
  name: string,
  body: PublishIntegrationBody,
  previous: Integration | undefined,
): IntegrationDraft {
  const version = (previous?.version ?? 0) + 1;
  const urls = integrationUrls(name, version);
  return {
    object: 'integration',
    name,
    version,
    title: body.title,
    description: body.description,
    ...(body.summary !== undefined ? { summary: body.summary } : {}),
    previewImages: (body.previewImages ?? []).map((image, index) =>
      servedImage(store, image, `preview-${index + 1}.png`),
    ),
    target: body.target ?? 'all',
    verified: previous?.verified ?? false,
    visibility: body.visibility ?? previous?.visibility ?? 'private',
    scopes: [...body.scopes],
    categories: [...(body.categories ?? [])],
    ...(body.blocks ? { blocks: structuredClone(body.blocks) } : {}),
    ...(body.contentSources ? { contentSources: structuredClone(body.contentSources) } : {}),
    ...(body.configurations ? { configurations: structuredClone(body.configurations) } : {}),
    externalLinks: structuredClone(body.externalLinks ?? []),
    urls: {
      ...urls,
      ...(body.icon !== undefined ? { icon: servedImage(store, body.icon, 'icon.png') } : {}),
    },
    ...(body.contentSecurityPolicy !== undefined
      ? { contentSecurityPolicy: structuredClone(body.contentSecurityPolicy) }
      : {}),
  };
}

/** What an installations-status row says the integration is installed on. */
function installationTarget(row: InstallationRow): NonNullable<InstalledIntegration['target']> {
  if (row.target === 'site') return { type: 'site', siteId: row.site ?? '' };
  if (row.target === 'space') return { type: 'space', spaceId: row.space ?? '' };
  return { type: 'organization', organizationId: row.organization };
}

/** The integrations installed on a space: on it, or organization-wide for `all` spaces; 404 for an unknown space. */
function spaceIntegrations(store: Store, spaceId: string): IntegrationRow[] {
  const space = requireSpace(store, spaceId);
  const names = new Set(
    [...store.installations.values()]
      .filter(
        (row) =>
          row.organization === space.organization &&
          ((row.target === 'space' && row.space === space.id) ||
            (row.target === 'organization' && row.spaceSelection === 'all')),
      )
      .map((row) => row.integration),
  );
  return [...store.integrations.values()].filter((row) => names.has(row.integration.name));
}

export const integrationHandlers = [
  implement(listSpaceIntegrations, ({ store, params, query }) => {
    const integrations = spaceIntegrations(store, params.spaceId)
      .filter((row) => matches(row, { search: query.search }))
      .map((row) => integrationView(store, row));
    // The document gives this list no page or limit: one page holds them all.
    return paginate(integrations, { limit: Math.max(1, integrations.length) });
  }),

  implement(listSpaceIntegrationsBlocks, ({ store, params }) =>
    spaceIntegrations(store, params.spaceId)
      .filter((row) => (row.integration.blocks ?? []).length > 0)
      .map((row) => ({ name: row.integration.name, blocks: structuredClone(row.integration.blocks ?? []) })),
  ),

  implement(listIntegrations, ({ store, query }) => {
    const integrations = [...store.integrations.values()]
      .filter((row) => visible(store, row) && matches(row, query))
      .map((row) => integrationView(store, row));
    return paginate(integrations, query);
  }),

  implement(getIntegrationByName, ({ store, params }) =>
    integrationView(store, requireIntegration(store, params.integrationName)),
  ),

  implement(publishIntegration, ({ store, params, body }) => {
    const name = params.integrationName;
    const organization = publisher(store, body.organization);
    const existing = store.integrations.get(name);
    if (existing && existing.owner !== organization.id) {
      throw new SandboxError(
        403,
        `The integration "${name}" belongs to another organization: publish it under another name`,
      );
    }
    const row = storeIntegration(store, {
      integration: published(store, name, body, existing?.integration),
      owner: organization.id,
      // The script a site injects is the fixtures' to declare: a publish sends the integration's
      // own code (`scriptSource`, which runs on the service), no script for sites.
      ...(existing?.script !== undefined ? { script: existing.script } : {}),
      ...(existing?.cookies !== undefined ? { cookies: existing.cookies } : {}),
      scriptSource: body.script,
      ...(body.secrets ? { secrets: { ...body.secrets } } : {}),
      ...(body.runtime ? { runtime: body.runtime } : existing?.runtime ? { runtime: existing.runtime } : {}),
    });
    return integrationView(store, row);
  }),

  implement(listOrganizationIntegrationsStatus, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const target =
      query.target ??
      (query.site !== undefined ? 'site' : query.space !== undefined ? 'space' : 'organization');
    const items = [...store.installations.values()]
      .filter(
        (row) =>
          row.organization === params.organizationId &&
          row.target === target &&
          (query.site === undefined || row.site === query.site) &&
          (query.space === undefined || row.space === query.space),
      )
      .flatMap((row) => {
        const integration = store.integrations.get(row.integration);
        return integration
          ? [
              {
                status: row.status,
                integration: integrationView(store, integration),
                target: installationTarget(row),
              },
            ]
          : [];
      });
    return paginate(items, query);
  }),
];
