import type { Hono } from 'hono';
import { FILE_DOWNLOAD_PREFIX, primaryRevision, requireRevision } from './content.js';
import { contentTypeOf } from './content-edit.js';
import { requireChangeRequest } from './domain/change-requests.js';
import { OPENAPI_FILE_PREFIX } from './domain/openapi-specs.js';
import { PDF_DOWNLOAD_PREFIX, renderPdfExport } from './domain/pdf-exports.js';
import { requireSpace } from './domain/spaces.js';
import { notFound } from './errors.js';
import type { Env } from './routing.js';
import type { Store } from './store.js';

/*
 * What the sandbox serves outside the API, at the URLs its answers hold, so that a script or the
 * CLI that fetches them gets the bytes: files' downloads, PDF exports, OpenAPI spec versions'
 * stored text. No token, as such URLs carry their own access. Errors (404, 410) are the API's
 * error shape, thrown to the app's error handler.
 */
export function registerDownloads(app: Hono<Env>, store: Store): void {
  // The bytes of a file the sandbox has (fileDownloadUrl).
  app.get(`${FILE_DOWNLOAD_PREFIX}/:blob/:name`, (c) => {
    const base64 = store.blobs.get(c.req.param('blob'));
    if (base64 === undefined) throw notFound('file', c.req.param('blob'));
    return c.body(Buffer.from(base64, 'base64'), 200, { 'content-type': contentTypeOf(c.req.param('name')) });
  });

  const pdf = { 'content-type': 'application/pdf' };
  app.get(`${PDF_DOWNLOAD_PREFIX}/spaces/:space/space.pdf`, (c) => {
    const space = requireSpace(store, c.req.param('space'));
    return c.body(
      renderPdfExport(store, space.title, primaryRevision(store, space), c.req.query()),
      200,
      pdf,
    );
  });
  app.get(`${PDF_DOWNLOAD_PREFIX}/spaces/:space/change-requests/:number/change-request.pdf`, (c) => {
    const { row } = requireChangeRequest(store, c.req.param('space'), c.req.param('number'));
    const title = `#${row.number} ${row.subject}`.trim();
    return c.body(
      renderPdfExport(store, title, requireRevision(store, row.revision), c.req.query()),
      200,
      pdf,
    );
  });

  // A version's entry file, as the version's `url` names it (the text the sandbox processed).
  app.get(`${OPENAPI_FILE_PREFIX}/:spec/:version/:name`, (c) => {
    const version = store.openapiVersions.get(c.req.param('version'));
    if (version?.spec !== c.req.param('spec') || version.text === undefined)
      throw notFound('OpenAPI spec version file', c.req.param('version'));
    const json = version.text.trimStart().startsWith('{');
    return c.body(version.text, 200, { 'content-type': json ? 'application/json' : 'application/yaml' });
  });
}
