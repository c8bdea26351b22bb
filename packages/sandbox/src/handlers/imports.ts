import {
  cancelImportRun,
  getImportRun,
  listImportRuns,
  startImportRun,
  type ContentImportRun,
  type StartImportRunBody,
} from '@docs-api/sdk/contract';
import { findPage, requireRevision } from '../content.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ImportRunRow, Store } from '../store.js';
import { requireOrganization } from '../domain/organizations.js';

/*
 * Import runs.
 *
 * A website's pages are derived from its URL: the page at the URL itself and two below it
 * (`getting-started` and `faq`); an import of uploaded files has one page per file. All start
 * `pending`. A started run (read with getImportRun, or listed with listImportRuns) stays
 * `pending` until it is cancelled or the sandbox's clock is a minute (`IMPORT_MS`) past its
 * start (its `completesAt`; the first read or cancel after that completes it;
 * a seeded or fixture run without one stays under way), when it is
 * `completed` with every page `complete` (a cancel then is a 409); the demo seed holds a `completed` run (`imp_guides_site`). Cancelling a run
 * under way (`pending`, `in-progress`) makes it `cancelled`; its pages keep their status (the
 * document knows only `pending` and `complete`) and `completedAt` stays unset (it is set only
 * for a completed run). Cancelling a run that is over is a 409.
 * The target space must be in the organization; importing straight into a locked space is a
 * 409 (through a change request it is allowed, as edits are). `site` must be a site of the
 * organization; without it, a run is listed under the only site publishing its space, if one.
 */

/** The sub-pages every imported website yields, after the page at its URL. */
const DERIVED_PAGES = ['getting-started', 'faq'];

/** The URLs of the pages an import of `url` brings in. */
export function derivedPageUrls(url: string): string[] {
  const parsed = new URL(url);
  const root = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  return [`${parsed.origin}${parsed.pathname}`, ...DERIVED_PAGES.map((path) => `${root}/${path}`)];
}

/** The statuses of a run under way (published document: `ContentImportRun.status`). */
export const IMPORT_RUN_ACTIVE_STATUSES: readonly string[] = ['pending', 'in-progress'];

/** A run under way completes by this much time on the sandbox's clock (see sandbox.clock.advance). */
export const IMPORT_MS = 60_000;

/** Completes a run under way whose time is up on the sandbox's clock. */
function settle(store: Store, row: ImportRunRow): ImportRunRow {
  const due = row.completesAt === undefined ? Number.NaN : Date.parse(row.completesAt);
  if (IMPORT_RUN_ACTIVE_STATUSES.includes(row.status) && Date.parse(store.now()) >= due) {
    row.status = 'completed';
    row.completedAt = new Date(due).toISOString();
    row.updatedAt = row.completedAt;
    for (const page of row.pages) page.status = 'complete';
  }
  return row;
}

export function importRunView(store: Store, row: ImportRunRow): ContentImportRun {
  settle(store, row);
  return {
    object: 'import-run',
    id: row.id,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    updatedAt: row.updatedAt,
    ...(row.completedAt ? { completedAt: row.completedAt } : {}),
    status: row.status,
    source: structuredClone(row.source),
    target: { ...row.target },
    ...(row.site ? { site: row.site } : {}),
    createdBy: row.createdBy,
    urls: { location: store.apiUrl(`/org/${row.organization}/imports/${row.id}`) },
    pages: row.pages.map((page) => ({ ...page })),
  };
}

/**
 * Checks the target against the store: the space (required by the published document) is in the
 * organization, its change request and page exist. Returns the space's id.
 */
function checkTarget(store: Store, organizationId: string, target: StartImportRunBody['target']): string {
  if (target.space === undefined) throw invalidField('body.target.space', 'is required');
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
  return space.id;
}

