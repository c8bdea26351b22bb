/*
 * The row kinds of the fixture format, by name, in load order (a kind after those it refers to).
 * Apart from fixture-rows.ts, their zod schemas, so that the public declarations (`Fixture`,
 * `ROW_KIND_NAMES`) name no zod type.
 */

export const ROW_KIND_NAMES = [
  'users',
  'organizations',
  'members',
  'invites',
  'agentInstructions',
  'collections',
  'spaces',
  'deletedSpaces',
  'ranks',
  'blobs',
  'revisions',
  'sites',
  'siteShareLinks',
  'siteRedirects',
  'integrations',
  'installations',
  'integrationEvents',
  'changeRequests',
  'comments',
  'teams',
  'translations',
  'glossary',
  'samlProviders',
  'issuesClusters',
  'conversations',
  'conversationIssues',
  'openapiSpecs',
  'openapiSpecVersions',
  'importRuns',
  'gitSync',
  'permissions',
  'resources',
] as const;

export type RowKindName = (typeof ROW_KIND_NAMES)[number];
