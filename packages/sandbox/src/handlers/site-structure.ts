import {
  addSectionToSite,
  addSpaceToSite,
  deleteSiteSpaceById,
  listSiteSections,
  listSiteSpaces,
  updateSiteSpaceById,
  type Space,
} from '@docs-api/sdk/contract';
import { findPage, primaryRevision } from '../content.js';
import { conflict, invalidField, notFound, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRow, SiteSectionRow, SiteSpaceRow, Store } from '../store.js';
import {
  opensSite,
  requireSite,
  siteSectionView,
  siteSpaceView,
  slugify,
  requireSiteSpace,
  uniquePath,
} from '../domain/sites.js';

/*
 * A site's structure: its sections, and the site spaces (the spaces it publishes) in each.
 * Both are kept in the site's row, so the site's `siteSpaces` count, the published view
 * (`getPublishedContentSite`) and these lists always agree.
 *
 * - `addSpaceToSite` links an existing space of the organization (or, with `spaceId: null`, a
 *   new blank space it creates; a `template` is accepted and not applied) to a section: the one
 *   named, else the site's default section, else its first; one section is made after the
 *   site's title when it has none. A space is linked at most once per section (409). The site
 *   space's path is its title as a slug, made unique in its section (`guides`, `guides-2`).
 * - `updateSiteSpaceById` changes the path (unique in the section: 409), the condition (null
 *   removes it), the page shown at its root (a page of the space's current content; null
 *   removes it; changing the space removes it unless given), the space, `hidden` and `draft`.
 * - Draft site spaces and sections are listed here and left out of the published view.
 * - `deleteSiteSpaceById` of a site space the site does not have succeeds (the document's 204).
 * - `addSectionToSite` makes a section (path from its title, unique in the site) holding one site
 *   space, as `addSpaceToSite` would; the sandbox has no section groups (400).
 * - `shareKey` on the lists must open the site (its share key or an active share link's), or 403.
 */

function checkShareKey(store: Store, row: SiteRow, shareKey: string | undefined): void {
  if (shareKey !== undefined && !opensSite(store, row, shareKey)) {
    throw new SandboxError(403, 'The share key does not open this site');
  }
}

/** A live space of the site's organization, or a 400 naming the field. */
function spaceOfSite(store: Store, row: SiteRow, spaceId: string, field: string): Space {
  const space = store.spaces.get(spaceId);
  if (!space || space.organization !== row.organization) {
    throw invalidField(field, `space "${spaceId}" is not in organization "${row.organization}"`);
  }
  return space;
}

function checkPage(store: Store, space: Space, pageId: string, field: string): void {
  if (!findPage(primaryRevision(store, space), pageId)) {
    throw invalidField(field, `page "${pageId}" is not in space "${space.id}"`);
  }
}

/** A new blank space of the site's organization, for `spaceId: null`. */
function newSpace(store: Store, row: SiteRow, title: string): Space {
  const now = store.now();
  // Stored without what spaceView computes from the store (counts, revision, urls, permissions).
  const space = {
    object: 'space',
    id: store.newId('space'),
    title: title.slice(0, 50),
    emoji: '',
    visibility: 'private',
    createdAt: now,
    updatedAt: now,
    editMode: 'live',
    organization: row.organization,
    defaultLevel: 'inherit',
  } as Space;
  store.spaces.set(space.id, space);
  return space;
}

/** The section a new site space goes to: the one named, the default, the first, or a new one. */
function targetSection(store: Store, row: SiteRow, sectionId: string | undefined): SiteSectionRow {
  if (sectionId !== undefined) {
    const section = row.sections.find((candidate) => candidate.id === sectionId);
    if (!section) throw invalidField('body.sectionId', `"${sectionId}" is not a section of this site`);
    return section;
  }
  const found = row.sections.find((candidate) => candidate.id === row.defaultSiteSection) ?? row.sections[0];
  if (found) return found;
  const section: SiteSectionRow = {
    id: store.newId('sitesc'),
    title: row.site.title,
    path: slugify(row.site.title),
  };
  row.sections.push(section);
  return section;
}

interface NewSiteSpace {
  spaceId: string | null;
  title?: string | null | undefined;
  pageId?: string | null | undefined;
  draft?: boolean | undefined;
}