/** The site a run is listed under: the one given (a site of the organization), or the only one publishing the space. */
function runSite(store: Store, organizationId: string, body: StartImportRunBody): string | undefined {
  if (body.site !== undefined) {
    const site = store.sites.get(body.site);
    if (!site || site.organization !== organizationId) {
      throw invalidField('body.site', `site "${body.site}" is not in organization "${organizationId}"`);
    }
    return site.site.id;
  }
  const publishing = [...store.sites.values()].filter(
    (site) =>
      site.organization === organizationId &&
      site.siteSpaces.some((siteSpace) => siteSpace.space === body.target.space),
  );
  return publishing.length === 1 ? publishing[0]?.site.id : undefined;
}

/** A run of the organization; 404 for another organization's. */
function requireRun(store: Store, organizationId: string, runId: string): ImportRunRow {
  requireOrganization(store, organizationId);
  const run = store.importRuns.get(runId);
  if (!run || run.organization !== organizationId) throw notFound('import run', runId);
  return run;
}

export const importHandlers = [
  implement(startImportRun, ({ store, params, body }) => {
    const organizationId = params.organizationId;
    requireOrganization(store, organizationId);
    const space = checkTarget(store, organizationId, body.target);
    const site = runSite(store, organizationId, body);
    const now = store.now();
    const pages: ImportRunRow['pages'] =
      body.source.type === 'website'
        ? derivedPageUrls(body.source.url).map((sourceURL) => ({
            id: store.newId('imppg'),
            sourceURL,
            type: 'page',
            status: 'pending',
          }))
        : body.source.files.map(() => ({ id: store.newId('imppg'), type: 'page', status: 'pending' }));
    const run: ImportRunRow = {
      id: store.newId('imp'),
      organization: organizationId,
      source:
        body.source.type === 'website'
          ? { type: 'website', url: body.source.url }
          : { type: 'file', files: [...body.source.files] },
      target: {
        space,
        ...(body.target.changeRequest !== undefined ? { changeRequest: body.target.changeRequest } : {}),
        ...(body.target.page !== undefined ? { page: body.target.page } : {}),
      },
      ...(site ? { site } : {}),
      enhance: body.enhance ?? true,
      status: 'pending',
      createdBy: store.actor,
      createdAt: now,
      startedAt: now,
      updatedAt: now,
      completesAt: new Date(Date.parse(now) + IMPORT_MS).toISOString(),
      pages,
    };
    store.importRuns.set(run.id, run);
    return importRunView(store, run);
  }),

  // Reads of runs (a read completes a run whose time is up, as the clock says).
  implement(getImportRun, ({ store, params }) =>
    importRunView(store, requireRun(store, params.organizationId, params.importRunId)),
  ),

  // Newest first; `status: active` is a run under way (pending or in progress); `changeRequest`
  // matches the target's change request as it was given (id or number).
  implement(listImportRuns, ({ store, params, query }) => {
    requireOrganization(store, params.organizationId);
    const runs = [...store.importRuns.values()]
      .filter((run) => run.organization === params.organizationId)
      .map((run) => settle(store, run))
      .filter(
        (run) =>
          (query.space === undefined || run.target.space === query.space) &&
          (query.changeRequest === undefined || run.target.changeRequest === query.changeRequest) &&
          (query.site === undefined || run.site === query.site) &&
          (query.status === undefined ||
            (query.status === 'active'
              ? IMPORT_RUN_ACTIVE_STATUSES.includes(run.status)
              : run.status === query.status)),
      )
      .reverse();
    return paginate(
      runs.map((run) => importRunView(store, run)),
      query,
    );
  }),

  implement(cancelImportRun, ({ store, params }) => {
    const run = requireRun(store, params.organizationId, params.importRunId);
    settle(store, run);
    if (!IMPORT_RUN_ACTIVE_STATUSES.includes(run.status)) {
      throw conflict(
        `Import run "${run.id}" is already ${run.status}: only a run under way can be cancelled`,
      );
    }
    run.status = 'cancelled';
    run.updatedAt = store.now();
    return importRunView(store, run);
  }),
];
