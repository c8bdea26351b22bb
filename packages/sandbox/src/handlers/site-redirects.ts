import {
  bulkUpsertSiteRedirects,
  createSiteRedirect,
  deleteSiteRedirectById,
  getSiteRedirectBySource,
  listSiteRedirects,
  updateSiteRedirectById,
  type BulkUpsertSiteRedirectsResponse,
  type SiteRedirect,
} from '@docs-api/sdk/contract';
import { findPage, flattenPages, primaryRevision } from '../content.js';
import { conflict, invalidField, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRedirectDestinationRow, SiteRedirectRow, SiteRow, Store } from '../store.js';
import { publishedUrl, requireSite } from '../domain/sites.js';

/*
 * Redirects of a site, by the published document's rules:
 *
 * - A site has at most one live and one draft redirect per source path: creating a second one,
 *   or moving one onto a source taken in the same state, is a 409. Sources follow the
 *   document's pattern and length (checked on the request: `/old-page`, `/guides/*`, `/v1*`).
 * - A destination is a section, a site space or a page of a site space of this site, or an
 *   external URL; on input, `{ kind: "path", spaceId, path }` names a page by its path in a space
 *   the site publishes, and is stored as that page (`site-page`). Anything else is a 400 naming
 *   the field.
 * - `captureWildcard` appends what a wildcard source (`/*` or `*` at the end) matched to the
 *   destination: it needs a wildcard source (400).
 * - The bulk upsert (1 to 500 entries, checked on the request) handles each entry on its own, in
 *   order, and answers one result per entry: `created`, `updated` (same source and state),
 *   `deleted` (`destination: null`), `published` (`intent: "publish"`: the draft replaces the
 *   live redirect of its source, or becomes it) or `error` with the reason; a failed entry
 *   changes nothing and the others still apply.
 * - The list holds live redirects unless `draft=true` (the document's default is `false`),
 *   `search` matches a part of the source (any case), `orderBy` is `createdAt` (newest first,
 *   the default), `updatedAt` (newest first, the creation date for those never updated) or
 *   `source` (alphabetical).
 * - `getSiteRedirectBySource` resolves a path against the live redirects: the redirect of that
 *   exact source, else the wildcard redirect with the longest matching prefix; `target` is the
 *   destination's URL (with the captured suffix). None: 404.
 */

type InputDestination =
  SiteRedirectDestinationRow | { kind: 'path'; spaceId: string; path: string } | { kind: string };

function requireRedirect(store: Store, row: SiteRow, redirectId: string): SiteRedirectRow {
  const redirect = store.siteRedirects.get(redirectId);
  if (!redirect || redirect.site !== row.site.id) throw notFound('site redirect', redirectId);
  return redirect;
}

function redirectsOf(store: Store, row: SiteRow): SiteRedirectRow[] {
  return [...store.siteRedirects.values()].filter((redirect) => redirect.site === row.site.id);
}

function findBySource(
  store: Store,
  row: SiteRow,
  source: string,
  draft: boolean,
): SiteRedirectRow | undefined {
  return redirectsOf(store, row).find((redirect) => redirect.source === source && redirect.draft === draft);
}

const isWildcard = (source: string) => source.endsWith('*');

/** A redirect's stored destination from its input form; throws a 400 naming `field`. */
function destinationOf(
  store: Store,
  row: SiteRow,
  input: InputDestination,
  field: string,
): SiteRedirectDestinationRow {
  const bad = (message: string) => invalidField(field, message);
  const siteSpace = (id: string) => {
    const found = row.siteSpaces.find((candidate) => candidate.id === id);
    if (!found) throw bad(`"${id}" is not a site space of this site`);
    return found;
  };
  switch (input.kind) {
    case 'site-section': {
      const { siteSectionId } = input as { siteSectionId: string };
      if (!row.sections.some((section) => section.id === siteSectionId))
        throw bad(`"${siteSectionId}" is not a section of this site`);
      return { kind: 'site-section', siteSectionId };
    }
    case 'site-space': {
      const { siteSpaceId } = input as { siteSpaceId: string };
      siteSpace(siteSpaceId);
      return { kind: 'site-space', siteSpaceId };
    }
    case 'site-page': {
      const { siteSpaceId, pageId } = input as { siteSpaceId: string; pageId: string };
      const space = store.spaces.get(siteSpace(siteSpaceId).space);
      if (!space || !findPage(primaryRevision(store, space), pageId))
        throw bad(`page "${pageId}" is not in the space of site space "${siteSpaceId}"`);
      return { kind: 'site-page', siteSpaceId, pageId };
    }
    case 'external':
      return { kind: 'external', url: (input as { url: string }).url };
    case 'path': {
      const { spaceId, path } = input as { spaceId: string; path: string };
      const linked = row.siteSpaces.find((candidate) => candidate.space === spaceId);
      const space = store.spaces.get(spaceId);
      if (!linked || !space) throw bad(`space "${spaceId}" is not published by this site`);
      const wanted = path.replace(/^\/+|\/+$/g, '').replace(/\.md$/, '');
      const page = flattenPages(primaryRevision(store, space).pages).find((entry) => entry.path === wanted);
      if (!page) throw bad(`no page of space "${spaceId}" has the path "${path}"`);
      return { kind: 'site-page', siteSpaceId: linked.id, pageId: page.page.id };
    }
    default:
      throw bad(`kind "${input.kind}" is not a destination the sandbox knows`);
  }
}

