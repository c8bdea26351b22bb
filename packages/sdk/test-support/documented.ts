/*
 * Answers with every field the document requires, for nock tests (their clients read strictly).
 * A test spreads one and overrides what it is about: `{ ...documented.space('sp_1'), title: 'x' }`.
 */
const AT = '2024-01-01T00:00:00.000Z';
const urls = (path: string) => ({ location: `https://api.test/v1${path}`, app: `https://app.test${path}` });

export const user = (id = 'u_1') => ({
  object: 'user' as const,
  id,
  displayName: `User ${id}`,
  urls: { location: `https://api.test/v1/users/${id}` },
});

export const organization = (id = 'org_1') => ({
  object: 'organization' as const,
  id,
  title: 'Acme',
  createdAt: AT,
  emailDomains: [],
  type: 'business',
  inviteLinks: false,
  plan: 'free_2024',
  mergeRules: { type: 'none' },
  urls: urls(`/orgs/${id}`),
  trial: { status: 'notapplicable', count: 0 },
  permissions: {},
});

export const space = (id = 'sp_1') => ({
  object: 'space' as const,
  id,
  title: 'Handbook',
  emoji: '',
  visibility: 'private',
  createdAt: AT,
  updatedAt: AT,
  mergeRules: { type: 'inherit' },
  urls: urls(`/spaces/${id}`),
  organization: 'org_1',
  revision: 'rev_1',
  defaultLevel: 'inherit',
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
  permissions: {},
});

export const team = (id = 'team_1') => ({
  object: 'team' as const,
  id,
  title: 'Writers',
  members: 0,
  spaces: 0,
  createdAt: AT,
  permissions: {},
});

export const member = (id = 'u_1') => ({
  object: 'member' as const,
  id,
  role: 'edit',
  user: user(id),
  disabled: false,
  joinedAt: AT,
  sso: false,
  spaces: 0,
  teams: 0,
  sites: 0,
});

export const translation = (id = 'tr_1') => ({
  object: 'translation' as const,
  id,
  status: 'completed',
  source: { space: 'sp_1', language: 'en' },
  language: 'fr',
  instructions: null,
  createdAt: AT,
  updatedAt: AT,
  stats: {},
  permissions: {},
  urls: urls(`/orgs/org_1/translations/${id}`),
});

export const openapiSpec = (slug = 'petstore') => ({
  object: 'openapi-spec' as const,
  id: `spec_${slug}`,
  createdAt: AT,
  updatedAt: AT,
  slug,
  processingState: 'completed',
  lastProcessedErrorCount: 0,
  permissions: {},
  urls: urls(`/orgs/org_1/openapi/${slug}`),
});

export const changeRequest = (id = 'cr_1') => ({
  object: 'change-request' as const,
  id,
  number: 1,
  status: 'open',
  subject: 'Update the docs',
  createdBy: user(),
  createdAt: AT,
  updatedAt: AT,
  space: 'sp_1',
  revision: 'rev_2',
  revisionInitial: 'rev_1',
  comments: 0,
  outdated: false,
  urls: urls(`/spaces/sp_1/change-requests/${id}`),
});

export const collection = (id = 'col_1') => ({
  object: 'collection' as const,
  id,
  title: 'Product docs',
  organization: 'org_1',
  defaultLevel: 'inherit',
  urls: urls(`/collections/${id}`),
  permissions: {},
});

export const integration = (name = 'x') => ({
  object: 'integration' as const,
  name,
  version: 1,
  title: `Title ${name}`,
  previewImages: [],
  target: 'all',
  verified: false,
  visibility: 'public',
  scopes: [],
  categories: [],
  externalLinks: [],
  owner: organization(),
  urls: urls(`/integrations/${name}`),
  permissions: {},
});

export const samlProvider = (id = 'saml_1') => ({
  object: 'saml-provider' as const,
  id,
  label: 'Okta',
  ssoURL: 'https://idp.test/sso',
  entityID: 'https://idp.test',
  certificate: 'MIIC',
  defaultRole: 'read',
  createdAt: AT,
  status: 'active',
  service: {},
  urls: urls(`/orgs/org_1/saml/${id}`),
});

