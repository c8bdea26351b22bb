import {
  deleteOrganizationInviteById,
  getOrganizationAgentInstructions,
  getOrganizationById,
  joinOrganization,
  listOrganizationsForAuthenticatedUser,
  getOrganizationsForEmailDomain,
  updateOrganizationMemberLastSeenAt,
  searchOrganizationContent,
  updateOrganizationAgentInstructions,
  updateOrganizationById,
  type OrganizationAgentInstructions,
  type JSONDocumentParam,
  type Organization,
} from '@docs-api/sdk/contract';
import { badRequest, conflict, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';
import {
  membership,
  organizationSpaces,
  organizationView,
  requireOrganization,
  requireOrganizationAdmin,
} from '../domain/organizations.js';
import { searchSpaces } from '../domain/search.js';

/*
 * Organizations: settings (admins only), joining by email domain, search over the content of
 * the organization's spaces (domain/search.ts) and agent instructions. The views and checks other
 * areas share are in domain/organizations.ts.
 */

// ---------------------------------------------------------------------------------------------

const EMPTY_DOCUMENT: JSONDocumentParam = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };

/**
 * The agent instructions of an organization. Before any PUT: an empty document, last changed
 * when the organization was created, by its first admin (the document requires both fields).
 */
function agentInstructionsView(store: Store, organization: Organization): OrganizationAgentInstructions {
  const row = store.agentInstructions.get(organization.id);
  const firstAdmin = store.members.find((m) => m.organization === organization.id && m.role === 'admin');
  return {
    object: 'agent-instructions',
    instructions: structuredClone(row?.instructions ?? EMPTY_DOCUMENT),
    updatedAt: row?.updatedAt ?? organization.createdAt ?? store.now(),
    // A member id, as the document describes it.
    updatedBy: row?.updatedBy ?? firstAdmin?.user ?? store.actor,
    // "Relative URL to the resource in the API", as the document describes this one.
    urls: { location: `/v1/orgs/${organization.id}/agent-instructions` },
  };
}

/** An unsigned JWT (`alg: none`) naming the user and the organization: the sandbox signs nothing. */
function visitorClaims(store: Store, organizationId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(Date.parse(store.now()) / 1000);
  const header = encode({ alg: 'none', typ: 'JWT' });
  const payload = encode({ iss: 'docs-api-sandbox', sub: store.actor, org: organizationId, iat: issuedAt });
  return `${header}.${payload}.`;
}

const emailDomainOf = (email: string | undefined) => email?.split('@')[1]?.toLowerCase();

export const organizationHandlers = [
  implement(listOrganizationsForAuthenticatedUser, ({ store, query }) => {
    const mine = [...store.organizations.values()].filter((org) =>
      store.members.some((m) => m.organization === org.id && m.user === store.actor),
    );
    return paginate(
      mine.map((org) => organizationView(store, org)),
      query,
    );
  }),

  implement(getOrganizationById, ({ store, params }) =>
    organizationView(store, requireOrganization(store, params.organizationId)),
  ),

  implement(updateOrganizationById, ({ store, params, body }) => {
    const organization = requireOrganizationAdmin(store, params.organizationId);
    // Everything is checked before anything changes.
    if (body.defaultContent) {
      const site = store.sites.get(body.defaultContent.site);
      if (!site || site.organization !== organization.id) {
        throw badRequest(
          `body.defaultContent.site: invalid default content: "${body.defaultContent.site}" is not a site of organization "${organization.id}"`,
        );
      }
    }
    if (body.hostname !== undefined) {
      const taken = [...store.organizations.values()].find(
        (other) => other.id !== organization.id && other.hostname === body.hostname,
      );
      if (taken) throw conflict(`body.hostname: "${body.hostname}" is used by another organization`);
    }
    for (const rule of body.mergeRules?.type === 'rules' ? body.mergeRules.rules : []) {
      for (const user of 'users' in rule ? rule.users : []) {
        if (!membership(store, organization.id, user)) {
          throw badRequest(`body.mergeRules: "${user}" is not a member of organization "${organization.id}"`);
        }
      }
    }

    const { logo, emailDomains, defaultContent, ...rest } = body;
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined)
        (organization as unknown as Record<string, unknown>)[key] = structuredClone(value);
    }
    if (emailDomains) organization.emailDomains = [...new Set(emailDomains.map((d) => d.toLowerCase()))];
    // `null` removes the default content or the logo.
    if (defaultContent === null) delete organization.defaultContent;
    else if (defaultContent !== undefined) organization.defaultContent = { ...defaultContent };
    if (logo === null) organization.urls = {};
    else if (logo !== undefined) organization.urls = { logo };
    return organizationView(store, organization);
  }),

  implement(deleteOrganizationInviteById, ({ store, params }) => {
    requireOrganizationAdmin(store, params.organizationId);
    const invite = store.invites.get(params.inviteId);
    // Absent (or another organization's): nothing to do, and still a success.
    if (invite?.organization === params.organizationId) store.invites.delete(invite.id);
  }),

  implement(joinOrganization, ({ store, params }) => {
    const organization = store.organizations.get(params.organizationId);
    if (!organization) throw notFound('organization', params.organizationId);
    if (membership(store, organization.id, store.actor)) return;
    const domain = emailDomainOf(store.actorUser().email);
    const allowed = (organization.emailDomains ?? []).map((d) => d.toLowerCase());
    if (!domain || !allowed.includes(domain)) {
      throw new SandboxError(
        400,
        `Your email domain "${domain ?? ''}" is not one of the domains allowed to join organization "${organization.id}"`,
      );
    }
    store.members.push({
      organization: organization.id,
      user: store.actor,
      role: organization.defaultRole ?? null,
      joinedAt: store.now(),
    });
  }),

  implement(searchOrganizationContent, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const needle = query.query.toLowerCase();
    const items = searchSpaces(store, organizationSpaces(store, params.organizationId), needle);
    return paginate(items, query);
  }),

  implement(getOrganizationAgentInstructions, ({ store, params }) =>
    agentInstructionsView(store, requireOrganization(store, params.organizationId)),
  ),

  implement(updateOrganizationAgentInstructions, ({ store, params, body }) => {
    const organization = requireOrganizationAdmin(store, params.organizationId);
    store.agentInstructions.set(organization.id, {
      instructions: structuredClone(body.instructions),
      updatedAt: store.now(),
      updatedBy: store.actor,
    });
    return agentInstructionsView(store, organization);
  }),

  implement(getOrganizationsForEmailDomain, ({ store, params }) => {
    const domain = params.emailDomain.toLowerCase();
    const organizations = [...store.organizations.values()].filter((org) =>
      (org.emailDomains ?? []).some((d) => d.toLowerCase() === domain),
    );
    return { organizations: organizations.map((org) => organizationView(store, org)) };
  }),

  implement(updateOrganizationMemberLastSeenAt, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const member = membership(store, params.organizationId, store.actor);
    if (member) member.lastSeenAt = store.now();
    // The document names the token `gitbookVisitorClaims`, the extract `serviceVisitorClaims`: both are sent.
    const token = visitorClaims(store, params.organizationId);
    return { gitbookVisitorClaims: token, serviceVisitorClaims: token };
  }),
];
