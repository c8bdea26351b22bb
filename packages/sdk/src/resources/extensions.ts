import type { Extension, ExtensionFunction } from '../core/resources.js';

/*
 * The hand-written methods beside the generated ones, by `<resource>.<method>`: waiters, and
 * shorthands the SDK has had since 0.1. packages/sdk/overlay.yaml lists each module in
 * `extensions`, so that the resource's interface declares its methods. The code of each loads on
 * its first call; only these names are in an app's bundle.
 */
const from =
  <M,>(load: () => Promise<M>, pick: (module: M) => Record<string, unknown>) =>
  (name: string) =>
  async (): Promise<ExtensionFunction> =>
    pick(await load())[name] as ExtensionFunction;

const translations = from(() => import('./translations.js'), (m) => m.translationsExtensions);
const openapi = from(() => import('./openapi.js'), (m) => m.openapiExtensions);
const changeRequests = from(() => import('./change-requests.js'), (m) => m.changeRequestsExtensions);
const comments = from(() => import('./change-request-comments.js'), (m) => m.changeRequestsCommentsExtensions);
const glossary = from(() => import('./glossary.js'), (m) => m.glossaryExtensions);
const organizations = from(() => import('./organizations.js'), (m) => m.organizationsExtensions);

export const EXTENSIONS: Readonly<Record<string, Extension>> = {
  'translations.waitForRun': { kind: 'promise', load: translations('waitForRun') },
  'openapi.waitUntilProcessed': { kind: 'promise', load: openapi('waitUntilProcessed') },
  'changeRequests.update': { kind: 'call', load: changeRequests('update') },
  'changeRequests.comments.resolve': { kind: 'call', load: comments('resolve') },
  'changeRequests.comments.reopen': { kind: 'call', load: comments('reopen') },
  'changeRequests.comments.react': { kind: 'call', load: comments('react') },
  'glossary.update': { kind: 'call', load: glossary('update') },
  'glossary.insert': { kind: 'call', load: glossary('insert') },
  'glossary.delete': { kind: 'call', load: glossary('delete') },
  'organizations.updateAgentInstructions': { kind: 'call', load: organizations('updateAgentInstructions') },
};