/** Links a space (or a new one) into a section of the site. */
function linkSpace(store: Store, row: SiteRow, section: SiteSectionRow, input: NewSiteSpace): SiteSpaceRow {
  if (input.spaceId === null && input.pageId) {
    throw invalidField('body.pageId', 'a page can be given for an existing space only (spaceId is null)');
  }
  const space =
    input.spaceId === null
      ? newSpace(store, row, input.title ?? 'Untitled')
      : spaceOfSite(store, row, input.spaceId, 'body.spaceId');
  const siblings = row.siteSpaces.filter((siteSpace) => siteSpace.section === section.id);
  const already = siblings.find((siteSpace) => siteSpace.space === space.id);
  if (already) {
    throw conflict(
      `Space "${space.id}" is already in section "${section.id}" of this site (site space "${already.id}")`,
    );
  }
  if (input.pageId) checkPage(store, space, input.pageId, 'body.pageId');
  const title = input.title ?? undefined;
  const siteSpace: SiteSpaceRow = {
    id: store.newId('sitesp'),
    space: space.id,
    section: section.id,
    path: uniquePath(
      title ?? space.title ?? space.id,
      siblings.map((sibling) => sibling.path),
    ),
    ...(title !== undefined && input.spaceId !== null ? { title } : {}),
    ...(input.draft ? { draft: true } : {}),
    ...(input.pageId ? { pageId: input.pageId } : {}),
  };
  row.siteSpaces.push(siteSpace);
  return siteSpace;
}

export const siteStructureHandlers = [
  implement(listSiteSpaces, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    checkShareKey(store, row, query.shareKey);
    const defaultId = row.defaultSiteSpace ?? row.siteSpaces[0]?.id;
    const items = row.siteSpaces
      .filter((siteSpace) => query.default === undefined || (siteSpace.id === defaultId) === query.default)
      .flatMap((siteSpace) => siteSpaceView(store, row, siteSpace));
    return paginate(items, query);
  }),

  implement(addSpaceToSite, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const section = targetSection(store, row, body.sectionId);
    const siteSpace = linkSpace(store, row, section, body);
    return siteSpaceView(store, row, siteSpace)[0]!;
  }),

  implement(updateSiteSpaceById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const siteSpace = requireSiteSpace(row, params.siteSpaceId);
    const space =
      body.spaceId !== undefined
        ? spaceOfSite(store, row, body.spaceId, 'body.spaceId')
        : store.spaces.get(siteSpace.space);
    if (body.pageId && space) checkPage(store, space, body.pageId, 'body.pageId');
    if (body.path !== undefined && body.path !== siteSpace.path) {
      const taken = row.siteSpaces.find(
        (other) => other !== siteSpace && other.section === siteSpace.section && other.path === body.path,
      );
      if (taken) throw conflict(`Path "${body.path}" is taken in this section by site space "${taken.id}"`);
      siteSpace.path = body.path;
    }
    if (body.spaceId !== undefined && body.spaceId !== siteSpace.space) {
      siteSpace.space = body.spaceId;
      // Another space: its root page no longer applies, unless one is given.
      delete siteSpace.pageId;
    }
    if (body.pageId === null) delete siteSpace.pageId;
    else if (body.pageId !== undefined) siteSpace.pageId = body.pageId;
    if (body.condition === null) delete siteSpace.condition;
    else if (body.condition !== undefined) siteSpace.condition = body.condition;
    if (body.hidden !== undefined) siteSpace.hidden = body.hidden;
    if (body.draft !== undefined) siteSpace.draft = body.draft;
    const [view] = siteSpaceView(store, row, siteSpace);
    if (!view) throw notFound('space', siteSpace.space);
    return view;
  }),

  implement(deleteSiteSpaceById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    row.siteSpaces = row.siteSpaces.filter((siteSpace) => siteSpace.id !== params.siteSpaceId);
    if (row.defaultSiteSpace === params.siteSpaceId) delete row.defaultSiteSpace;
  }),

  implement(listSiteSections, ({ store, params, query }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    checkShareKey(store, row, query.shareKey);
    return paginate(
      row.sections.map((section) => siteSectionView(store, row, section, { drafts: true })),
      query,
    );
  }),

  implement(addSectionToSite, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    if (body.siteSectionGroupId !== undefined) {
      throw invalidField(
        'body.siteSectionGroupId',
        `"${body.siteSectionGroupId}" is not a section group of this site`,
      );
    }
    const space = body.spaceId === null ? undefined : spaceOfSite(store, row, body.spaceId, 'body.spaceId');
    const title = body.title ?? space?.title ?? 'Untitled';
    const section: SiteSectionRow = {
      id: store.newId('sitesc'),
      title,
      path: uniquePath(
        title,
        row.sections.map((other) => other.path),
      ),
      ...(body.draft ? { draft: true } : {}),
      ...(body.icon ? { icon: body.icon } : {}),
    };
    // The space first, so that a refused one leaves no empty section behind.
    if (body.spaceId === null && body.pageId) {
      throw invalidField('body.pageId', 'a page can be given for an existing space only (spaceId is null)');
    }
    if (space && body.pageId) checkPage(store, space, body.pageId, 'body.pageId');
    row.sections.push(section);
    // The section's title names a new space; an existing one keeps its own title.
    linkSpace(store, row, section, {
      spaceId: body.spaceId,
      title: body.spaceId === null ? title : undefined,
      pageId: body.pageId,
      draft: body.draft,
    });
    return siteSectionView(store, row, section, { drafts: true });
  }),
];