function checkWildcard(source: string, captureWildcard: boolean, field: string): void {
  if (captureWildcard && !isWildcard(source)) {
    throw invalidField(field, `captureWildcard needs a source ending in a wildcard (${source} has none)`);
  }
}

function redirectView(redirect: SiteRedirectRow): SiteRedirect {
  return {
    object: 'site-redirect',
    id: redirect.id,
    source: redirect.source,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: structuredClone(redirect.destination),
    createdAt: redirect.createdAt,
    ...(redirect.updatedAt ? { updatedAt: redirect.updatedAt } : {}),
  };
}

/** The URL a destination points at, as the site publishes it. */
function targetUrl(store: Store, row: SiteRow, destination: SiteRedirectDestinationRow): string {
  const site = publishedUrl(store, row);
  switch (destination.kind) {
    case 'external':
      return destination.url;
    case 'site-section': {
      const section = row.sections.find((candidate) => candidate.id === destination.siteSectionId);
      return section ? `${site}/${section.path}` : site;
    }
    case 'site-space':
    case 'site-page': {
      const siteSpace = row.siteSpaces.find((candidate) => candidate.id === destination.siteSpaceId);
      if (!siteSpace) return site;
      const section = row.sections.find((candidate) => candidate.id === siteSpace.section);
      const base = `${site}/${[section?.path, siteSpace.path].filter(Boolean).join('/')}`;
      if (destination.kind === 'site-space') return base;
      const space = store.spaces.get(siteSpace.space);
      const page = space ? findPage(primaryRevision(store, space), destination.pageId) : undefined;
      return page ? `${base}/${page.path}` : base;
    }
  }
}

/** Upserts or deletes one entry of a bulk request; throws a `SandboxError` for an `error` result. */
function applyEntry(
  store: Store,
  row: SiteRow,
  entry: BulkEntry,
  field: string,
): BulkUpsertSiteRedirectsResponse['results'][number] {
  if (entry.intent === 'publish') {
    const draft = findBySource(store, row, entry.source, true);
    if (!draft) throw new SandboxError(404, `no draft redirect from ${entry.source} to publish`);
    const live = findBySource(store, row, entry.source, false);
    if (live) {
      Object.assign(live, {
        destination: draft.destination,
        captureWildcard: draft.captureWildcard,
        permanent: draft.permanent,
        updatedAt: store.now(),
      });
      store.siteRedirects.delete(draft.id);
      return { status: 'published', source: entry.source, draft: false, id: live.id };
    }
    draft.draft = false;
    draft.updatedAt = store.now();
    return { status: 'published', source: entry.source, draft: false, id: draft.id };
  }
  const isDraft = entry.intent === 'draft';
  const existing = findBySource(store, row, entry.source, isDraft);
  if (entry.destination === null) {
    if (!existing)
      throw new SandboxError(404, `no ${isDraft ? 'draft' : 'live'} redirect from ${entry.source} to delete`);
    store.siteRedirects.delete(existing.id);
    return { status: 'deleted', source: entry.source, draft: isDraft };
  }
  const captureWildcard = entry.captureWildcard ?? false;
  checkWildcard(entry.source, captureWildcard, `${field}.captureWildcard`);
  const destination = destinationOf(store, row, entry.destination, `${field}.destination`);
  if (existing) {
    Object.assign(existing, {
      destination,
      captureWildcard,
      ...(entry.permanent !== undefined ? { permanent: entry.permanent } : {}),
      updatedAt: store.now(),
    });
    return { status: 'updated', source: entry.source, draft: isDraft, id: existing.id };
  }
  const created = addRedirect(store, row, {
    source: entry.source,
    destination,
    draft: isDraft,
    captureWildcard,
    permanent: entry.permanent ?? false,
  });
  return { status: 'created', source: entry.source, draft: isDraft, id: created.id };
}

type BulkEntry =
  | { source: string; intent: 'publish' }
  | {
      source: string;
      intent?: 'live' | 'draft' | undefined;
      captureWildcard?: boolean | undefined;
      permanent?: boolean | undefined;
      destination: InputDestination | null;
    };