export const glossaryEntry = (id = 'gl_1') => ({
  object: 'glossary-entry' as const,
  id,
  translations: {},
  createdAt: AT,
  updatedAt: AT,
  urls: urls(`/orgs/org_1/translations-glossary/${id}`),
});

/** A comment, open: resolved needs `status: 'resolved'`, `resolvedAt` and `resolvedBy` too. */
export const comment = (id = 'cm_1') => ({
  object: 'comment' as const,
  id,
  status: 'open',
  body: { markdown: 'Looks good' },
  postedBy: user(),
  postedAt: AT,
  reactions: [],
  replies: 0,
  repliers: [],
  target: { space: 'sp_1', revision: 'rev_2', changeRequest: 'cr_1' },
  urls: { location: `https://api.test/v1/spaces/sp_1/comments/${id}` },
  permissions: { view: true, edit: true, delete: true },
});

export const commentReply = (id = 'rp_1') => ({
  object: 'comment-reply' as const,
  id,
  body: { markdown: 'Done' },
  postedBy: user(),
  postedAt: AT,
  reactions: [],
  urls: { location: `https://api.test/v1/spaces/sp_1/comments/cm_1/replies/${id}` },
  permissions: { view: true, edit: true, delete: true },
});

/** An emoji reaction: the users who reacted are required beside the count. */
export const reaction = (emoji = '👍') => ({
  emoji,
  count: 1,
  users: [{ user: user(), reactedAt: AT }],
});

/** A revision of type `edits`; a merge adds `type: 'merge'` and `mergedFrom`. */
export const revision = (id = 'rev_1') => ({
  object: 'revision' as const,
  id,
  type: 'edits',
  parents: [],
  pages: [],
  files: [],
  reusableContents: [],
  tags: [],
  createdAt: AT,
  urls: { app: `https://app.test/spaces/sp_1/revisions/${id}` },
});

/** A page layout: every option is required. */
export const pageLayout = () => ({
  width: 'default',
  cover: false,
  coverSize: 'full',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
});

/** A document page of a revision, with an empty body (`{}` is one of the document's body forms). */
export const page = (id = 'pg_1') => ({
  id,
  title: 'Intro',
  kind: 'sheet' as const,
  type: 'document' as const,
  urls: { app: `https://app.test/spaces/sp_1/${id}` },
  slug: 'intro',
  path: 'intro',
  pages: [],
  layout: pageLayout(),
  tags: [],
});

/** A requested reviewer of kind `user`; a team one replaces `kind` and `user` by `team`. */
export const requestedReviewer = (userId = 'u_1') => ({
  object: 'change-request-requested-reviewer' as const,
  kind: 'user',
  user: user(userId),
  revision: 'rev_2',
  requestedBy: user('u_author'),
  createdAt: AT,
});

/** One entry of a change request's contributors envelope (`{ items, count }`). */
export const contributor = (userId = 'u_1') => ({
  user: user(userId),
  updatedAt: AT,
  count: 1,
  actionType: 'edit',
});

/** An organization's billing, every field the document requires. */
export const organizationBilling = () => ({
  interval: 'monthly',
  endDate: null,
  hasPaymentFailed: false,
  canCheckout: true,
  isScheduledToCancel: false,
  pricing: { members: {}, sites: {} },
  usageAddons: {},
  canChangeInterval: true,
  canUseSAML: false,
  creditsBundle: 'none',
  aiCreditAlertThreshold: null,
});

/** A section of a page of a search result. */
export const searchSection = (id = 'installation') => ({
  id,
  title: 'Installation',
  path: `getting-started#${id}`,
  score: 1,
  body: 'npm i',
  urls: { app: `https://app.test/s/space_1/getting-started#${id}` },
});

/** A page of a search result (its `sections` are optional). */
export const searchPage = (id = 'page_1') => ({
  id,
  title: 'Getting started',
  description: '',
  path: 'getting-started',
  score: 1,
  rank: 1,
  ancestors: [],
  urls: { app: 'https://app.test/s/space_1/getting-started' },
});

/** A search result: a space with its matching pages. */
export const searchResult = (id = 'space_1') => ({
  type: 'space' as const,
  id,
  title: 'Handbook',
  score: 1,
  pages: [searchPage()],
});
