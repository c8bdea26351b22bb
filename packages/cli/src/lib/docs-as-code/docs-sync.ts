/*
 * `docs pull` and `docs push` over the SDK, one module per command and one for what they share:
 *
 *   space-content.ts   a space's or a change request's content; a service page as a page's file
 *   sync-pull.ts       pull: the space's pages written into the folder
 *   sync-push.ts       push: plan, batches sent, the mapping after each and after a merge
 */
export * from './space-content.js';
export * from './sync-pull.js';
export * from './sync-push.js';