function addRedirect(
  store: Store,
  row: SiteRow,
  fields: Pick<SiteRedirectRow, 'source' | 'destination' | 'draft' | 'captureWildcard' | 'permanent'>,
): SiteRedirectRow {
  const redirect: SiteRedirectRow = {
    id: store.newId('redirect'),
    site: row.site.id,
    ...fields,
    createdAt: store.now(),
  };
  store.siteRedirects.set(redirect.id, redirect);
  return redirect;
}

/** The live redirect a path reaches, and what a wildcard matched. */
function resolve(
  store: Store,
  row: SiteRow,
  path: string,
): { redirect: SiteRedirectRow; rest: string } | undefined {
  const live = redirectsOf(store, row).filter((redirect) => !redirect.draft);
  const exact = live.find((redirect) => redirect.source === path);
  if (exact) return { redirect: exact, rest: '' };
  const matches = live
    .filter((redirect) => isWildcard(redirect.source) && path.startsWith(redirect.source.slice(0, -1)))
    .sort((a, b) => b.source.length - a.source.length);
  const best = matches[0];
  return best ? { redirect: best, rest: path.slice(best.source.length - 1) } : undefined;
}

export const siteRedirectHandlers = [
  implement(listSiteRedirects, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const draft = query.draft ?? false;
    const search = query.search?.toLowerCase();
    const order = query.orderBy ?? 'createdAt';
    const redirects = redirectsOf(store, row)
      .map((redirect, index) => ({ redirect, index }))
      .filter(
        ({ redirect }) =>
          redirect.draft === draft &&
          (search === undefined || redirect.source.toLowerCase().includes(search)),
      )
      .sort((a, b) => {
        if (order === 'source')
          return a.redirect.source < b.redirect.source ? -1 : a.redirect.source > b.redirect.source ? 1 : 0;
        const when = (r: SiteRedirectRow) =>
          order === 'updatedAt' ? (r.updatedAt ?? r.createdAt) : r.createdAt;
        // Newest first; among equal dates, the later made first.
        return when(b.redirect).localeCompare(when(a.redirect)) || b.index - a.index;
      })
      .map(({ redirect }) => redirectView(redirect));
    return paginate(redirects, query);
  }),

  implement(createSiteRedirect, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const draft = body.draft ?? false;
    const taken = findBySource(store, row, body.source, draft);
    if (taken) {
      throw conflict(
        `This site already has a ${draft ? 'draft' : 'live'} redirect from ${body.source} (${taken.id})`,
      );
    }
    const captureWildcard = body.captureWildcard ?? false;
    checkWildcard(body.source, captureWildcard, 'body.captureWildcard');
    const redirect = addRedirect(store, row, {
      source: body.source,
      destination: destinationOf(store, row, body.destination, 'body.destination'),
      draft,
      captureWildcard,
      permanent: body.permanent ?? false,
    });
    return redirectView(redirect);
  }),

  implement(bulkUpsertSiteRedirects, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const results = body.redirects.map((entry, index) => {
      const source = entry.source;
      const draft = 'intent' in entry && entry.intent === 'draft';
      try {
        return applyEntry(store, row, entry, `body.redirects[${index}]`);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        return { status: 'error' as const, source, draft, error: error.message };
      }
    });
    return { results };
  }),

  implement(getSiteRedirectBySource, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const found = resolve(store, row, query.source);
    if (!found) throw notFound('site redirect from', query.source);
    const { redirect, rest } = found;
    const target = targetUrl(store, row, redirect.destination);
    return {
      redirect: redirectView(redirect),
      target:
        redirect.captureWildcard && rest ? `${target.replace(/\/$/, '')}/${rest.replace(/^\//, '')}` : target,
    };
  }),

  implement(updateSiteRedirectById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const redirect = requireRedirect(store, row, params.siteRedirectId);
    const source = body.source ?? redirect.source;
    const draft = body.draft ?? redirect.draft;
    if (source !== redirect.source || draft !== redirect.draft) {
      const taken = findBySource(store, row, source, draft);
      if (taken && taken !== redirect) {
        throw conflict(
          `This site already has a ${draft ? 'draft' : 'live'} redirect from ${source} (${taken.id})`,
        );
      }
    }
    const captureWildcard = body.captureWildcard ?? redirect.captureWildcard;
    checkWildcard(
      source,
      captureWildcard,
      body.captureWildcard !== undefined ? 'body.captureWildcard' : 'body.source',
    );
    const destination =
      body.destination !== undefined
        ? destinationOf(store, row, body.destination, 'body.destination')
        : redirect.destination;
    Object.assign(redirect, {
      source,
      draft,
      captureWildcard,
      destination,
      ...(body.permanent !== undefined ? { permanent: body.permanent } : {}),
      updatedAt: store.now(),
    });
    return redirectView(redirect);
  }),

  implement(deleteSiteRedirectById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const redirect = store.siteRedirects.get(params.siteRedirectId);
    if (redirect?.site === row.site.id) store.siteRedirects.delete(redirect.id);
  }),
];
