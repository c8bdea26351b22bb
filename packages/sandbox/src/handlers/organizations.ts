import {
  deleteOrganizationInvite,
  getAgentInstructions,
  getOrganization,
  joinOrganization,
  listOrganizations,
  listOrganizationsByEmailDomain,
  pingOrganization,
  searchOrganization,
  updateAgentInstructions,
  updateOrganization,
  type AgentInstructions,
  type DocumentInput,
  type Member,
  type Organization,
  type SearchItem,
  type SearchPage,
  type SearchSection,
  type Space,
} from '@docs-api/sdk/contract';
import { APP_HOST, flattenPages, primaryRevision } from '../content.js';
import { badRequest, conflict, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { MemberRow, Store } from '../store.js';

/*
 * Organizations: settings (admins only), joining by email domain, invite links, search over
 * the content of the organization's spaces, agent instructions, and the member view shared
 * with the teams and members handlers.
 */

function membership(store: Store, organizationId: string, userId: string): MemberRow | undefined {
  return store.members.find((m) => m.organization === organizationId && m.user === userId);
}

/** The organization, if the actor is a member of it; 404 otherwise (as for an absent one). */
export function requireOrganization(store: Store, organizationId: string) {
  const organization = store.organizations.get(organizationId);
  if (!organization || !membership(store, organizationId, store.actor)) {
    throw notFound('organization', organizationId);
  }
  return organization;
}

/** The organization, if the actor is one of its admins: 404 for non-members, 403 for other members. */
export function requireOrganizationAdmin(store: Store, organizationId: string): Organization {
  const organization = requireOrganization(store, organizationId);
  if (membership(store, organizationId, store.actor)?.role !== 'admin') {
    throw new SandboxError(403, `Only the admins of organization "${organizationId}" can do this`);
  }
  return organization;
}

/** The live (not deleted) spaces of an organization, in store order. */
function organizationSpaces(store: Store, organizationId: string): Space[] {
  return [...store.spaces.values()].filter(
    (space) => space.organization === organizationId && !space.deletedAt,
  );
}

/**
 * The spaces a member can reach: every live space of the organization, with the member's
 * organization role as permission. Guests (no role) reach none through their membership.
 */
export function memberSpaces(store: Store, member: MemberRow): Space[] {
  return member.role ? organizationSpaces(store, member.organization) : [];
}

/** The API view of an organization member; `spaces` and `teams` are counted from the store. */
export function memberView(store: Store, member: MemberRow): Member {
  const user = store.users.get(member.user);
  const teams = [...store.teams.values()].filter(
    (row) => row.organization === member.organization && row.members.some((m) => m.user === member.user),
  ).length;
  return {
    object: 'member',
    id: member.user,
    role: member.role ?? null,
    ...(user ? { user } : {}),
    disabled: false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso ?? false,
    spaces: memberSpaces(store, member).length,
    teams,
  };
}

// ---------------------------------------------------------------------------------------------
// Search: page titles and markdown of the primary revision of each space.

interface MarkdownSection {
  anchor: string;
  title: string;
  body: string;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Splits markdown at its headings; text before the first heading is a section titled after the page. */
function markdownSections(pageTitle: string, markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection = { anchor: slugify(pageTitle), title: pageTitle, body: '' };
  let fromHeading = false;
  const close = () => {
    if (fromHeading || current.body.trim()) sections.push({ ...current, body: current.body.trim() });
  };
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) {
      close();
      current = { anchor: slugify(heading), title: heading, body: '' };
      fromHeading = true;
    } else {
      current.body += `${line}\n`;
    }
  }
  close();
  return sections;
}

