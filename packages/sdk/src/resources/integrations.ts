import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  InstallationsStatusQuery,
  InstallationStatus,
  Integration,
  IntegrationListQuery,
  IntegrationPublishBody,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const integrationsArea = () => import('../contract/integrations.js');
const getIntegration = lazyOperation(integrationsArea, 'getIntegration');
const listInstallationsStatus = lazyOperation(integrationsArea, 'listInstallationsStatus');
const listIntegrations = lazyOperation(integrationsArea, 'listIntegrations');
const publishIntegration = lazyOperation(integrationsArea, 'publishIntegration');

/** Third-party integrations: browse, publish, and see what an organization installed: `client.integrations`. */
export class Integrations extends Resource {
  /**
   * Lists integrations, optionally filtered (`search`, `category`, `blockDomain`, `blocks`,
   * `contentSources`, `owner`, `scope`, `target`); the enumerated filters take the values of
   * the published API document (`INTEGRATION_CATEGORIES`, `INTEGRATION_SCOPES`,
   * `INTEGRATION_TARGETS`).
   * `await` gives the first page; `for await` walks every integration.
   */
  list(query: IntegrationListQuery = {}, options?: RequestOptions): PagePromise<Integration> {
    return this.http.list(listIntegrations, { query }, options);
  }

  /** Reads one integration by its name. */
  get(integrationName: string, options?: RequestOptions): ApiPromise<Integration> {
    return this.http.call(getIntegration, { params: { integrationName } }, options);
  }

  /**
   * Publishes a version of the integration `integrationName` for `body.organization`: the
   * manifest fields (`title`, `description`, `scopes`, ...) and the `script` content. Every limit
   * of the contract and of the published API document is checked before sending (title 2 to 30
   * characters, description at most 100, summary at most 2 048, at most 3 base64 preview images,
   * `scopes` required, at most 5 external links with labels, block titles 2 to 40, ...).
   */
  publish(
    integrationName: string,
    body: IntegrationPublishBody,
    options?: RequestOptions,
  ): ApiPromise<Integration> {
    return this.http.call(publishIntegration, { params: { integrationName }, body }, options);
  }

  /**
   * Lists the organization's installations as `{ status, integration, target }`; `target`
   * chooses which installations (the server's default: `organization`). `site` or `space`
   * narrows them to one site or space; the matching `target` is sent with it when not given,
   * as the service takes them only with it.
   */
  installationsStatus(
    organizationId: string,
    query: InstallationsStatusQuery = {},
    options?: RequestOptions,
  ): PagePromise<InstallationStatus> {
    const target =
      query.target ?? (query.site !== undefined ? 'site' : query.space !== undefined ? 'space' : undefined);
    const sent: InstallationsStatusQuery = target === undefined ? query : { ...query, target };
    return this.http.list(listInstallationsStatus, { params: { organizationId }, query: sent }, options);
  }
}
