import {
  dnsRevalidateCustomHostname,
  generateStorageUploadURL,
  getEmbedByUrl,
  getEmbedByUrlInSpace,
  getGitHubRepoFileForGitSyncInstallation,
  getGitLabProjectFileForGitSyncInstallation,
  listGitHubRepoBranchesForGitSyncInstallation,
  listGitHubRepositoriesForGitSyncInstallation,
  listGitLabProjectBranchesForGitSyncInstallation,
  listGitLabProjectsForGitSyncInstallation,
  listSiteGitSyncInstallations,
  renderIntegrationUIWithGet,
  renderIntegrationUIWithPost,
  syncSiteContextConnection,
  testSiteContextConnection,
  type Operation,
} from '@docs-api/sdk/contract';
import { notFound, SandboxError } from '../errors.js';
import type { Implementation } from '../implement.js';
import type { Store } from '../store.js';

/*
 * What needs the world outside: an embed of an arbitrary URL, an integration's UI render, a
 * context connection's remote source, a DNS check, a storage upload, a Git provider's
 * repositories. The sandbox cannot have them offline, so it answers an error that says so (the
 * status the document gives such a failure), never made-up data; the objects the path names are
 * checked first (404). Git Sync installations stay `unauthenticated` (resources/service-fills.ts),
 * so their provider calls answer the document's 401.
 */

const GIT_INSTALLATIONS = '/v1/git/installations';
const CONTEXT_CONNECTIONS = '/v1/orgs/{organizationId}/sites/{siteId}/context-connections';

/** A record of the resource engine's, or a 404 naming it. */
function requireRecord(store: Store, family: string, scope: string, id: string, kind: string) {
  const row = store.resources.get(`${family}|${scope}|${id}`);
  if (!row) throw notFound(kind, id);
  return row;
}

function offline(
  operation: Operation,
  status: number,
  what: string,
  check?: (store: Store, params: Record<string, string>) => void,
): Implementation {
  return {
    operation,
    handle: ({ store, params }) => {
      check?.(store, params);
      throw new SandboxError(status, `The sandbox cannot ${what} offline`);
    },
  };
}

const gitInstallation = (store: Store, params: Record<string, string>) =>
  void requireRecord(store, GIT_INSTALLATIONS, '', params.installationId ?? '', 'Git Sync installation');

const contextConnection = (store: Store, params: Record<string, string>) =>
  void requireRecord(
    store,
    CONTEXT_CONNECTIONS,
    `${params.organizationId}/${params.siteId}`,
    params.siteContextConnectionId ?? '',
    'context connection',
  );

const siteOf = (store: Store, params: Record<string, string>) => {
  const row = store.sites.get(params.siteId ?? '');
  if (!row || row.organization !== params.organizationId) throw notFound('site', params.siteId ?? '');
};

const gitProvider = [
  listGitHubRepositoriesForGitSyncInstallation,
  listGitHubRepoBranchesForGitSyncInstallation,
  getGitHubRepoFileForGitSyncInstallation,
  listGitLabProjectsForGitSyncInstallation,
  listGitLabProjectBranchesForGitSyncInstallation,
  getGitLabProjectFileForGitSyncInstallation,
].map((operation) =>
  offline(
    operation,
    401,
    'reach the Git provider: the installation is not authenticated with it',
    gitInstallation,
  ),
);

export const offlineHandlers: Implementation[] = [
  ...gitProvider,
  offline(getEmbedByUrl, 404, 'fetch the page of an arbitrary URL to embed it'),
  offline(getEmbedByUrlInSpace, 404, 'fetch the page of an arbitrary URL to embed it', (store, params) => {
    if (!store.spaces.has(params.spaceId ?? '')) throw notFound('space', params.spaceId ?? '');
  }),
  offline(renderIntegrationUIWithGet, 404, "render an integration's UI (it runs on the integration's host)"),
  offline(renderIntegrationUIWithPost, 404, "render an integration's UI (it runs on the integration's host)"),
  offline(
    syncSiteContextConnection,
    400,
    'sync a context connection: its remote source is out of reach',
    contextConnection,
  ),
  offline(
    testSiteContextConnection,
    400,
    'test a context connection: its remote source is out of reach',
    contextConnection,
  ),
  // The document's 409: the revalidation cannot proceed.
  offline(dnsRevalidateCustomHostname, 409, 'check DNS records'),
  offline(
    generateStorageUploadURL,
    400,
    'give an upload URL: storage uploads need the service',
    (store, params) => {
      if (!store.organizations.has(params.organizationId ?? ''))
        throw notFound('organization', params.organizationId ?? '');
    },
  ),
  {
    // Computed from state: the Git Sync installations (resource engine) targeting the site.
    operation: listSiteGitSyncInstallations,
    answer: 'computed',
    handle: ({ store, params }) => {
      siteOf(store, params);
      const items = [...store.resources.values()]
        .filter((row) => row.family === GIT_INSTALLATIONS)
        .map((row) => row.value)
        .filter((value) => (value.target as { siteId?: string } | undefined)?.siteId === params.siteId);
      return { items };
    },
  },
];
