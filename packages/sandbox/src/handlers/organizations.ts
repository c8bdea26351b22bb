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
  type OrganizationMember,
  type Organization,
  type SearchSpaceResult,
  type SearchPageResult,
  type SearchSectionResult,
  type Space,
  type User,
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
export function requireOrganization(store: Store, organizationId: string): Organization {
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

/**
 * The API view of a user, as the service sends it: `displayName` and an absolute
 * `urls.location` at the origin the request reached; no `photoURL` when the user has none.
 */
export function userView(store: Store, userId: string): User {
  const user = store.users.get(userId);
  // A user the store does not know is named by its id (the document requires a displayName).
  const { photoURL, ...rest } = user ?? { object: 'user' as const, id: userId, displayName: userId };
  return {
    ...rest,
    ...(photoURL ? { photoURL } : {}),
    urls: { location: store.apiUrl(`/users/${userId}`) },
  };
}

/** What the actor may do with an organization, from the actor's role in it. */
function organizationPermissions(store: Store, organizationId: string): Organization['permissions'] {
  const role = membership(store, organizationId, store.actor)?.role;
  const member = role !== undefined;
  const admin = role === 'admin';
  const creates = admin || role === 'create';
  const ownTeam = [...store.teams.values()].some(
    (team) =>
      team.organization === organizationId &&
      team.members.some((m) => m.user === store.actor && m.role === 'owner'),
  );
  return {
    view: member,
    access: member,
    admin,
    ownTeam: member && ownTeam,
    createContent: creates,
    createOpenAPISpec: creates,
    viewBilling: admin,
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
    listInstallations: admin,
    installIntegration: admin,
  };
}

/**
 * The API view of an organization, as the service sends it: every field the published document
 * requires (stored ones, with the service's defaults for those a seed left out), an absolute
 * `urls.location`, and the actor's permissions. Integrations embed it as their `owner`.
 */
export function organizationView(store: Store, organization: Organization): Organization {
  const { urls, permissions: _permissions, ...stored } = organization;
  return {
    ...stored,
    title: stored.title ?? organization.id,
    createdAt: stored.createdAt ?? store.now(),
    emailDomains: [...(stored.emailDomains ?? [])],
    type: stored.type ?? 'business',
    inviteLinks: stored.inviteLinks ?? false,
    plan: stored.plan ?? 'free_2024',
    mergeRules: structuredClone(stored.mergeRules ?? { type: 'none' }),
    trial: structuredClone(stored.trial ?? { status: 'notapplicable', count: 0 }),
    urls: {
      location: store.apiUrl(`/orgs/${organization.id}`),
      app: `https://${APP_HOST}/o/${organization.id}`,
      ...(urls?.logo ? { logo: urls.logo } : {}),
    },
    permissions: organizationPermissions(store, organization.id),
  };
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

/** The sites a member can reach: every site of the organization; guests reach none through their membership. */
function memberSites(store: Store, member: MemberRow): number {
  if (!member.role) return 0;
  return [...store.sites.values()].filter((row) => row.organization === member.organization).length;
}

/** The API view of an organization member; `spaces`, `teams` and `sites` are counted from the store. */
export function memberView(store: Store, member: MemberRow): OrganizationMember {
  const teams = [...store.teams.values()].filter(
    (row) => row.organization === member.organization && row.members.some((m) => m.user === member.user),
  ).length;
  return {
    object: 'member',
    id: member.user,
    role: member.role ?? null,
    user: userView(store, member.user),
    disabled: false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso ?? false,
    spaces: memberSpaces(store, member).length,
    teams,
    sites: memberSites(store, member),
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

const occurrences = (text: string, needle: string) => text.toLowerCase().split(needle).length - 1;

/**
 * The matching pages of a space, unranked. A page's score: 2 per occurrence in its title, 1 per
 * occurrence in a matching section; `resultType` says whether its own fields matched.
 */
export function searchSpace(store: Store, space: Space, needle: string): SearchPageResult[] {
  const revision = primaryRevision(store, space);
  const flat = flattenPages(revision.pages);
  const byId = new Map(flat.map((entry) => [entry.page.id, entry]));
  const pages: SearchPageResult[] = [];
  for (const entry of flat) {
    const { page, path } = entry;
    // Groups and link pages have no text of their own.
    if (page.type === 'group' || page.type === 'link') continue;
    const pageUrl = `https://${APP_HOST}/s/${space.id}/${path}`;
    const sections: SearchSectionResult[] = markdownSections(page.title, page.markdown ?? '')
      .map((section) => ({
        section,
        score: occurrences(section.title, needle) + occurrences(section.body, needle),
      }))
      .filter(({ score }) => score > 0)
      .map(({ section, score }) => ({
        id: section.anchor,
        title: section.title,
        path: `${path}#${section.anchor}`,
        score,
        resultType: 'section',
        body: section.body,
        urls: { app: `${pageUrl}#${section.anchor}` },
      }));
    const ownScore = 2 * (occurrences(page.title, needle) + occurrences(page.description ?? '', needle));
    if (ownScore === 0 && sections.length === 0) continue;
    const ancestors: Array<{ title: string }> = [];
    for (let parent = entry.parent; parent; parent = byId.get(parent)?.parent ?? null) {
      const title = byId.get(parent)?.page.title;
      if (title !== undefined) ancestors.unshift({ title });
    }
    pages.push({
      id: page.id,
      title: page.title,
      description: page.description ?? '',
      path,
      score: ownScore + sections.reduce((sum, section) => sum + (section.score ?? 0), 0),
      rank: 0,
      resultType: ownScore > 0 ? 'page' : 'section',
      sections,
      ancestors,
      urls: { app: pageUrl },
    });
  }
  return pages;
}

/**
 * The organization's search results: pages ranked over every space (highest score first, ties
 * in space and page order; `rank` is that one-based position), grouped by space, spaces in the
 * order of their best page. A space's score is its best page's.
 */
function searchSpaces(store: Store, spaces: readonly Space[], needle: string): SearchSpaceResult[] {
  const found = spaces.flatMap((space) => searchSpace(store, space, needle).map((page) => ({ space, page })));
  const ranked = found
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => (b.page.score ?? 0) - (a.page.score ?? 0) || a.index - b.index);
  const items = new Map<string, SearchSpaceResult & { pages: SearchPageResult[] }>();
  ranked.forEach(({ space, page }, index) => {
    page.rank = index + 1;
    const item = items.get(space.id) ?? {
      type: 'space',
      id: space.id,
      title: space.title ?? space.id,
      score: page.score ?? 0,
      pages: [],
    };
    item.pages.push(page);
    items.set(space.id, item);
  });
  return [...items.values()];
}

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
