/*
 * The SDK's readers of its tolerant answers (a review request's user or team, a page's children,
 * an object's fields as data), as the CLI's printers call them: bundled apart from the client
 * (scripts/bundle.mjs) in chunks that dist/sdk.js shares, a few hundred bytes. See sdk.ts.
 */
export { childPages, extraFields, pageMarkdown, reviewerTeam, reviewerUser } from '@docs-api/sdk';
