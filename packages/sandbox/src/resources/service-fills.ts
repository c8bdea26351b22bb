import type { Store } from '../store.js';

/*
 * The exceptions of the resource engine, in one place: fields of an answer the service fills
 * that neither the request, the clock, the sandbox's host nor "none yet" gives, each with the
 * value the service starts with and why; and the families whose answer is not the body sent
 * (a font's files). By family (the collection's path template). docs/sandbox.md lists them.
 */

/** The service's value of a field: fixed, or worked out from the state (the acting user's role). */
export type Fill =
  | { value: unknown; why: string }
  | { compute: (store: Store, params: Record<string, string>) => unknown; why: string };

export interface FamilyRule {
  /** What the family keeps, in a few words (docs/sandbox.md). */
  keeps: string;
  /** Field path -> the value the service starts with, and why. */
  fills?: Record<string, Fill>;
  /** The stored object made from the body sent, where it differs (the host is the sandbox's origin). */
  fromBody?: (body: Record<string, unknown>, origin: string) => Record<string, unknown>;
  /** What the sandbox cannot know about the real service for this family. */
  cannotKnow?: string;
}

/** Whether the acting user is an admin of the organization the path names. */
const actorIsAdmin = (store: Store, params: Record<string, string>) =>
  store.members.some(
    (member) =>
      member.organization === params.organizationId && member.user === store.actor && member.role === 'admin',
  );

/** Fields of a site's structure entries that the document requires and the service always sets. */
const STRUCTURE_ENTRY = {
  draft: { value: false, why: 'an entry is published unless created as a draft' },
};

const STORAGE_PREFIX = '/_storage';

export const FAMILY_RULES: Readonly<Record<string, FamilyRule>> = {
  '/v1/orgs/{organizationId}/fonts': {
    keeps: 'custom fonts: family name, faces (weight and file) as sent',
    fills: {
      custom: { value: true, why: 'a font made through the API is a custom font' },
      'permissions.edit': { compute: actorIsAdmin, why: "the organization's admins edit its fonts" },
    },
    // The service answers each face's uploaded file (storageKey) as a source URL; the sandbox's
    // is on its own host (it has no file behind it: nothing is uploaded offline).
    fromBody: (body, origin) => {
      const faces = (body.fontFaces ?? []) as Array<{
        weight: number;
        storageKey?: string;
        sources?: unknown;
      }>;
      return {
        ...body,
        fontFaces: faces.map(({ storageKey, ...face }) =>
          storageKey === undefined
            ? face
            : { ...face, sources: [{ url: `${origin}${STORAGE_PREFIX}/${encodeURIComponent(storageKey)}` }] },
        ),
      };
    },
    cannotKnow: 'the font files: storage uploads need the service',
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/channels': {
    keeps: 'channels of a site: type, role, setup settings',
    fills: {
      status: {
        value: 'pending',
        why: 'a channel is pending until its workspace is connected, which needs the service',
      },
      role: { value: 'collaborator', why: 'the role the document gives a channel created without one' },
      answers: { value: 0, why: 'a count of answers given in the channel: none in the sandbox' },
    },
    cannotKnow: 'the connection to Slack, Linear, GitHub or Discord',
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/context-connections': {
    keeps: 'context connections of a site: connector, settings, filter',
    fills: {
      status: {
        value: 'pending',
        why: 'a connection is pending until synced, and syncing needs its remote source',
      },
      records: { value: 0, why: 'the count of records synced: none offline' },
      usageSettings: {
        value: { changeRequests: false, search: false, searchBoost: 'x1.0' },
        why: 'the settings of a connection created without them: used for nothing, no boost',
      },
    },
    cannotKnow: "the remote source's records (declare them as fixtures)",
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/external-links': {
    keeps: "external links of a site's structure: title, URL, icon",
    fills: STRUCTURE_ENTRY,
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/section-groups': {
    keeps: 'section groups of a site: title, icon',
    fills: {
      ...STRUCTURE_ENTRY,
      sections: {
        value: [],
        why: 'a new group holds no sections (the sandbox does not move sections into groups)',
      },
      children: { value: [], why: 'a new group holds nothing' },
    },
    cannotKnow: 'sections moved into groups: the sandbox keeps groups apart from its sections',
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/mcp-servers': {
    keeps: "a site's MCP servers: name, URL, transport, headers, condition",
    fills: {
      transport: { value: 'sse', why: "the document's default transport" },
      headers: { value: {}, why: 'no headers unless sent' },
    },
    cannotKnow: 'whether the server answers: the sandbox never connects to it',
  },
  '/v1/git/installations': {
    keeps: 'Git Sync installations: provider, target, settings',
    fills: {
      status: {
        value: 'unauthenticated',
        why: 'an installation is unauthenticated until its provider account is connected, which needs the provider',
      },
    },
    cannotKnow: "the provider's repositories, branches and files",
  },
};
