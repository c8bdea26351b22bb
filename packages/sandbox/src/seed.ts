import type { SiteAdaptiveJSONSchemaParam, Space } from '@docs-api/sdk/contract';
import { DEFAULT_ADAPTIVE_SCHEMA } from './handlers/sites.js';
import { seedChangeRequests } from './seed-change-requests.js';
import { seedTranslations } from './seed-translations.js';
import { seedTeams } from './seed-teams.js';
import { seedCollections } from './seed-collections.js';
import { NEW_ORGANIZATION, seedOrganizations, seedUser } from './seed-organizations.js';
import { seedSaml } from './seed-saml.js';
import { seedConversations } from './seed-conversations.js';
import { seedOpenApi } from './seed-openapi.js';
import { seedIntegrations } from './seed-integrations.js';
import { seedImports } from './seed-imports.js';
import { seedContent } from './seed-content.js';
import type { Store } from './store.js';

/** `demo`: a small, realistic organization. `empty`: one organization and its owner, nothing else. */
export type SeedName = 'demo' | 'empty';
export type Seed = SeedName | ((store: Store) => void);

const T0 = '2026-01-05T09:00:00.000Z';

function seedOwner(store: Store): void {
  seedUser(store, 'user_ada', 'Ada Lovelace', 'ada@acme.test');
  store.actor = 'user_ada';
  store.organizations.set('org_acme', {
    ...structuredClone(NEW_ORGANIZATION),
    object: 'organization',
    id: 'org_acme',
    title: 'Acme Inc',
    createdAt: T0,
    emailDomains: ['acme.test'],
    hostname: 'acme',
    useCase: 'productDocs',
    defaultRole: 'read',
    ai: true,
  });
  store.members.push({ organization: 'org_acme', user: 'user_ada', role: 'admin', joinedAt: T0 });
}

/** A demo space of org_acme; `spaceView` adds what is derived (counts, URLs, permissions, revision). */
function space(id: string, title: string, emoji: string): Space {
  return {
    object: 'space',
    id,
    title,
    emoji,
    visibility: 'public',
    createdAt: T0,
    updatedAt: T0,
    editMode: 'live',
    organization: 'org_acme',
    defaultLevel: 'read',
    mergeRules: { type: 'inherit' },
  };
}

function seedDemo(store: Store): void {
  seedOwner(store);
  for (const [id, name, email, role] of [
    ['user_grace', 'Grace Hopper', 'grace@acme.test', 'review'],
    ['user_linus', 'Linus Torvalds', 'linus@acme.test', 'edit'],
  ] as const) {
    seedUser(store, id, name, email);
    store.members.push({ organization: 'org_acme', user: id, role, joinedAt: T0 });
  }
  store.organizations.set('org_beta', {
    ...structuredClone(NEW_ORGANIZATION),
    object: 'organization',
    id: 'org_beta',
    title: 'Beta Labs',
    createdAt: T0,
    emailDomains: ['beta.test'],
    hostname: 'beta',
    defaultRole: 'read',
    ai: false,
  });
  store.members.push({ organization: 'org_beta', user: 'user_ada', role: 'read', joinedAt: T0 });

  for (const s of [
    space('space_handbook', 'Handbook', '📘'),
    space('space_api', 'API Reference', '🔌'),
    space('space_guides', 'Guides', '🧭'),
    { ...space('space_legal', 'Legal', '⚖️'), editMode: 'locked' },
  ]) {
    store.spaces.set(s.id, s);
  }
  // A space deleted at start-up, so that there is one to restore. Its time comes from the host's
  // clock, not the sandbox's: reading a test's stepping clock here would shift every timestamp
  // after it. A sandbox whose clock is set in the past can restore it for 7 days after that.
  store.deletedSpaces.set('space_archive', {
    ...space('space_archive', 'Archive', '🗄️'),
    visibility: 'private',
    revision: 'rev_archive_1',
    deletedAt: new Date().toISOString(),
  });
  store.revisions.set('rev_archive_1', {
    id: 'rev_archive_1',
    space: 'space_archive',
    parents: [],
    createdAt: T0,
    message: 'Initial content',
    pages: [],
    files: [],
    reusableContents: [],
    variables: {},
  });

  store.sites.set('site_docs', {
    organization: 'org_acme',
    site: {
      object: 'site',
      id: 'site_docs',
      type: 'basic',
      title: 'Acme Docs',
      visibility: 'public',
      published: true,
      siteSpaces: 2,
      createdAt: T0,
      basename: 'docs',
      agentsContext: 'included',
      adaptiveContent: { enabled: true },
    },
    sections: [
      { id: 'sitesc_product', title: 'Product', path: 'product' },
      { id: 'sitesc_developers', title: 'Developers', path: 'developers', description: 'APIs and SDKs' },
    ],
    siteSpaces: [
      { id: 'sitesp_handbook', space: 'space_handbook', section: 'sitesc_product', path: 'handbook' },
      { id: 'sitesp_api', space: 'space_api', section: 'sitesc_developers', path: 'api' },
    ],
    shareKey: 'share_docs',
    adaptiveSchema: {
      jsonSchema: {
        ...DEFAULT_ADAPTIVE_SCHEMA,
        // A claim beside `unsigned`: the document allows any (`additionalProperties` of
        // `properties`), which the generated type does not declare yet.
        properties: {
          ...DEFAULT_ADAPTIVE_SCHEMA.properties,
          isBetaUser: { type: 'boolean', description: 'The visitor is in the beta programme' },
        } as SiteAdaptiveJSONSchemaParam['properties'],
      },
      updatedAt: T0,
    },
    integrations: ['analytics-pro', 'support-chat'],
  });
  store.sites.set('site_internal', {
    organization: 'org_acme',
    site: {
      object: 'site',
      id: 'site_internal',
      type: 'basic',
      title: 'Internal Handbook',
      visibility: 'visitor-auth',
      published: false,
      siteSpaces: 1,
      createdAt: T0,
      agentsContext: 'excluded',
      adaptiveContent: { enabled: false },
    },
    sections: [{ id: 'sitesc_internal', title: 'Internal Handbook', path: 'internal' }],
    siteSpaces: [{ id: 'sitesp_guides', space: 'space_guides', section: 'sitesc_internal', path: 'guides' }],
    shareKey: 'share_internal',
    adaptiveSchema: { jsonSchema: structuredClone(DEFAULT_ADAPTIVE_SCHEMA), updatedAt: T0 },
    integrations: [],
  });

  seedChangeRequests(store);
  seedTranslations(store);
  seedTeams(store);
  seedCollections(store);
  seedOrganizations(store);
  seedSaml(store);
  seedConversations(store);
  seedOpenApi(store);
  seedIntegrations(store);
  seedImports(store);
  seedContent(store);
}

export function applySeed(store: Store, seed: Seed): void {
  if (typeof seed === 'function') seed(store);
  else if (seed === 'empty') seedOwner(store);
  else seedDemo(store);
}
