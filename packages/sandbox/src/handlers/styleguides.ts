import {
  applyTemplateToSite,
  createSiteStyleguideById,
  createSiteStyleguideRun,
  listOrganizationStyleguides,
  listSiteStyleguideRuns,
  listStyleguideTemplates,
  type Space,
} from '@docs-api/sdk/contract';
import { createRevision, primaryRevision } from '../content.js';
import { applyBatch } from '../content-edit.js';
import {
  changeRequestView,
  CLOSED_STATUSES,
  openChangeRequest,
  userView,
} from '../domain/change-requests.js';
import { requireOrganization } from '../domain/organizations.js';
import { requireSite, siteView } from '../domain/sites.js';
import { createSpaceRow, SPACE_TITLE_MAX, spaceView } from '../domain/spaces.js';
import { notFound, SandboxError } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRow, Store } from '../store.js';

/*
 * Style guides: a site's style guide is a space of its organization the site points to
 * (`site.styleguide`, also set by `updateSiteById`). Creating one makes that space (titled after
 * the site, seeded with a template's markdown as its first page when one is named) or answers the
 * one the site has. The built-in templates are the service's gallery: the sandbox holds those a
 * fixture declares (rows of `resources` under the family below, scope ""), none by default. A
 * style guide check run is a row kept per site (same `resources` table); it opens a draft change
 * request on each space it checks, marked with the run, unless a check opened earlier is still
 * open there, which it takes over (that request stays marked with its own run). The sandbox has
 * no agent: the requests it opens hold no edits. Applying the default
 * documentation template needs the service's gallery too: it answers that it cannot offline.
 */

const TEMPLATES = '/v1/orgs/{organizationId}/styleguide-templates';
const RUNS = '/v1/orgs/{organizationId}/sites/{siteId}/styleguide/runs';

type Template = { id: string; title: string; markdown: string } & Record<string, unknown>;

function templates(store: Store): Template[] {
  return [...store.resources.values()]
    .filter((row) => row.family === TEMPLATES)
    .map((row) => row.value as Template);
}

/** The site's style guide space, while it exists. */
function styleguideOf(store: Store, row: SiteRow): Space | undefined {
  const ref = row.site.styleguide;
  const space = ref ? store.spaces.get(ref.space) : undefined;
  return space && !space.deletedAt ? space : undefined;
}

/** A new space of the site's organization for its style guide, with the template's page if any. */
function newStyleguide(store: Store, row: SiteRow, template: Template | undefined): Space {
  const now = store.now();
  const space = createSpaceRow(store, {
    organization: row.organization,
    title: `${row.site.title} style guide`.slice(0, SPACE_TITLE_MAX),
  });
  const empty = primaryRevision(store, space);
  if (template) {
    const { content } = applyBatch({
      content: empty,
      changes: [
        { operation: 'insert_page', title: template.title, document: { markdown: template.markdown } },
      ],
      newId: (prefix) => store.newId(prefix),
      now,
      revisionContent: () => empty,
    });
    space.revision = createRevision(
      store,
      space.id,
      content,
      [empty.id],
      `Style guide from "${template.id}"`,
      {
        type: 'edits',
      },
      true,
    ).id;
  }
  row.site.styleguide = { kind: 'space', space: space.id };
  return space;
}

export const styleguideHandlers: Implementation[] = [
  implement(listStyleguideTemplates, ({ store, params }) => {
    requireOrganization(store, params.organizationId);
    return { templates: templates(store) };
  }),

  implement(createSiteStyleguideById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const existing = styleguideOf(store, row);
    if (existing) return spaceView(store, existing);
    const templateId = body?.template;
    const template =
      templateId === undefined ? undefined : templates(store).find((each) => each.id === templateId);
    if (templateId !== undefined && !template) throw notFound('style guide template', templateId);
    return spaceView(store, newStyleguide(store, row, template));
  }),

  {
    ...implement(listOrganizationStyleguides, ({ store, params }) => {
      requireOrganization(store, params.organizationId);
      const bySpace = new Map<string, { space: Space; sites: SiteRow[] }>();
      for (const row of store.sites.values()) {
        if (row.organization !== params.organizationId) continue;
        const space = styleguideOf(store, row);
        if (!space) continue;
        const entry = bySpace.get(space.id) ?? { space, sites: [] };
        entry.sites.push(row);
        bySpace.set(space.id, entry);
      }
      return {
        styleguides: [...bySpace.values()].map(({ space, sites }) => ({
          space: spaceView(store, space),
          sites: sites.map((row) => siteView(store, row)),
        })),
      };
    }),
    answer: 'computed',
  },

  implement(createSiteStyleguideRun, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const styleguide = styleguideOf(store, row);
    if (!styleguide) throw new SandboxError(404, `site "${row.site.id}" has no style guide`);
    const spaces = body.spaces.map((spaceId) => {
      const space = store.spaces.get(spaceId);
      if (!space || space.deletedAt || space.organization !== row.organization)
        throw notFound('space', spaceId);
      return space;
    });
    const run = {
      object: 'styleguide-run',
      id: store.newId('sgrun'),
      site: row.site.id,
      styleguide: styleguide.id,
      spaces: spaces.map((space) => space.id),
      createdAt: store.now(),
      createdBy: userView(store, store.actor),
    };
    const scope = `${row.organization}/${row.site.id}`;
    store.resources.set(`${RUNS}|${scope}|${run.id}`, { family: RUNS, scope, id: run.id, value: run });
    const changeRequests = spaces.map((space) => {
      const open = [...store.changeRequests.values()].find(
        (request) =>
          request.space === space.id &&
          request.styleguide?.site === row.site.id &&
          !CLOSED_STATUSES.has(request.status),
      );
      return (
        open ??
        openChangeRequest(store, space, {
          subject: `Style guide check of ${space.title ?? space.id}`,
          status: 'draft',
          styleguide: { site: row.site.id, run: run.id },
        })
      );
    });
    return {
      run,
      changeRequests: changeRequests.map((request) => changeRequestView(store, request)),
    } as never;
  }),

  implement(listSiteStyleguideRuns, ({ store, params, query }) => {
    requireSite(store, params.organizationId, params.siteId);
    const scope = `${params.organizationId}/${params.siteId}`;
    const runs = [...store.resources.values()]
      .filter((row) => row.family === RUNS && row.scope === scope)
      .map((row) => row.value);
    return paginate(runs, query) as never;
  }),

  implement(applyTemplateToSite, ({ store, params }) => {
    requireSite(store, params.organizationId, params.siteId);
    throw new SandboxError(
      400,
      "The sandbox cannot apply the default documentation template offline: its structure, content and customization come from the service's gallery",
    );
  }),
];