function searchSpace(store: Store, space: Space, needle: string): SearchItem | undefined {
  const revision = primaryRevision(store, space);
  const flat = flattenPages(revision.pages);
  const byId = new Map(flat.map((entry) => [entry.page.id, entry]));
  const pages: SearchPage[] = [];
  for (const entry of flat) {
    const { page, path } = entry;
    const pageUrl = `https://${APP_HOST}/s/${space.id}/${path}`;
    const sections: SearchSection[] = markdownSections(page.title, page.markdown ?? '')
      .filter(
        (section) =>
          section.title.toLowerCase().includes(needle) || section.body.toLowerCase().includes(needle),
      )
      .map((section) => ({
        id: section.anchor,
        title: section.title,
        path: `${path}#${section.anchor}`,
        body: section.body,
        urls: { app: `${pageUrl}#${section.anchor}` },
      }));
    if (!page.title.toLowerCase().includes(needle) && sections.length === 0) continue;
    const ancestors: Array<{ title: string }> = [];
    for (let parent = entry.parent; parent; parent = byId.get(parent)?.parent ?? null) {
      const title = byId.get(parent)?.page.title;
      if (title !== undefined) ancestors.unshift({ title });
    }
    pages.push({ id: page.id, title: page.title, path, sections, ancestors, urls: { app: pageUrl } });
  }
  return pages.length ? { id: space.id, title: space.title ?? space.id, pages } : undefined;
}

// ---------------------------------------------------------------------------------------------

const EMPTY_DOCUMENT: DocumentInput = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };

function agentInstructionsView(store: Store, organizationId: string): AgentInstructions {
  const row = store.agentInstructions.get(organizationId);
  return {
    object: 'agent-instructions',
    instructions: structuredClone(row?.instructions ?? EMPTY_DOCUMENT),
    ...(row ? { updatedAt: row.updatedAt, updatedBy: store.users.get(row.updatedBy) ?? row.updatedBy } : {}),
    urls: { location: `/v1/orgs/${organizationId}/agent-instructions` },
  };
}

/** An unsigned JWT (`alg: none`) naming the user and the organization: the sandbox signs nothing. */
function serviceVisitorClaims(store: Store, organizationId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(Date.parse(store.now()) / 1000);
  const header = encode({ alg: 'none', typ: 'JWT' });
  const payload = encode({ iss: 'docs-api-sandbox', sub: store.actor, org: organizationId, iat: issuedAt });
  return `${header}.${payload}.`;
}

const emailDomainOf = (email: string | undefined) => email?.split('@')[1]?.toLowerCase();

export const organizationHandlers = [
  implement(listOrganizations, ({ store, query }) => {
    const mine = [...store.organizations.values()].filter((org) =>
      store.members.some((m) => m.organization === org.id && m.user === store.actor),
    );
    return paginate(mine, query);
  }),

  implement(getOrganization, ({ store, params }) => requireOrganization(store, params.organizationId)),

  implement(updateOrganization, ({ store, params, body }) => {
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
      for (const user of rule.users ?? []) {
        if (!membership(store, organization.id, user)) {
          throw badRequest(`body.mergeRules: "${user}" is not a member of organization "${organization.id}"`);
        }
      }
    }

    const { logo, emailDomains, ...rest } = body;
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) (organization as Record<string, unknown>)[key] = structuredClone(value);
    }
    if (emailDomains) organization.emailDomains = [...new Set(emailDomains.map((d) => d.toLowerCase()))];
    if (logo !== undefined) organization.urls = { ...organization.urls, logo };
    return organization;
  }),

  implement(deleteOrganizationInvite, ({ store, params }) => {
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
        403,
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

  implement(searchOrganization, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const needle = query.query.toLowerCase();
    const items = organizationSpaces(store, params.organizationId).flatMap(
      (space) => searchSpace(store, space, needle) ?? [],
    );
    return paginate(items, query);
  }),

  implement(getAgentInstructions, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    return agentInstructionsView(store, params.organizationId);
  }),

  implement(updateAgentInstructions, ({ store, params, body }) => {
    requireOrganizationAdmin(store, params.organizationId);
    store.agentInstructions.set(params.organizationId, {
      instructions: structuredClone(body.instructions),
      updatedAt: store.now(),
      updatedBy: store.actor,
    });
    return agentInstructionsView(store, params.organizationId);
  }),

  implement(listOrganizationsByEmailDomain, ({ store, params }) => {
    const domain = params.emailDomain.toLowerCase();
    const organizations = [...store.organizations.values()].filter((org) =>
      (org.emailDomains ?? []).some((d) => d.toLowerCase() === domain),
    );
    return { organizations };
  }),

  implement(pingOrganization, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const member = membership(store, params.organizationId, store.actor);
    if (member) member.lastSeenAt = store.now();
    return { serviceVisitorClaims: serviceVisitorClaims(store, params.organizationId) };
  }),
];
