import { cancelImport, startImport, type ImportRun } from '@docs-api/sdk/contract';
import { findPage, requireRevision } from '../content.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import type { ImportRunRow, Store } from '../store.js';
import { requireOrganization } from './organizations.js';

/*
 * Import runs.
 *
 * A run's pages are derived from the website's URL: the page at the URL itself and two below
 * it (`getting-started` and `faq`), all `pending`. The contract gives no way to read a run, so
 * a started run stays `pending` until it is cancelled; the demo seed holds a `completed` run
 * (`imp_guides_site`). Cancelling a `pending` run makes it `cancelled` (its pending pages too)
 * and sets `completedAt`; cancelling a run that is over (completed, cancelled) is a 409.
 * The target space must be in the organization; importing straight into a locked space is a
 * 409 (through a change request it is allowed, as edits are).
 */

/** Statuses of a run still under way: only these can be cancelled. */
const CANCELLABLE = new Set(['pending', 'running']);

/** The sub-pages every imported website yields, after the page at its URL. */
const DERIVED_PAGES = ['getting-started', 'faq'];

/** A 400 naming one field, in the same shape as the sandbox's validation errors. */
/** The URLs of the pages an import of `url` brings in. */
export function derivedPageUrls(url: string): string[] {
  const parsed = new URL(url);
  const root = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  return [`${parsed.origin}${parsed.pathname}`, ...DERIVED_PAGES.map((path) => `${root}/${path}`)];
}

export function importRunView(row: ImportRunRow): ImportRun {
  return {
    object: 'import-run',
    id: row.id,
    startedAt: row.startedAt,
    ...(row.completedAt ? { completedAt: row.completedAt } : {}),
    status: row.status,
    pages: row.pages.map((page) => ({ ...page })),
  };
}

/** Checks the target against the store: the space is in the organization, its change request and page exist. */
function checkTarget(
  store: Store,
  organizationId: string,
  target: { space: string; changeRequest?: string | undefined; page?: string | undefined },
): void {
  const space = store.spaces.get(target.space);
  if (!space || space.organization !== organizationId) {
    throw invalidField(
      'body.target.space',
      `space "${target.space}" is not in organization "${organizationId}"`,
    );
  }
  let revision = space.revision;
  if (target.changeRequest !== undefined) {
    const number = /^\d+$/.test(target.changeRequest) ? Number(target.changeRequest) : undefined;
    const request = [...store.changeRequests.values()].find(
      (row) => row.space === space.id && (row.id === target.changeRequest || row.number === number),
    );
    if (!request) {
      throw invalidField(
        'body.target.changeRequest',
        `change request "${target.changeRequest}" is not in space "${space.id}"`,
      );
    }
    revision = request.revision;
  } else if (space.editMode === 'locked') {
    throw conflict(
      `Space "${space.title ?? space.id}" (${space.id}) is locked: import through a change request instead`,
    );
  }
  if (target.page !== undefined && !(revision && findPage(requireRevision(store, revision), target.page))) {
    throw invalidField('body.target.page', `page "${target.page}" is not in the target content`);
  }
}

export const importHandlers = [
  implement(startImport, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    if (body.target) checkTarget(store, organizationId, body.target);
    const run: ImportRunRow = {
      id: store.newId('imp'),
      organization: organizationId,
      sourceURL: body.source.url,
      ...(body.target
        ? {
            target: {
              space: body.target.space,
              ...(body.target.changeRequest !== undefined
                ? { changeRequest: body.target.changeRequest }
                : {}),
              ...(body.target.page !== undefined ? { page: body.target.page } : {}),
            },
          }
        : {}),
      enhance: body.enhance ?? true,
      status: 'pending',
      startedAt: store.now(),
      pages: derivedPageUrls(body.source.url).map((sourceURL) => ({
        id: store.newId('imppg'),
        sourceURL,
        type: 'page',
        status: 'pending',
      })),
    };
    store.importRuns.set(run.id, run);
    return importRunView(run);
  }),

  implement(cancelImport, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    const run = store.importRuns.get(params.importRunId);
    if (!run || run.organization !== params.organizationId) throw notFound('import run', params.importRunId);
    if (!CANCELLABLE.has(run.status)) {
      throw conflict(
        `Import run "${run.id}" is already ${run.status}: only a run under way can be cancelled`,
      );
    }
    run.status = 'cancelled';
    run.completedAt = store.now();
    for (const page of run.pages) if (page.status === 'pending') page.status = 'cancelled';
    return importRunView(run);
  }),
];
