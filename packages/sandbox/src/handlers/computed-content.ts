import {
  applyTemplateToSpace,
  getComputedDocument,
  getComputedRevision,
  getSpacePDF,
} from '@docs-api/sdk/contract';
import { markdownDocument, pagesView, primaryRevision, requireRevision } from '../content.js';
import { documentMarkdown, revisionPages, sourceSpec } from '../content-computed.js';
import { requireSpace } from '../domain/spaces.js';
import { pdfExportUrl } from '../domain/pdf-exports.js';
import { notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import type { Store } from '../store.js';

/*
 * A space's computed content (content-computed.ts: `builtin:openapi` sources against the
 * organization's OpenAPI specs), a PDF export of the space (domain/pdf-exports.ts: served by the
 * sandbox itself), and what needs the service's gallery: a content template. The sandbox has no
 * gallery offline: it answers an error saying so, after checking what the request names (404),
 * never a made-up content.
 */

/** The computed source's type, if the sandbox computes it; a 400 naming the field otherwise. */
function openApiSource(source: { type: string }): void {
  if (source.type === 'builtin:openapi') return;
  const why = source.type.startsWith('integration:')
    ? "an integration's computed content runs on the integration's host, out of reach offline"
    : `the sandbox computes builtin:openapi sources only`;
  throw new SandboxError(400, `Invalid request: body.source.type: ${why}`, [
    { path: 'body.source.type', message: why },
  ]);
}

function changeRequestOf(store: Store, spaceId: string, changeRequestId: string) {
  const byNumber = /^\d+$/.test(changeRequestId) ? Number(changeRequestId) : undefined;
  for (const row of store.changeRequests.values())
    if (row.space === spaceId && (row.id === changeRequestId || row.number === byNumber)) return row;
  throw notFound('change request', changeRequestId);
}

export const computedContentHandlers = [
  {
    ...implement(getComputedDocument, ({ store, params, body }) => {
      const space = requireSpace(store, params.spaceId);
      const source = body.source as unknown as Record<string, unknown> & { type: string };
      openApiSource(source);
      const spec = sourceSpec(store, space.organization ?? '', source);
      const props = (source.props ?? {}) as Record<string, unknown>;
      return markdownDocument(documentMarkdown(spec, props));
    }),
    answer: 'computed' as const,
  },

  {
    ...implement(getComputedRevision, ({ store, params, body }) => {
      const space = requireSpace(store, params.spaceId);
      const source = body.source as unknown as Record<string, unknown> & { type: string };
      openApiSource(source);
      const spec = sourceSpec(store, space.organization ?? '', source);
      const pages = revisionPages(
        spec,
        (source.props ?? {}) as Record<string, unknown>,
        body.seed,
        store.now(),
      );
      // The generated pages as a revision of the space would show them (nothing is stored).
      const generated = {
        ...primaryRevision(store, space),
        pages,
        files: [],
        reusableContents: [],
      };
      return { pages: pagesView(generated, {}), files: [], reusableContents: [] };
    }),
    answer: 'computed' as const,
  },

  implement(getSpacePDF, ({ store, params, query }) => {
    const space = requireSpace(store, params.spaceId);
    return { url: pdfExportUrl(store, { space: space.id }, primaryRevision(store, space), query) };
  }),

  implement(applyTemplateToSpace, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    if (body.changeRequestId !== undefined) {
      const row = changeRequestOf(store, space.id, body.changeRequestId);
      requireRevision(store, row.revision);
    }
    // The service's template gallery is not in the sandbox: every template id is unknown here.
    throw new SandboxError(
      404,
      `template "${body.id}" was not found: the sandbox has no template gallery (the service's templates need the service)`,
    );
  }),
];
