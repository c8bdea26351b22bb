import {
  getIntegrationInstallationById,
  getIntegrationSiteInstallation,
  getIntegrationSpaceInstallation,
  listIntegrationInstallationSites,
  listIntegrationInstallationSpaces,
  updateIntegrationInstallation,
  updateIntegrationSiteInstallation,
  updateIntegrationSpaceInstallation,
  getIntegrationEvent,
  installIntegration,
  installIntegrationOnSite,
  installIntegrationOnSpace,
  listIntegrationEvents,
  listIntegrationInstallations,
  listIntegrationSiteInstallations,
  listIntegrationSpaceInstallations,
  uninstallIntegration,
  uninstallIntegrationFromSite,
  uninstallIntegrationFromSpace,
  unpublishIntegration,
  type Event,
  type IntegrationEvent,
  type IntegrationSiteInstallation,
  type IntegrationSpaceInstallation,
} from '@docs-api/sdk/contract';
import { conflict, invalidField, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { InstallationRow, IntegrationEventRow, IntegrationRow, Store } from '../store.js';
import {
  childrenOf,
  deliver,
  installationUrls,
  installationView,
  parentInstallation,
  roleIn,
} from '../domain/integrations.js';
import { siteView } from '../domain/sites.js';
import { spaceView } from '../domain/spaces.js';

/*
 * Installations of integrations, their execution log, and unpublishing.
 *
 * - An organization installs an integration once (`installIntegration`, by one of its admins: 403
 *   for other members, 409 when it is installed already); that installation is then enabled on
 *   spaces and sites of the same organization (`installIntegrationOnSpace`, `...OnSite`: 409 when
 *   enabled there already; 400 for a space or site of another organization, or a target the
 *   integration is not made for: `target: "site"` integrations go on sites only, `space` ones on
 *   spaces only). Enabling one on a site adds it to the site's integrations
 *   (`listSiteIntegrations`, and the scripts of the published site); every installation shows
 *   in `listOrganizationIntegrationsStatus` under its target.
 * - Uninstalling (the organization's installation, or from one space or site) of something not
 *   installed succeeds, as the document's 204 says; uninstalling the organization's installation
 *   removes its space and site installations too.
 * - Who sees installations: the admins of the integration's owner organization see all of them
 *   (as the integration's developer does); an organization's admins see their organization's.
 * - The execution log: the sandbox delivers an event to the integration each time one of its
 *   installations is set up or deleted (`installation_setup`, `space_installation_setup`,
 *   `site_installation_setup`, and the `..._deleted` events), as the service does. Each event is
 *   logged `success` with a trace of what the integration did, or `failed` with an error in its
 *   trace when the integration's row is marked `failEvents` (a test's knob, as translations'
 *   `failRuns`). The log is the developer's: the admins of the owner organization read it, others
 *   get a 403. Newest first.
 * - Unpublishing removes the integration from the catalogue, with its installations and its log;
 *   only an admin of its owner organization may (403); an unknown name succeeds (204).
 */

const isAdmin = (store: Store, organizationId: string) => roleIn(store, organizationId) === 'admin';

/** The integration, if the actor may see it (a private one: members of its owner only). */
function requireIntegration(store: Store, name: string): IntegrationRow {
  const row = store.integrations.get(name);
  if (!row || (row.integration.visibility === 'private' && roleIn(store, row.owner) === undefined)) {
    throw notFound('integration', name);
  }
  return row;
}

/** The integration, if the actor administers its owner organization (its developer). */
function requireDeveloper(store: Store, name: string): IntegrationRow {
  const row = requireIntegration(store, name);
  if (!isAdmin(store, row.owner)) {
    throw new SandboxError(403, `Only the admins of "${row.owner}", which owns "${name}", can do this`);
  }
  return row;
}

/** Whether the actor may see an installation: its integration's developer, or its organization's admin. */
function seesInstallation(store: Store, integration: IntegrationRow, row: InstallationRow): boolean {
  return isAdmin(store, integration.owner) || isAdmin(store, row.organization);
}

/** The organization's installation of an integration, by id; the actor must administer that organization. */
function requireInstallation(
  store: Store,
  integration: IntegrationRow,
  installationId: string,
): InstallationRow {
  const row = store.installations.get(installationId);
  if (
    !row ||
    row.target !== 'organization' ||
    row.integration !== integration.integration.name ||
    !seesInstallation(store, integration, row)
  ) {
    throw notFound('installation', installationId);
  }
  if (!isAdmin(store, row.organization)) {
    throw new SandboxError(403, `Only the admins of "${row.organization}" can change its installations`);
  }
  return row;
}

/** What space and site installations share. */
function contentBase(store: Store, row: InstallationRow) {
  const parent = parentInstallation(store, row)?.id ?? row.id;
  const where = row.target === 'site' ? `sites/${row.site}` : `spaces/${row.space}`;
  return {
    integration: row.integration,
    installation: parent,
    status: row.status,
    configuration: structuredClone(row.configuration ?? {}),
    externalIds: [...(row.externalIds ?? [])],
    urls: {
      location: store.apiUrl(`/integrations/${row.integration}/installations/${parent}/${where}`),
      ...installationUrls(row.integration, parent),
    },
  };
}

function spaceInstallationView(
  store: Store,
  row: InstallationRow,
  extended: boolean,
): IntegrationSpaceInstallation {
  const space = row.space ? store.spaces.get(row.space) : undefined;
  return {
    ...contentBase(store, row),
    space: extended && space ? spaceView(store, space) : (row.space ?? ''),
  };
}

function siteInstallationView(
  store: Store,
  row: InstallationRow,
  extended: boolean,
): IntegrationSiteInstallation {
  const site = row.site ? store.sites.get(row.site) : undefined;
  return { ...contentBase(store, row), site: extended && site ? siteView(store, site) : (row.site ?? '') };
}

function eventView(row: IntegrationEventRow): IntegrationEvent {
  return {
    id: row.id,
    integrationId: row.integration,
    ...(row.installation ? { installationId: row.installation } : {}),
    createdAt: row.createdAt,
    payload: structuredClone(row.payload) as unknown as Event,
    status: row.status,
  };
}

/** Removes an installation of a space or site (and the integration from the site's list). */
function removeContentInstallation(store: Store, integration: IntegrationRow, row: InstallationRow): void {
  store.installations.delete(row.id);
  const parent = parentInstallation(store, row) ?? row;
  if (row.target === 'site' && row.site) {
    const site = store.sites.get(row.site);
    if (site) site.integrations = site.integrations.filter((name) => name !== row.integration);
    deliver(store, integration, parent, {
      type: 'site_installation_deleted',
      siteId: row.site,
      previous: {},
    });
  } else if (row.space) {
    deliver(store, integration, parent, {
      type: 'space_installation_deleted',
      spaceId: row.space,
      previous: {},
    });
  }
}

function checkTarget(integration: IntegrationRow, target: 'site' | 'space', field: string): void {
  const made = integration.integration.target ?? 'all';
  if (made !== 'all' && made !== target) {
    throw invalidField(
      field,
      `"${integration.integration.name}" is made for ${made} installations, not ${target}s`,
    );
  }
}

export const integrationInstallationHandlers = [
  implement(listIntegrationInstallations, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const rows = [...store.installations.values()].filter(
      (row) =>
        row.target === 'organization' &&
        row.integration === integration.integration.name &&
        seesInstallation(store, integration, row) &&
        (query.externalId === undefined || (row.externalIds ?? []).includes(query.externalId)),
    );
    return paginate(
      rows.map((row) => installationView(store, row)),
      query,
    );
  }),

  implement(installIntegration, ({ store, params, body }) => {
    const integration = requireIntegration(store, params.integrationName);
    const organization = store.organizations.get(body.organization);
    if (!organization || roleIn(store, body.organization) === undefined) {
      throw invalidField('body.organization', `"${body.organization}" is not an organization you belong to`);
    }
    if (!isAdmin(store, organization.id)) {
      throw new SandboxError(
        403,
        `Installing an integration in "${organization.id}" needs the admin role in it`,
      );
    }
    const existing = [...store.installations.values()].find(
      (row) =>
        row.target === 'organization' &&
        row.organization === organization.id &&
        row.integration === integration.integration.name,
    );
    if (existing) {
      throw conflict(
        `"${integration.integration.name}" is installed in "${organization.id}" already (${existing.id})`,
      );
    }
    const now = store.now();
    const row: InstallationRow = {
      id: store.newId('inst'),
      organization: organization.id,
      integration: integration.integration.name,
      target: 'organization',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    };
    store.installations.set(row.id, row);
    deliver(store, integration, row, { type: 'installation_setup', status: row.status });
    return installationView(store, row);
  }),

  implement(installIntegrationOnSpace, ({ store, params, body, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    checkTarget(integration, 'space', 'body.space');
    const space = store.spaces.get(body.space);
    if (!space || space.organization !== parent.organization) {
      throw invalidField(
        'body.space',
        `space "${body.space}" is not in organization "${parent.organization}"`,
      );
    }
    const existing = childrenOf(store, parent).find(
      (row) => row.target === 'space' && row.space === space.id,
    );
    if (existing)
      throw conflict(`"${integration.integration.name}" is installed on space "${space.id}" already`);
    const row: InstallationRow = {
      id: store.newId('instspace'),
      organization: parent.organization,
      integration: parent.integration,
      target: 'space',
      space: space.id,
      installation: parent.id,
      status: 'active',
      createdAt: store.now(),
    };
    store.installations.set(row.id, row);
    deliver(store, integration, parent, {
      type: 'space_installation_setup',
      spaceId: space.id,
      status: row.status,
    });
    return spaceInstallationView(store, row, query.extended ?? false);
  }),

  implement(installIntegrationOnSite, ({ store, params, body, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    checkTarget(integration, 'site', 'body.siteId');
    const site = store.sites.get(body.siteId);
    if (!site || site.organization !== parent.organization) {
      throw invalidField(
        'body.siteId',
        `site "${body.siteId}" is not in organization "${parent.organization}"`,
      );
    }
    const existing = childrenOf(store, parent).find(
      (row) => row.target === 'site' && row.site === body.siteId,
    );
    if (existing)
      throw conflict(`"${integration.integration.name}" is installed on site "${body.siteId}" already`);
    const row: InstallationRow = {
      id: store.newId('instsite'),
      organization: parent.organization,
      integration: parent.integration,
      target: 'site',
      site: body.siteId,
      installation: parent.id,
      status: 'active',
      createdAt: store.now(),
    };
    store.installations.set(row.id, row);
    if (!site.integrations.includes(row.integration)) site.integrations.push(row.integration);
    deliver(store, integration, parent, {
      type: 'site_installation_setup',
      siteId: body.siteId,
      status: row.status,
    });
    return siteInstallationView(store, row, query.extended ?? false);
  }),

  implement(listIntegrationSpaceInstallations, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const rows = [...store.installations.values()].filter(
      (row) =>
        row.target === 'space' &&
        row.integration === integration.integration.name &&
        seesInstallation(store, integration, row) &&
        (query.externalId === undefined || (row.externalIds ?? []).includes(query.externalId)),
    );
    return paginate(
      rows.map((row) => spaceInstallationView(store, row, query.extended ?? false)),
      query,
    );
  }),

  implement(listIntegrationSiteInstallations, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const rows = [...store.installations.values()].filter(
      (row) =>
        row.target === 'site' &&
        row.integration === integration.integration.name &&
        seesInstallation(store, integration, row) &&
        (query.externalId === undefined || (row.externalIds ?? []).includes(query.externalId)),
    );
    return paginate(
      rows.map((row) => siteInstallationView(store, row, query.extended ?? false)),
      query,
    );
  }),

  implement(uninstallIntegration, ({ store, params }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = store.installations.get(params.installationId);
    if (!row || row.target !== 'organization' || row.integration !== integration.integration.name) return;
    requireInstallation(store, integration, row.id);
    for (const child of childrenOf(store, row)) removeContentInstallation(store, integration, child);
    store.installations.delete(row.id);
    deliver(store, integration, row, {
      type: 'installation_deleted',
      previous: { configuration: structuredClone(row.configuration ?? {}) },
    });
  }),

  implement(uninstallIntegrationFromSpace, ({ store, params }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    const row = childrenOf(store, parent).find(
      (child) => child.target === 'space' && child.space === params.spaceId,
    );
    if (row) removeContentInstallation(store, integration, row);
  }),

  implement(uninstallIntegrationFromSite, ({ store, params }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    const row = childrenOf(store, parent).find(
      (child) => child.target === 'site' && child.site === params.siteId,
    );
    if (row) removeContentInstallation(store, integration, row);
  }),

  implement(unpublishIntegration, ({ store, params }) => {
    const row = store.integrations.get(params.integrationName);
    if (!row) return;
    requireDeveloper(store, params.integrationName);
    const name = row.integration.name;
    store.integrations.delete(name);
    for (const [id, installation] of store.installations) {
      if (installation.integration === name) store.installations.delete(id);
    }
    for (const site of store.sites.values()) site.integrations = site.integrations.filter((n) => n !== name);
    for (const [id, event] of store.integrationEvents) {
      if (event.integration === name) store.integrationEvents.delete(id);
    }
  }),

  implement(listIntegrationEvents, ({ store, params, query }) => {
    const integration = requireDeveloper(store, params.integrationName);
    const events = [...store.integrationEvents.values()]
      .filter((event) => event.integration === integration.integration.name)
      .reverse()
      .map(eventView);
    return paginate(events, query);
  }),

  implement(getIntegrationEvent, ({ store, params }) => {
    const integration = requireDeveloper(store, params.integrationName);
    const event = store.integrationEvents.get(params.eventId);
    if (!event || event.integration !== integration.integration.name) throw notFound('event', params.eventId);
    return { event: eventView(event), trace: { logs: event.logs.map((log) => ({ ...log })) } };
  }),

  // One organization installation, its settings, and the space and site installations under it.
  implement(getIntegrationInstallationById, ({ store, params }) => {
    const integration = requireIntegration(store, params.integrationName);
    return installationView(store, requireInstallation(store, integration, params.installationId));
  }),

  implement(updateIntegrationInstallation, ({ store, params, body }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = requireInstallation(store, integration, params.installationId);
    if (body.externalIds !== undefined) row.externalIds = [...body.externalIds];
    if (body.configuration !== undefined) row.configuration = structuredClone(body.configuration);
    if (body.space_selection !== undefined) row.spaceSelection = body.space_selection;
    if (body.site_selection !== undefined) row.siteSelection = body.site_selection;
    row.updatedAt = store.now();
    deliver(store, integration, row, { type: 'installation_setup', status: row.status });
    return installationView(store, row);
  }),

  implement(listIntegrationInstallationSpaces, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    const rows = childrenOf(store, parent).filter((row) => row.target === 'space');
    return paginate(
      rows.map((row) => spaceInstallationView(store, row, query.extended ?? false)),
      query,
    );
  }),

  implement(listIntegrationInstallationSites, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const parent = requireInstallation(store, integration, params.installationId);
    const rows = childrenOf(store, parent).filter((row) => row.target === 'site');
    return paginate(
      rows.map((row) => siteInstallationView(store, row, query.extended ?? false)),
      query,
    );
  }),

  implement(getIntegrationSpaceInstallation, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = requireChild(store, integration, params.installationId, 'space', params.spaceId);
    return spaceInstallationView(store, row, query.extended ?? false);
  }),

  implement(getIntegrationSiteInstallation, ({ store, params, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = requireChild(store, integration, params.installationId, 'site', params.siteId);
    return siteInstallationView(store, row, query.extended ?? false);
  }),

  implement(updateIntegrationSpaceInstallation, ({ store, params, body, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = requireChild(store, integration, params.installationId, 'space', params.spaceId);
    changeContentInstallation(store, row, body ?? {});
    return spaceInstallationView(store, row, query.extended ?? false);
  }),

  implement(updateIntegrationSiteInstallation, ({ store, params, body, query }) => {
    const integration = requireIntegration(store, params.integrationName);
    const row = requireChild(store, integration, params.installationId, 'site', params.siteId);
    changeContentInstallation(store, row, body ?? {});
    return siteInstallationView(store, row, query.extended ?? false);
  }),
];

/** The space's or site's installation under an organization installation; 404 for one it does not have. */
function requireChild(
  store: Store,
  integration: IntegrationRow,
  installationId: string,
  target: 'space' | 'site',
  targetId: string,
): InstallationRow {
  const parent = requireInstallation(store, integration, installationId);
  const row = childrenOf(store, parent).find(
    (child) => child.target === target && (target === 'space' ? child.space : child.site) === targetId,
  );
  if (!row) throw notFound(`${target} installation`, targetId);
  return row;
}

function changeContentInstallation(
  store: Store,
  row: InstallationRow,
  body: { externalIds?: readonly string[] | undefined; configuration?: Record<string, unknown> | undefined },
): void {
  if (body.externalIds !== undefined) row.externalIds = [...body.externalIds];
  if (body.configuration !== undefined) row.configuration = structuredClone(body.configuration);
  row.updatedAt = store.now();
}
