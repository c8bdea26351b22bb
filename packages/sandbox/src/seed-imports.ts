import { derivedPageUrls } from './handlers/imports.js';
import type { Store } from './store.js';

/**
 * The demo's import runs, both user_ada's:
 * - `imp_guides_site`, of `https://www.acme.test/guides` into space_guides (published on
 *   site_internal only): completed, its three pages (`imp_guides_site_1` to `_3`) complete;
 * - `imp_api_site`, of `https://developers.acme.test/api` into space_api (on site_docs):
 *   `in-progress`, its first page complete and the two others pending, so it can be cancelled.
 */
export function seedImports(store: Store): void {
  store.importRuns.set('imp_guides_site', {
    id: 'imp_guides_site',
    organization: 'org_acme',
    source: { type: 'website', url: 'https://www.acme.test/guides' },
    target: { space: 'space_guides' },
    site: 'site_internal',
    enhance: true,
    status: 'completed',
    createdBy: 'user_ada',
    createdAt: '2026-01-07T08:00:00.000Z',
    startedAt: '2026-01-07T08:00:00.000Z',
    updatedAt: '2026-01-07T08:03:00.000Z',
    completedAt: '2026-01-07T08:03:00.000Z',
    pages: derivedPageUrls('https://www.acme.test/guides').map((sourceURL, index) => ({
      id: `imp_guides_site_${index + 1}`,
      sourceURL,
      type: 'page',
      status: 'complete',
    })),
  });
  store.importRuns.set('imp_api_site', {
    id: 'imp_api_site',
    organization: 'org_acme',
    source: { type: 'website', url: 'https://developers.acme.test/api' },
    target: { space: 'space_api' },
    site: 'site_docs',
    enhance: true,
    status: 'in-progress',
    createdBy: 'user_ada',
    createdAt: '2026-01-12T10:00:00.000Z',
    startedAt: '2026-01-12T10:00:00.000Z',
    updatedAt: '2026-01-12T10:01:00.000Z',
    pages: derivedPageUrls('https://developers.acme.test/api').map((sourceURL, index) => ({
      id: `imp_api_site_${index + 1}`,
      sourceURL,
      type: 'page',
      status: index === 0 ? 'complete' : 'pending',
    })),
  });
}
