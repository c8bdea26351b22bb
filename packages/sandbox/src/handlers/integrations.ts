import {
  getIntegration,
  listInstallationsStatus,
  listIntegrations,
  publishIntegration,
  type Integration,
  type IntegrationListQuery,
  type Organization,
} from '@docs-api/sdk/contract';
import { invalidField, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { IntegrationRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';

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
 *   `site` or `space`) is the query's `target`, `organization` by default.
 */

export const INTEGRATIONS_HOST = 'integrations.sandbox.docs-api.local';
/** The only runtime the sandbox knows (the contract shows no other). */
const RUNTIMES = ['v1'];

/** A 400 naming one field, in the same shape as the sandbox's validation errors. */
function roleIn(store: Store, organizationId: string): string | null | undefined {
  return store.members.find((m) => m.organization === organizationId && m.user === store.actor)?.role;
}

const isMember = (store: Store, organizationId: string) => roleIn(store, organizationId) !== undefined;

function visible(store: Store, integration: Integration): boolean {
  if (integration.visibility !== 'private') return true;
  return integration.owner !== undefined && isMember(store, integration.owner.id);
}

function requireIntegration(store: Store, name: string): IntegrationRow {
  const row = store.integrations.get(name);
  if (!row || !visible(store, row.integration)) throw notFound('integration', name);
  return row;
}

/** The API view: the stored integration, with what the caller may do with it. */
export function integrationView(store: Store, row: IntegrationRow): Integration {
  const owner = row.integration.owner?.id;
  return {
    ...structuredClone(row.integration),
    permissions: { admin: owner !== undefined && roleIn(store, owner) === 'admin' },
  };
}

/** Hostnames of the URLs a block unfurls (`https://status.acme.test/*` gives `status.acme.test`). */
function unfurledHosts(integration: Integration): string[] {
  return (integration.blocks ?? []).flatMap((block) =>
    (block.urlUnfurl ?? []).flatMap((url) => {
      try {
        return [new URL(url.replace(/\*/g, 'x')).hostname];
      } catch {
        return [];
      }
    }),
  );
}

function matches(integration: Integration, query: IntegrationListQuery): boolean {
  const search = query.search?.toLowerCase();
  if (
    search !== undefined &&
    ![integration.name, integration.title, integration.description].some((text) =>
      (text ?? '').toLowerCase().includes(search),
    )
  ) {
    return false;
  }
  if (query.category !== undefined && !(integration.categories ?? []).includes(query.category)) return false;
  if (query.scope !== undefined && !(integration.scopes ?? []).includes(query.scope)) return false;
  if (query.owner !== undefined && integration.owner?.id !== query.owner) return false;
  if (query.target !== undefined && integration.target !== query.target && integration.target !== 'all') {
    return false;
  }
  if (query.blocks !== undefined && (integration.blocks ?? []).length > 0 !== query.blocks) return false;
  if (
    query.contentSources !== undefined &&
    (integration.contentSources ?? []).length > 0 !== query.contentSources
  ) {
    return false;
  }
  const domain = query.blockDomain?.toLowerCase();
  if (
    domain !== undefined &&
    !unfurledHosts(integration).some((host) => host === domain || host.endsWith(`.${domain}`))
  ) {
    return false;
  }
  return true;
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

export const integrationHandlers = [
  implement(listIntegrations, ({ store, query }) => {
    const integrations = [...store.integrations.values()]
      .filter((row) => visible(store, row.integration) && matches(row.integration, query))
      .map((row) => integrationView(store, row));
    return paginate(integrations, query);
  }),

  implement(getIntegration, ({ store, params }) =>
    integrationView(store, requireIntegration(store, params.integrationName)),
  ),

  implement(publishIntegration, ({ store, params, body }) => {
    const name = params.integrationName;
    const organization = publisher(store, body.organization);
    if (body.runtime !== undefined && !RUNTIMES.includes(body.runtime)) {
      throw invalidField(
        'body.runtime',
        `"${body.runtime}" is not a runtime the sandbox knows (it knows v1)`,
      );
    }
    const existing = store.integrations.get(name);
    if (existing && existing.integration.owner?.id !== organization.id) {
      throw new SandboxError(
        403,
        `The integration "${name}" belongs to another organization: publish it under another name`,
      );
    }
    const previous = existing?.integration;
    const version = (previous?.version ?? 0) + 1;
    const assets = `https://${INTEGRATIONS_HOST}/${name}/v${version}`;
    const integration: Integration = {
      object: 'integration',
      name,
      version,
      title: body.title,
      description: body.description,
      ...(body.summary !== undefined ? { summary: body.summary } : {}),
      ...(body.previewImages
        ? { previewImages: body.previewImages.map((_, index) => `${assets}/preview-${index + 1}.png`) }
        : {}),
      target: body.target ?? 'all',
      verified: previous?.verified ?? false,
      visibility: body.visibility ?? previous?.visibility ?? 'private',
      scopes: [...(body.scopes ?? [])],
      categories: [...(body.categories ?? [])],
      ...(body.blocks ? { blocks: structuredClone(body.blocks) } : {}),
      ...(body.contentSources ? { contentSources: structuredClone(body.contentSources) } : {}),
      ...(body.configurations ? { configurations: structuredClone(body.configurations) } : {}),
      ...(body.externalLinks ? { externalLinks: structuredClone(body.externalLinks) } : {}),
      owner: { object: 'organization', id: organization.id, title: organization.title },
      urls: {
        location: `/v1/integrations/${name}`,
        app: `https://app.sandbox.docs-api.local/integrations/${name}`,
        assets,
        publicEndpoint: `https://${INTEGRATIONS_HOST}/v1/integrations/${name}/integration`,
        ...(body.icon !== undefined ? { icon: `${assets}/icon.png` } : {}),
      },
      ...(body.contentSecurityPolicy !== undefined
        ? { contentSecurityPolicy: structuredClone(body.contentSecurityPolicy) }
        : {}),
    };
    const row: IntegrationRow = {
      integration,
      script: existing?.script ?? `https://${INTEGRATIONS_HOST}/${name}/script.js`,
      ...(existing?.cookies !== undefined ? { cookies: existing.cookies } : {}),
      scriptSource: body.script,
      ...(body.secrets ? { secrets: { ...body.secrets } } : {}),
    };
    store.integrations.set(name, row);
    return integrationView(store, row);
  }),

  implement(listInstallationsStatus, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const target = query.target ?? 'organization';
    const items = [...store.installations.values()]
      .filter((row) => row.organization === params.organizationId && row.target === target)
      .flatMap((row) => {
        const integration = store.integrations.get(row.integration);
        return integration ? [{ status: row.status, integration: integrationView(store, integration) }] : [];
      });
    return paginate(items, query);
  }),
];
