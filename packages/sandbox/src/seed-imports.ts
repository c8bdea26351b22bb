import { derivedPageUrls } from './handlers/imports.js';
import type { Store } from './store.js';

/**
 * The demo's import run: `imp_guides_site`, org_acme's import of `https://www.acme.test/guides`
 * into space_guides, completed, its three pages (`imp_guides_site_1` to `_3`) complete.
 */
export function seedImports(store: Store): void {
  store.importRuns.set('imp_guides_site', {
    id: 'imp_guides_site',
    organization: 'org_acme',
    sourceURL: 'https://www.acme.test/guides',
    target: { space: 'space_guides' },
    enhance: true,
    status: 'completed',
    startedAt: '2026-01-07T08:00:00.000Z',
    completedAt: '2026-01-07T08:03:00.000Z',
    pages: derivedPageUrls('https://www.acme.test/guides').map((sourceURL, index) => ({
      id: `imp_guides_site_${index + 1}`,
      sourceURL,
      type: 'page',
      status: 'complete',
    })),
  });
}
