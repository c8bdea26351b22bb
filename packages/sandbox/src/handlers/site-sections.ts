import { deleteSiteSectionById, updateSiteSectionById } from '@docs-api/sdk/contract';
import { conflict, invalidField, notFound } from '../errors.js';
import { implement } from '../implement.js';
import type { SiteRow, SiteSectionRow } from '../store.js';
import { requireSite, siteSectionView } from '../domain/sites.js';

/*
 * Changing and removing a site's sections (kept in the site's row with its site spaces, as
 * handlers/site-structure.ts makes them), so that the section lists, the site spaces and the
 * published view show the change.
 *
 * - `updateSiteSectionById` changes the title, the path (unique in the site: 409), the
 *   description, the condition and the icon (null removes them), `draft`, and the section's
 *   default site space (one of its own: 400). The sandbox has no section groups (400).
 * - `deleteSiteSectionById` removes the section and the site spaces in it; the site's default
 *   section and site space are cleared when they were those.
 */

function requireSection(row: SiteRow, siteSectionId: string): SiteSectionRow {
  const section = row.sections.find((candidate) => candidate.id === siteSectionId);
  if (!section) throw notFound('site section', siteSectionId);
  return section;
}

const PATH = /^[a-z0-9][a-z0-9-]*$/;

export const siteSectionHandlers = [
  implement(updateSiteSectionById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const section = requireSection(row, params.siteSectionId);
    const changes = body ?? {};
    if (changes.siteSectionGroupId !== undefined && changes.siteSectionGroupId !== null)
      throw invalidField(
        'body.siteSectionGroupId',
        `"${changes.siteSectionGroupId}" is not a section group of this site`,
      );
    if (changes.path !== undefined) {
      if (!PATH.test(changes.path))
        throw invalidField('body.path', 'must be lowercase letters, digits and dashes, such as "guides"');
      if (row.sections.some((other) => other !== section && other.path === changes.path))
        throw conflict(`Another section of site "${row.site.id}" has the path "${changes.path}"`);
    }
    if (changes.defaultSiteSpace !== undefined) {
      const siteSpace = row.siteSpaces.find((candidate) => candidate.id === changes.defaultSiteSpace);
      if (!siteSpace || siteSpace.section !== section.id)
        throw invalidField(
          'body.defaultSiteSpace',
          `"${changes.defaultSiteSpace}" is not a site space of this section`,
        );
      row.defaultSiteSpace = siteSpace.id;
    }
    if (changes.title !== undefined) section.title = changes.title;
    if (changes.path !== undefined) section.path = changes.path;
    if (changes.draft !== undefined) section.draft = changes.draft;
    for (const field of ['description', 'condition', 'icon'] as const) {
      const value = changes[field];
      if (value === null) delete section[field];
      else if (value !== undefined) section[field] = value;
    }
    return siteSectionView(store, row, section, { drafts: true });
  }),

  implement(deleteSiteSectionById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const section = requireSection(row, params.siteSectionId);
    const removed = new Set(
      row.siteSpaces.filter((siteSpace) => siteSpace.section === section.id).map((s) => s.id),
    );
    row.sections = row.sections.filter((other) => other !== section);
    row.siteSpaces = row.siteSpaces.filter((siteSpace) => !removed.has(siteSpace.id));
    if (row.defaultSiteSection === section.id) delete row.defaultSiteSection;
    if (row.defaultSiteSpace !== undefined && removed.has(row.defaultSiteSpace)) delete row.defaultSiteSpace;
  }),
];
