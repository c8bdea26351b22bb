import { randomBytes } from 'node:crypto';
import {
  createIntegrationInstallationToken,
  disableIntegrationDevelopmentMode,
  getOrganizationIntegrationStatus,
  listOrganizationInstallations,
  listOrganizationIntegrations,
  queueIntegrationTask,
  setIntegrationDevelopmentMode,
} from '@docs-api/sdk/contract';
import { deliver, installationView, integrationView, matches, roleIn } from '../domain/integrations.js';
import { requireOrganization } from '../domain/organizations.js';
import { notFound, SandboxError } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { InstallationRow, IntegrationRow, Store } from '../store.js';

/*
 * What an integration's developer does beside publishing (development mode, tasks, installation
 * tokens), and an organization's view of the catalogue and of its installations.
 *
 * - The developer is an admin of the integration's owner organization (others: 403); a private
 *   integration is unknown (404) outside its owner.
 * - Development mode is kept on the integration (its tunnel, and whether every organization's
 *   events go to it); disabling it when off succeeds. The sandbox reaches no tunnel: the
 *   execution log says where each event was dispatched.
 * - A queued task is an event delivered to the integration (`type: task`, the payload sent): it
 *   shows in its execution log (`listIntegrationEvents`), `failed` for an integration marked
 *   `failEvents`.
 * - An installation token is a fresh secret for one of the integration's installations (the
 *   organization's installation, by id: 404 otherwise). The sandbox checks only its own token, so
 *   the token opens nothing here; it is answered once and never kept or logged.
 * - An organization's integrations are the public ones and those it owns, with the catalogue's
 *   filters; its installations are its organization-wide ones, each with its integration; the
 *   status of one integration is its installation's (404 when the organization has none).
 */

function requireIntegration(store: Store, name: string): IntegrationRow {
  const row = store.integrations.get(name);
  if (!row || (row.integration.visibility === 'private' && roleIn(store, row.owner) === undefined))
    throw notFound('integration', name);
  return row;
}

function requireDeveloper(store: Store, name: string): IntegrationRow {
  const row = requireIntegration(store, name);
  if (roleIn(store, row.owner) !== 'admin')
    throw new SandboxError(403, `Only the admins of "${row.owner}", which owns "${name}", can do this`);
  return row;
}

/** The organization-wide installation of an integration in an organization, if any. */
function organizationInstallation(
  store: Store,
  organizationId: string,
  name: string,
): InstallationRow | undefined {
  return [...store.installations.values()].find(
    (row) => row.target === 'organization' && row.organization === organizationId && row.integration === name,
  );
}

export const integrationDevelopmentHandlers: Implementation[] = [
  implement(setIntegrationDevelopmentMode, ({ store, params, body }) => {
    const row = requireDeveloper(store, params.integrationName);
    row.devMode = { tunnelUrl: body.tunnelUrl, all: body.all ?? false, since: store.now() };
  }),

  implement(disableIntegrationDevelopmentMode, ({ store, params }) => {
    const row = requireDeveloper(store, params.integrationName);
    delete row.devMode;
  }),

  implement(queueIntegrationTask, ({ store, params, body }) => {
    const row = requireDeveloper(store, params.integrationName);
    const delay = body.schedule ?? 0;
    deliver(
      store,
      row,
      undefined,
      { type: 'task', task: structuredClone(body.task) },
      delay > 0 ? `run after ${delay} s` : undefined,
    );
  }),

  implement(createIntegrationInstallationToken, ({ store, params }) => {
    const integration = requireDeveloper(store, params.integrationName);
    const installation = store.installations.get(params.installationId);
    if (
      !installation ||
      installation.target !== 'organization' ||
      installation.integration !== integration.integration.name
    )
      throw notFound('installation', params.installationId);
    return { token: `gbi_${randomBytes(24).toString('base64url')}` };
  }),

  implement(listOrganizationIntegrations, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const items = [...store.integrations.values()]
      .filter(
        (row) =>
          (row.integration.visibility === 'public' || row.owner === params.organizationId) &&
          matches(row, query),
      )
      .map((row) => integrationView(store, row));
    return paginate(items, query);
  }),

  implement(listOrganizationInstallations, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const items = [...store.installations.values()]
      .filter((row) => row.target === 'organization' && row.organization === params.organizationId)
      .flatMap((row) => {
        const integration = store.integrations.get(row.integration);
        return integration
          ? [{ installation: installationView(store, row), integration: integrationView(store, integration) }]
          : [];
      });
    return paginate(items, query);
  }),

  implement(getOrganizationIntegrationStatus, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    requireIntegration(store, params.integrationName);
    const installation = organizationInstallation(store, params.organizationId, params.integrationName);
    if (!installation)
      throw new SandboxError(
        404,
        `integration "${params.integrationName}" is not installed in organization "${params.organizationId}"`,
      );
    return { status: installation.status as 'active' };
  }),
];
