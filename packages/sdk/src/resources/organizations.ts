import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { HandWritten } from '../core/resource.js';
import { ops, type Organizations } from '../generated/resources/organizations.js';
import type { JSONDocumentParam, OrganizationAgentInstructions } from '../generated/types.js';

/** `client.organizations`' hand-written methods. */
export interface OrganizationsExtensions {
  /**
   * Replaces the agent instructions with a rich-text document (see `documentFromText`).
   *
   * @see PUT /v1/orgs/{organizationId}/agent-instructions (updateOrganizationAgentInstructions)
   */
  updateAgentInstructions(
    organizationId: string,
    instructions: JSONDocumentParam,
    options?: RequestOptions,
  ): ApiPromise<OrganizationAgentInstructions>;
}

export const extensions: HandWritten<OrganizationsExtensions, Organizations> = {
  updateAgentInstructions(_resource, invoker, organizationId, instructions, options) {
    const call = invoker.method(
      ops.updateOrganizationAgentInstructions,
      [organizationId, { instructions }],
      options,
    );
    return call as ApiPromise<OrganizationAgentInstructions>;
  },
};
