import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  SamlProvider,
  SamlProviderCreateBody,
  SamlProviderListQuery,
  SamlProviderUpdateBody,
  SsoEntries,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const samlArea = () => import('../contract/saml.js');
const createSamlProvider = lazyOperation(samlArea, 'createSamlProvider');
const deleteSamlProvider = lazyOperation(samlArea, 'deleteSamlProvider');
const getSamlProvider = lazyOperation(samlArea, 'getSamlProvider');
const listSamlProviders = lazyOperation(samlArea, 'listSamlProviders');
const listSsoEntries = lazyOperation(samlArea, 'listSsoEntries');
const updateSamlProvider = lazyOperation(samlArea, 'updateSamlProvider');

/**
 * Single sign-on: the SAML identity providers of an organization, and the sign-in entries
 * derived from them: `client.saml`.
 */
export class Saml extends Resource {
  /** Lists the organization's SAML providers. `await` gives the first page; `for await` walks them all. */
  list(
    organizationId: string,
    query: SamlProviderListQuery = {},
    options?: RequestOptions,
  ): PagePromise<SamlProvider> {
    return this.http.list(listSamlProviders, { params: { organizationId }, query }, options);
  }

  /**
   * Adds an identity provider: its `label`, and the identity provider's `entityID`, `ssoURL`
   * and signing `certificate` (one PEM block), which may come later (`update`): the provider is
   * `pending` until all three are set. Optionally the `defaultTeam` (a team id) and
   * `defaultRole` of new SSO members (`null`: guests). The answer's `service` holds what to
   * configure in the identity provider.
   */
  create(
    organizationId: string,
    body: SamlProviderCreateBody,
    options?: RequestOptions,
  ): ApiPromise<SamlProvider> {
    return this.http.call(createSamlProvider, { params: { organizationId }, body }, options);
  }

  /** Reads one SAML provider. */
  get(organizationId: string, samlProviderId: string, options?: RequestOptions): ApiPromise<SamlProvider> {
    return this.http.call(getSamlProvider, { params: { organizationId, samlProviderId } }, options);
  }

  /** Changes the given fields (the create fields, each optional; at least one). */
  update(
    organizationId: string,
    samlProviderId: string,
    body: SamlProviderUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<SamlProvider> {
    return this.http.call(updateSamlProvider, { params: { organizationId, samlProviderId }, body }, options);
  }

  /** Removes a SAML provider; removing one that does not exist succeeds too. */
  delete(organizationId: string, samlProviderId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteSamlProvider, { params: { organizationId, samlProviderId } }, options);
  }

  /**
   * Lists the organization's single sign-on entries (`id`, `label`, `startURL`: one per way to
   * sign in). One `{items}` answer: the contract gives this list no paging.
   */
  listSsoEntries(organizationId: string, options?: RequestOptions): ApiPromise<SsoEntries> {
    return this.http.call(listSsoEntries, { params: { organizationId } }, options);
  }
}
