import {
  createOrganizationSAMLProvider,
  deleteOrganizationSAMLProvider,
  getOrganizationSAMLProviderById,
  listSAMLProvidersInOrganizationById,
  listSSOProviderLoginsInOrganization,
  updateOrganizationSAMLProvider,
  type OrganizationSAMLProvider,
  type OrganizationSSOProviderLogin,
} from '@docs-api/sdk/contract';
import { badRequest, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SamlProviderRow, Store } from '../store.js';
import { requireOrganization } from '../domain/organizations.js';
import { teamView } from '../domain/teams.js';

/*
 * Single sign-on: SAML identity providers per organization. A provider is `pending` until the
 * identity provider's side (`entityID`, `ssoURL`, `certificate`) is all set, then `active`.
 * Its `service` side (where the identity provider posts assertions, where sign-in starts, this
 * service's entity ID) is derived from its id. The SSO entries are derived from the active
 * providers.
 */

export const SSO_BASE_URL = 'https://app.sandbox.docs-api.local/sso/saml';

export function serviceOf(providerId: string) {
  const base = `${SSO_BASE_URL}/${providerId}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

function providersOf(store: Store, organizationId: string): SamlProviderRow[] {
  return [...store.samlProviders.values()].filter((row) => row.organization === organizationId);
}

function findProvider(store: Store, organizationId: string, providerId: string): SamlProviderRow | undefined {
  const row = store.samlProviders.get(providerId);
  return row?.organization === organizationId ? row : undefined;
}

function requireProvider(store: Store, organizationId: string, providerId: string): SamlProviderRow {
  requireOrganization(store, organizationId);
  const row = findProvider(store, organizationId, providerId);
  if (!row) throw notFound('SAML provider', providerId);
  return row;
}

/** The default team must be a team of the provider's organization. */
function checkTeam(store: Store, organizationId: string, teamId: string | undefined): void {
  if (teamId === undefined) return;
  if (store.teams.get(teamId)?.organization !== organizationId) {
    throw badRequest(`body.defaultTeam: "${teamId}" is not a team of organization "${organizationId}"`);
  }
}

/**
 * What a provider whose identity-provider side is not set yet answers for `ssoURL`: the
 * published document requires a URI there, and says nothing of providers not configured yet.
 */
export const UNSET_SSO_URL = 'about:blank';

/** `active` once the identity provider's side is all set, `pending` before. */
function statusOf(row: SamlProviderRow): 'active' | 'pending' {
  return row.entityID && row.certificate && row.ssoURL ? 'active' : 'pending';
}

export function samlProviderView(store: Store, row: SamlProviderRow): OrganizationSAMLProvider {
  const team = row.defaultTeam === undefined ? undefined : store.teams.get(row.defaultTeam);
  return {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    // The document requires these three; a provider not configured yet answers empty values.
    ssoURL: row.ssoURL ?? UNSET_SSO_URL,
    entityID: row.entityID ?? '',
    certificate: row.certificate ?? '',
    // No default team (none set, or deleted since): absent, as the document has it (not null).
    ...(team ? { defaultTeam: teamView(store, team) } : {}),
    defaultRole: row.defaultRole ?? null,
    createdAt: row.createdAt,
    status: statusOf(row),
    service: serviceOf(row.id),
    urls: { location: store.apiUrl(`/orgs/${row.organization}/saml/${row.id}`) },
  };
}

export const samlHandlers = [
  implement(listSAMLProvidersInOrganizationById, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    return paginate(
      providersOf(store, params.organizationId).map((row) => samlProviderView(store, row)),
      query,
    );
  }),

  implement(createOrganizationSAMLProvider, ({ store, params, body }) => {
    const organization = requireOrganization(store, params.organizationId);
    checkTeam(store, organization.id, body.defaultTeam);
    const row: SamlProviderRow = {
      id: store.newId('saml'),
      organization: organization.id,
      label: body.label,
      ...(body.entityID === undefined ? {} : { entityID: body.entityID }),
      ...(body.certificate === undefined ? {} : { certificate: body.certificate }),
      ...(body.ssoURL === undefined ? {} : { ssoURL: body.ssoURL }),
      ...(body.defaultTeam === undefined ? {} : { defaultTeam: body.defaultTeam }),
      // Without a role of its own, the provider gives new members the organization's default role.
      defaultRole: body.defaultRole === undefined ? (organization.defaultRole ?? null) : body.defaultRole,
      createdAt: store.now(),
    };
    store.samlProviders.set(row.id, row);
    return samlProviderView(store, row);
  }),

  implement(getOrganizationSAMLProviderById, ({ store, params }) =>
    samlProviderView(store, requireProvider(store, params.organizationId, params.samlProviderId)),
  ),

  implement(updateOrganizationSAMLProvider, ({ store, params, body }) => {
    const row = requireProvider(store, params.organizationId, params.samlProviderId);
    checkTeam(store, row.organization, body.defaultTeam);
    if (body.label !== undefined) row.label = body.label;
    if (body.entityID !== undefined) row.entityID = body.entityID;
    if (body.certificate !== undefined) row.certificate = body.certificate;
    if (body.ssoURL !== undefined) row.ssoURL = body.ssoURL;
    if (body.defaultTeam !== undefined) row.defaultTeam = body.defaultTeam;
    if (body.defaultRole !== undefined) row.defaultRole = body.defaultRole;
    return samlProviderView(store, row);
  }),

  implement(deleteOrganizationSAMLProvider, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    // Deleting an absent provider succeeds: the contract reports it as "did not exist".
    if (findProvider(store, params.organizationId, params.samlProviderId)) {
      store.samlProviders.delete(params.samlProviderId);
    }
  }),

  implement(listSSOProviderLoginsInOrganization, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const items: OrganizationSSOProviderLogin[] = providersOf(store, params.organizationId)
      .filter((row) => statusOf(row) === 'active')
      .map((row) => ({ id: row.id, label: row.label, startURL: serviceOf(row.id).startURL }));
    return { items };
  }),
];
