/*
 * What the sandbox keeps, computes and cannot know for each collection-and-item family that a
 * hand-written handler serves (the resource engine's families say it in service-fills.ts), by
 * the collection's path template. docs/sandbox.md is generated from it, and a test checks that
 * every family of the contract is described here or there.
 */

export interface HandlerFamily {
  /** What the family keeps, in a few words. */
  keeps: string;
  /** What its answers work out from the state beyond what was stored. */
  computes?: string;
  /** What the service fills in on a create that the request did not send. */
  fills?: string;
  /** What the sandbox cannot know about the real service for this family. */
  cannotKnow?: string;
}

const SERVICE_IDS = 'an id, the clock for `…At`, `urls` on the sandbox host, the acting user';

export const HANDLER_FAMILIES: Readonly<Record<string, HandlerFamily>> = {
  '/v1/spaces/{spaceId}/change-requests': {
    keeps: 'change requests: subject, description, status, revision, reviewers',
    computes: 'the changes against the live revision; a merge makes a new live revision',
    fills: `${SERVICE_IDS}; a number per space; a revision forked from the live one`,
    cannotKnow: 'checks that integrations run on a change request',
  },
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments': {
    keeps: 'comments on a change request: body, page, status, reactions',
    fills: SERVICE_IDS,
    cannotKnow: 'notifications sent to the people mentioned',
  },
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies': {
    keeps: 'replies to a change request comment: body, reactions',
    fills: SERVICE_IDS,
  },
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files': {
    keeps: "the files of a change request's revision",
    computes: 'download URLs on the sandbox host, served from the bytes kept',
  },
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers': {
    keeps: 'the reviewers asked, by whom, at which revision',
    fills: 'the acting user as `requestedBy`; the clock',
    cannotKnow: 'the notifications the service sends',
  },
  '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews': {
    keeps: 'reviews: status, comments, the revision reviewed',
    computes: 'whether a review is outdated (the change request moved on)',
    fills: SERVICE_IDS,
  },
  '/v1/collections/{collectionId}/permissions/teams': {
    keeps: 'the role each team has on a collection',
  },
  '/v1/collections/{collectionId}/permissions/users': {
    keeps: 'the role each user has on a collection',
  },
  '/v1/orgs/{organizationId}/conversations': {
    keeps: 'the conversations fixtures and ingestion declare, with their parts',
    cannotKnow: 'conversations held by the service’s assistant: none offline',
  },
  '/v1/orgs/{organizationId}/conversations-issues': {
    keeps: 'the conversation issues fixtures declare',
    cannotKnow: 'the service’s clustering of conversations into issues',
  },
  '/v1/orgs/{organizationId}/translations-glossary': {
    keeps: 'glossary entries: a term per language',
  },
  '/v1/org/{organizationId}/imports': {
    keeps: 'import runs: source, target space, status, pages imported',
    computes: 'the run completes a minute on the sandbox clock; its pages from the source',
    fills: SERVICE_IDS,
    cannotKnow: "a remote website's pages: the page at its URL and two below it, whatever the site holds",
  },
  '/v1/integrations': {
    keeps: 'integrations published: manifest, version, visibility, owner',
    computes: 'filters (search, category, scope, target, blocks) and the caller’s permissions',
    fills: 'version 1, then one more per publish; asset URLs on the sandbox host',
    cannotKnow: 'the integration’s own code: its UI renders and tasks do not run offline',
  },
  '/v1/integrations/{integrationName}/events': {
    keeps: 'the events delivered to an integration (installs, uninstalls) and their logs',
    cannotKnow: 'what the integration’s handler does with an event',
  },
  '/v1/integrations/{integrationName}/installations': {
    keeps: 'installations in organizations: status, configuration, selections',
    fills: `${SERVICE_IDS}; an \`installation_setup\` event`,
    cannotKnow: 'the integration’s own set-up flow (OAuth with a third party)',
  },
  '/v1/integrations/{integrationName}/installations/{installationId}/sites': {
    keeps: 'site installations under an organization installation',
    fills: `${SERVICE_IDS}; a \`site_installation_setup\` event`,
  },
  '/v1/integrations/{integrationName}/installations/{installationId}/spaces': {
    keeps: 'space installations under an organization installation',
    fills: `${SERVICE_IDS}; a \`space_installation_setup\` event`,
  },
  '/v1/orgs/{organizationId}/members': {
    keeps: 'members of an organization: role, last seen',
    computes: 'sorts and filters; the spaces and teams a member reaches',
    cannotKnow: 'members the service adds itself (SSO provisioning)',
  },
  '/v1/orgs/{organizationId}/openapi': {
    keeps: 'OpenAPI specs: slug, source (URL or text), visibility, versions',
    computes: 'processing: the source parsed and validated for real, done 2 s on the sandbox clock',
    fills: SERVICE_IDS,
    cannotKnow: 'sources on other hosts than loopback: taken as fetched and valid',
  },
  '/v1/orgs/{organizationId}/openapi/{specSlug}/versions': {
    keeps: 'a version per processing that ended without errors, with the text read',
  },
  '/v1/orgs/{organizationId}/link-invites': {
    keeps: 'invite links: role, title, uses',
    fills: SERVICE_IDS,
  },
  '/v1/orgs': {
    keeps: 'organizations: title, hostname, settings',
    fills: `${SERVICE_IDS}; the creator as its admin`,
    cannotKnow: 'billing plans: every organization has the features the contract describes',
  },
  '/v1/orgs/{organizationId}/invites': {
    keeps: 'invitations by email, and the members they make',
    cannotKnow: 'the emails the service sends',
  },
  '/v1/spaces/{spaceId}/revisions/{revisionId}/files': {
    keeps: "the files of a revision (the content model's)",
  },
  '/v1/orgs/{organizationId}/saml': {
    keeps: 'SAML providers: label, entity id, certificate, SSO URL',
    fills: SERVICE_IDS,
    cannotKnow: 'a sign-in with the identity provider',
  },
  '/v1/orgs/{organizationId}/sites': {
    keeps: 'sites: title, type, visibility, publishing, settings, structure',
    computes: 'the published structure and the published URL of each site space',
    fills: SERVICE_IDS,
    cannotKnow: 'the rendered site: it is not served',
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams': {
    keeps: 'the role each team has on a site',
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/redirects': {
    keeps: 'redirects: source, destination',
    computes: 'the redirect a path resolves to',
    fills: SERVICE_IDS,
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/sections': {
    keeps: 'sections of a site: title, path, icon, order, group',
    fills: SERVICE_IDS,
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/share-links': {
    keeps: 'share links: name, active, the key to the shared URL',
    fills: `${SERVICE_IDS}; a random secret key, in the link's URL`,
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces': {
    keeps: 'the spaces a site publishes: path, section, order, default',
    computes: 'the published URL of each, from the site’s and section’s paths',
    fills: SERVICE_IDS,
  },
  '/v1/orgs/{organizationId}/sites/{siteId}/permissions/users': {
    keeps: 'the role each user has on a site',
  },
  '/v1/spaces/{spaceId}/comments': {
    keeps: 'comments on a space’s live content: body, page, status, reactions',
    fills: SERVICE_IDS,
    cannotKnow: 'notifications sent to the people mentioned',
  },
  '/v1/spaces/{spaceId}/comments/{commentId}/replies': {
    keeps: 'replies to a space comment: body, reactions',
    fills: SERVICE_IDS,
  },
  '/v1/spaces/{spaceId}/content/files': {
    keeps: "the files of a space's live revision, with their bytes",
    computes: 'download URLs on the sandbox host, served from the bytes kept',
  },
  '/v1/spaces/{spaceId}/permissions/teams': {
    keeps: 'the role each team has on a space',
  },
  '/v1/spaces/{spaceId}/permissions/users': {
    keeps: 'the role each user has on a space',
  },
  '/v1/orgs/{organizationId}/teams': {
    keeps: 'teams: title, members',
    fills: SERVICE_IDS,
    cannotKnow: 'teams synced from an identity provider',
  },
  '/v1/orgs/{organizationId}/teams/{teamId}/members': {
    keeps: 'the members of a team',
  },
  '/v1/orgs/{organizationId}/translations': {
    keeps: 'translations: source space and language, target language, instructions, runs',
    computes:
      "a run copies the source's live content into the translated space, with the glossary's terms replaced",
    fills: SERVICE_IDS,
    cannotKnow: 'machine translation: text outside the glossary stays in the source language',
  },
};
