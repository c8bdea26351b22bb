import { createOrganization } from '@docs-api/sdk/contract';
import { invalidField } from '../errors.js';
import { implement } from '../implement.js';
import { organizationView } from '../domain/organizations.js';

/*
 * `createOrganization`: a new organization with the title and email domains sent, whose first
 * member and admin is the acting user, so that it is listed among theirs and answers every
 * organization operation at once. The service's defaults are those of every organization the
 * sandbox shows (organizationView). `withDefaultSite` and `openapiUrl` ask the service to build
 * content the sandbox cannot make up: refused, naming the option.
 */

export const organizationCreateHandlers = [
  implement(createOrganization, ({ store, body, query }) => {
    if (query.withDefaultSite)
      throw invalidField(
        'query.withDefaultSite',
        'the sandbox does not build a default site: create one with sites.create',
      );
    if (query.openapiUrl !== undefined)
      throw invalidField(
        'query.openapiUrl',
        'the sandbox does not read an OpenAPI spec at creation: use openapi.create',
      );
    const id = store.newId('org');
    const now = store.now();
    const organization = {
      object: 'organization' as const,
      id,
      title: body.title,
      createdAt: now,
      emailDomains: [...new Set((body.emailDomains ?? []).map((domain) => domain.toLowerCase()))],
      defaultRole: 'read' as const,
    };
    store.organizations.set(id, organization);
    store.members.push({ organization: id, user: store.actor, role: 'admin', joinedAt: now });
    return organizationView(store, organization);
  }),
];
