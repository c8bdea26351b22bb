import { createOrganization, type Organization } from '@docs-api/sdk/contract';
import { implement } from '../implement.js';
import { organizationView } from '../domain/organizations.js';

/*
 * `createOrganization`: a new organization with the title and email domains sent, whose first
 * member and admin is the acting user, so that it is listed among theirs and answers every
 * organization operation at once. The service's defaults are those of every organization the
 * sandbox shows (organizationView). `withDefaultSite` and `openapiUrl` ask the service to build
 * content besides: the sandbox accepts them and builds neither (create a site with sites.create,
 * a spec with openapi.create), rather than make content up.
 */

export const organizationCreateHandlers = [
  implement(createOrganization, ({ store, body }) => {
    const id = store.newId('org');
    const now = store.now();
    // Stored as sent; organizationView completes what the document requires (type, plan, urls...).
    const organization = {
      object: 'organization' as const,
      id,
      title: body.title,
      createdAt: now,
      emailDomains: [...new Set((body.emailDomains ?? []).map((domain) => domain.toLowerCase()))],
      defaultRole: 'read' as const,
    } as Organization;
    store.organizations.set(id, organization);
    store.members.push({ organization: id, user: store.actor, role: 'admin', joinedAt: now });
    return organizationView(store, organization);
  }),
];
