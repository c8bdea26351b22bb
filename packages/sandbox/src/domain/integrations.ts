import type {
  Integration,
  IntegrationInstallation,
  ListIntegrationsQuery,
  Organization,
} from '@docs-api/sdk/contract';
import { APP_HOST, FILE_DOWNLOAD_PREFIX } from '../content.js';
import type { InstallationRow, IntegrationEventRow, IntegrationRow, Store } from '../store.js';
import { organizationView } from './organizations.js';

/*
 * What every area shows of integrations and their installations: the API views (which depend on
 * the caller and the origin reached), the URLs on the sandbox's integrations host, how space and
 * site installations hang off the organization's, and the delivery of an event to the
 * integration (its execution log). A domain module: handlers import it, it imports no handler.
 */

export const INTEGRATIONS_HOST = 'integrations.sandbox.docs-api.local';
/** Where integrations' rendered content is served, apart from their public endpoint. */
const CONTENT_HOST = 'content.integrations.sandbox.docs-api.local';

/** The actor's role in an organization; undefined when not a member. */
export function roleIn(store: Store, organizationId: string): string | null | undefined {
  return store.members.find((m) => m.organization === organizationId && m.user === store.actor)?.role;
}

/** The owner organization as the caller sees it (the Organizations area's view). */
export function ownerView(store: Store, organizationId: string): Organization {
  const organization = store.organizations.get(organizationId);
  if (!organization) throw new Error(`sandbox: integration owner ${organizationId} is not in the store`);
  return organizationView(store, organization);
}

/** A URL the sandbox serves (`/_files/...`), at the origin the current request reached. */
function atOrigin(store: Store, url: string): string {
  const { pathname } = new URL(url);
  return pathname.startsWith(`${FILE_DOWNLOAD_PREFIX}/`) ? `${store.apiOrigin()}${pathname}` : url;
}

/**
 * The API view: the stored integration with what depends on the caller and the request (its
 * owner as the caller sees it, `permissions.admin`, `urls.location` at the origin reached).
 */
export function integrationView(store: Store, row: IntegrationDraftRow): Integration {
  const name = row.integration.name;
  return {
    ...structuredClone(row.integration),
    owner: ownerView(store, row.owner),
    permissions: { admin: roleIn(store, row.owner) === 'admin' },
    previewImages: row.integration.previewImages.map((url) => atOrigin(store, url)),
    urls: {
      ...row.integration.urls,
      ...(row.integration.urls.icon !== undefined
        ? { icon: atOrigin(store, row.integration.urls.icon) }
        : {}),
      location: store.apiUrl(`/integrations/${name}`),
    },
  };
}

/** Stores `row`, its integration completed as the API shows it (see `IntegrationRow`). */
export function storeIntegration(store: Store, draft: IntegrationDraftRow): IntegrationRow {
  const row: IntegrationRow = { ...draft, integration: integrationView(store, draft) };
  store.integrations.set(row.integration.name, row);
  return row;
}

/** An integration before it is stored: what depends on the caller (owner, permissions) comes from the view. */
export type IntegrationDraft = Omit<Integration, 'owner' | 'permissions'> &
  Partial<Pick<Integration, 'owner' | 'permissions'>>;
export type IntegrationDraftRow = Omit<IntegrationRow, 'integration'> & { integration: IntegrationDraft };

/** The URLs of an integration's version, on the sandbox's integrations host. */
export function integrationUrls(name: string, version: number) {
  return {
    app: `https://${APP_HOST}/integrations/${name}`,
    assets: `https://${INTEGRATIONS_HOST}/${name}/v${version}`,
    publicEndpoint: `https://${INTEGRATIONS_HOST}/v1/integrations/${name}/integration`,
    publicContentEndpoint: `https://${CONTENT_HOST}/v1/integrations/${name}/integration`,
  };
}

/** The organization installation a space or site installation hangs off. */
export function parentInstallation(store: Store, row: InstallationRow): InstallationRow | undefined {
  if (row.target === 'organization') return row;
  if (row.installation) return store.installations.get(row.installation);
  return [...store.installations.values()].find(
    (candidate) =>
      candidate.target === 'organization' &&
      candidate.organization === row.organization &&
      candidate.integration === row.integration,
  );
}

export function childrenOf(store: Store, parent: InstallationRow): InstallationRow[] {
  return [...store.installations.values()].filter(
    (row) => row.target !== 'organization' && parentInstallation(store, row)?.id === parent.id,
  );
}

export function installationUrls(name: string, installationId: string) {
  const endpoint = `https://${INTEGRATIONS_HOST}/v1/integrations/${name}/installations/${installationId}`;
  return {
    publicEndpoint: endpoint,
    publicContentEndpoint: endpoint.replace(INTEGRATIONS_HOST, `content.${INTEGRATIONS_HOST}`),
  };
}

export function installationView(store: Store, row: InstallationRow): IntegrationInstallation {
  const children = childrenOf(store, row);
  return {
    id: row.id,
    status: row.status,
    // `all`: organization-wide; `selected`: the spaces and sites it was installed on.
    space_selection: row.spaceSelection ?? 'selected',
    site_selection: row.siteSelection ?? 'selected',
    spaces: children.filter((child) => child.target === 'space').length,
    configuration: structuredClone(row.configuration ?? {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt ?? row.createdAt,
    urls: {
      location: store.apiUrl(`/integrations/${row.integration}/installations/${row.id}`),
      app: `https://${APP_HOST}/o/${row.organization}/integrations/${row.integration}/installations/${row.id}`,
      ...installationUrls(row.integration, row.id),
    },
    externalIds: [...(row.externalIds ?? [])],
    target: { organization: row.organization },
  };
}

/**
 * Delivers an event to the integration: one entry of its execution log, for one of its
 * installations (none for an event of the integration itself, such as a task); `note` says
 * more of the delivery (when it runs).
 */
export function deliver(
  store: Store,
  integration: IntegrationRow,
  installation: InstallationRow | undefined,
  payload: Omit<IntegrationEventRow['payload'], 'eventId' | 'installationId'>,
  note?: string,
): void {
  const id = store.newId('event');
  const now = store.now();
  const failed = integration.failEvents === true;
  const type = String(payload.type);
  const target = installation ? ` for installation ${installation.id}` : '';
  // In development mode, the events of the owner organization (every organization's with `all`) go to the tunnel.
  const dev = integration.devMode;
  const tunnel =
    dev && (dev.all || !installation || installation.organization === integration.owner)
      ? `dispatched to the development tunnel ${dev.tunnelUrl}`
      : undefined;
  const notes = [tunnel, note].filter((text) => text !== undefined).join(', ');
  store.integrationEvents.set(id, {
    id,
    integration: integration.integration.name,
    ...(installation ? { installation: installation.id } : {}),
    createdAt: now,
    status: failed ? 'failed' : 'success',
    payload: { ...payload, type, eventId: id, ...(installation ? { installationId: installation.id } : {}) },
    logs: [
      { level: 'info', message: `Received ${type}${target}${notes ? `, ${notes}` : ''}`, timestamp: now },
      failed
        ? { level: 'error', message: `Error: the integration's handler for ${type} threw`, timestamp: now }
        : { level: 'debug', message: `Handled ${type}`, timestamp: now },
    ],
  });
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

/** Whether an integration passes the catalogue's filters (`listIntegrations` and the organization's list). */
export function matches(row: IntegrationRow, query: ListIntegrationsQuery): boolean {
  const integration = row.integration;
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
  if (query.owner !== undefined && row.owner !== query.owner) return false;
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
