import type { Integration, Organization } from '@docs-api/sdk/contract';
import { APP_HOST, FILE_DOWNLOAD_PREFIX } from '../content.js';
import type { IntegrationRow, Store } from '../store.js';
import { organizationView } from './organizations.js';

/*
 * Integrations as the catalogue and its installations show them: the sandbox's integrations host,
 * an integration's URLs, its API view (which depends on the caller) and its storage, which the
 * seed uses too. A domain module: handlers and the seed import it, it imports no handler.
 */

/** Where integrations' assets and public endpoints are served. */
export const INTEGRATIONS_HOST = 'integrations.sandbox.docs-api.local';
/** Where integrations' rendered content is served, apart from their public endpoint. */
const CONTENT_HOST = 'content.integrations.sandbox.docs-api.local';

/** The actor's role in the organization; undefined when not a member. */
export function roleIn(store: Store, organizationId: string): string | null | undefined {
  return store.members.find((m) => m.organization === organizationId && m.user === store.actor)?.role;
}

/** The owner organization as the caller sees it (the Organizations area's view). */
function ownerView(store: Store, organizationId: string): Organization {
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
