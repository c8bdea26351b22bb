import {
  duplicateSiteSpace,
  getSiteStructure,
  moveSiteSection,
  moveSiteSectionGroup,
  moveSiteSpace,
  sortSiteStructure,
  type SiteStructure,
} from '@docs-api/sdk/contract';
import { copySpace } from '../domain/spaces.js';
import { invalidField, notFound, SandboxError } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import type { SiteRow, SiteSectionRow, SiteSpaceRow, Store } from '../store.js';
import {
  requireSiteSpace,
  uniquePath,
  opensSite,
  requireSite,
  siteSectionView,
  siteSpaceView,
} from '../domain/sites.js';

/*
 * The order of a site's structure and the operations that change it. Sections are ordered among
 * the site's sections, site spaces among those of their section (the rows' order, which every
 * list and the published view follow). A move goes before or after a sibling named in
 * `position`, or last without one; a sibling that is not one (another section's site space, the
 * item itself, an id the site does not have) is the document's 400. The sandbox's sites have no
 * section groups or external links: a group's id is a 404, as is any id the site lacks.
 *
 * `duplicateSiteSpace` copies the space (domain/spaces.ts) and links the copy: under the same
 * section when the section has other site spaces, else in a new section right after it, as the
 * document says. `getSiteStructure` is computed: the sections with their site spaces, or the site
 * spaces when the site has no section.
 */

interface Position {
  before?: string | undefined;
  after?: string | undefined;
}

/** Moves `item` within `list` before/after the sibling named (last without one). */
function reorder<T extends { id: string }>(list: T[], item: T, position: Position, field: string): void {
  const anchorId = position.before ?? position.after;
  if (anchorId === item.id) throw invalidField(field, 'an item cannot be placed next to itself');
  const rest = list.filter((candidate) => candidate !== item);
  let index = rest.length;
  if (anchorId !== undefined) {
    const anchor = rest.findIndex((candidate) => candidate.id === anchorId);
    if (anchor < 0) throw invalidField(field, `"${anchorId}" is not a sibling of "${item.id}"`);
    index = position.before !== undefined ? anchor : anchor + 1;
  }
  rest.splice(index, 0, item);
  list.splice(0, list.length, ...rest);
}

function requireSection(row: SiteRow, sectionId: string): SiteSectionRow {
  const section = row.sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw notFound('site section', sectionId);
  return section;
}

/** Moves a site space among those of its section; the row's other site spaces keep their places. */
function moveWithinSection(row: SiteRow, siteSpace: SiteSpaceRow, position: Position, field: string): void {
  const siblings = row.siteSpaces.filter((candidate) => candidate.section === siteSpace.section);
  reorder(siblings, siteSpace, position, field);
  let next = 0;
  row.siteSpaces = row.siteSpaces.map((candidate) =>
    candidate.section === siteSpace.section ? siblings[next++]! : candidate,
  );
}

function sectionView(store: Store, row: SiteRow, section: SiteSectionRow) {
  return siteSectionView(store, row, section, { drafts: true });
}

function siteSpaceAnswer(store: Store, row: SiteRow, siteSpace: SiteSpaceRow) {
  const [view] = siteSpaceView(store, row, siteSpace);
  if (!view) throw notFound('space', siteSpace.space);
  return view;
}

const stateful: Implementation[] = [
  implement(moveSiteSection, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const section = requireSection(row, params.siteSectionId);
    const position = body?.position ?? {};
    reorder(
      row.sections,
      section,
      { before: position.before?.siteSection, after: position.after?.siteSection },
      'body.position',
    );
    return sectionView(store, row, section);
  }),

  implement(moveSiteSpace, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const siteSpace = requireSiteSpace(row, params.siteSpaceId);
    const position = body?.position ?? {};
    moveWithinSection(
      row,
      siteSpace,
      { before: position.before?.siteSpace, after: position.after?.siteSpace },
      'body.position',
    );
    return siteSpaceAnswer(store, row, siteSpace);
  }),

  implement(moveSiteSectionGroup, ({ store, params }) => {
    requireSite(store, params.organizationId, params.siteId);
    throw notFound('site section group', params.siteSectionGroupId);
  }),

  implement(sortSiteStructure, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const { item, position } = body;
    const anchor = position.before ?? position.after;
    if (anchor && anchor.type !== item.type) {
      throw invalidField(
        'body.position',
        `a ${item.type} is sorted among ${item.type}s, not next to a ${anchor.type}`,
      );
    }
    const at = { before: position.before?.id, after: position.after?.id };
    if (item.type === 'site-section') {
      const section = requireSection(row, item.id);
      reorder(row.sections, section, at, 'body.position');
      return sectionView(store, row, section);
    }
    if (item.type === 'site-space') {
      const siteSpace = requireSiteSpace(row, item.id);
      moveWithinSection(row, siteSpace, at, 'body.position');
      return siteSpaceAnswer(store, row, siteSpace);
    }
    throw notFound(item.type, item.id);
  }),

  implement(duplicateSiteSpace, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const original = requireSiteSpace(row, params.siteSpaceId);
    const space = store.spaces.get(original.space);
    if (!space) throw notFound('space', original.space);
    const copy = copySpace(store, space);
    const alone = row.siteSpaces.every(
      (candidate) => candidate === original || candidate.section !== original.section,
    );
    let section = original.section;
    if (alone) {
      const source = row.sections.find((candidate) => candidate.id === original.section);
      const title = copy.title ?? copy.id;
      const created: SiteSectionRow = {
        id: store.newId('sitesc'),
        title,
        path: uniquePath(
          title,
          row.sections.map((other) => other.path),
        ),
        ...(body?.draft ? { draft: true } : {}),
      };
      row.sections.splice(source ? row.sections.indexOf(source) + 1 : row.sections.length, 0, created);
      section = created.id;
    }
    const siteSpace: SiteSpaceRow = {
      id: store.newId('sitesp'),
      space: copy.id,
      section,
      path: uniquePath(
        copy.title ?? copy.id,
        row.siteSpaces.filter((other) => other.section === section).map((other) => other.path),
      ),
      ...(body?.draft ? { draft: true } : {}),
    };
    row.siteSpaces.splice(row.siteSpaces.indexOf(original) + 1, 0, siteSpace);
    return siteSpaceAnswer(store, row, siteSpace);
  }),
];

export const siteStructureMoveHandlers: Implementation[] = [
  ...stateful,
  {
    ...implement(getSiteStructure, ({ store, params, query }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      if (query.shareKey !== undefined && !opensSite(store, row, query.shareKey)) {
        throw new SandboxError(403, 'The share key does not open this site');
      }
      const structure: SiteStructure =
        row.sections.length > 0
          ? { type: 'sections', structure: row.sections.map((section) => sectionView(store, row, section)) }
          : {
              type: 'siteSpaces',
              structure: row.siteSpaces.flatMap((siteSpace) => siteSpaceView(store, row, siteSpace)),
            };
      return structure;
    }),
    answer: 'computed',
  },
];
