import * as z from 'zod/mini';
import { IntegrationScriptSchema } from './integrations.js';
import { defineOperation } from './operation.js';
import { loose, strict, withFallback } from './schema.js';
import { SITES_AREA, SITE_PATH, SiteSchema } from './sites.js';
import { SpaceSchema } from './spaces.js';

/** The published view of a site: its structure embeds spaces, so it is a module of its own. */

export const SiteSpaceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-space'),
    id: z.string(),
    title: z.optional(z.string()),
    path: z.optional(z.string()),
    section: z.nullable(z.optional(z.string())),
    default: z.optional(z.boolean()),
    draft: z.optional(z.boolean()),
    hidden: z.optional(z.boolean()),
    condition: z.nullable(z.optional(z.string())),
    /** Custom home page of the space on the site. */
    pageId: z.nullable(z.optional(z.string())),
    space: SpaceSchema,
    urls: z.optional(loose({ published: z.optional(z.string()) })),
  }),
);
export type SiteSpace = z.infer<typeof SiteSpaceSchema>;

export const SiteSectionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-section'),
    id: z.string(),
    title: z.optional(z.string()),
    description: z.nullable(z.optional(z.string())),
    default: z.optional(z.boolean()),
    draft: z.optional(z.boolean()),
    path: z.optional(z.string()),
    condition: z.nullable(z.optional(z.string())),
    sectionGroup: z.nullable(z.optional(z.string())),
    icon: z.optional(z.string()),
    siteSpaces: z.optional(z.array(SiteSpaceSchema)),
    urls: z.optional(loose({ published: z.optional(z.string()) })),
  }),
);
export type SiteSection = z.infer<typeof SiteSectionSchema>;

/** A group of sections (published document only); `children` nest sections, groups and links. */
export const SiteSectionGroupSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-section-group'),
    id: z.string(),
    title: z.optional(z.string()),
    sectionGroup: z.optional(z.string()),
    draft: z.optional(z.boolean()),
    children: z.optional(z.array(z.looseObject({ object: z.string() }))),
  }),
);
export type SiteSectionGroup = z.infer<typeof SiteSectionGroupSchema>;

/** A link to an outside URL in the site's navigation (published document only). */
export const SiteExternalLinkSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-external-link'),
    id: z.string(),
    title: z.optional(z.string()),
    url: z.optional(z.string()),
    draft: z.optional(z.boolean()),
  }),
);
export type SiteExternalLink = z.infer<typeof SiteExternalLinkSchema>;

/**
 * How a published site is organised: sections (with groups and external links), or site spaces
 * directly; any other form is kept as it comes.
 */
export const SiteStructureSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({
        type: z.literal('sections'),
        structure: z.array(
          withFallback(
            [SiteSectionSchema, SiteSectionGroupSchema, SiteExternalLinkSchema],
            z.looseObject({ object: z.string() }),
            'object',
          ),
        ),
      }),
      loose({ type: z.literal('siteSpaces'), structure: z.array(SiteSpaceSchema) }),
    ],
    z.looseObject({ type: z.string() }),
    'type',
  ),
);
export type SiteStructure = z.infer<typeof SiteStructureSchema>;

export const PublishedSiteSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('published-content-site'),
    site: SiteSchema,
    structure: SiteStructureSchema,
    /** The site's customization, and per site space (published document only). */
    customizations: z.optional(loose({})),
    /** Integration scripts loaded on the site (published document only). */
    scripts: z.optional(z.array(IntegrationScriptSchema)),
  }),
);
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

export const getPublishedSite = /* @__PURE__ */ defineOperation({
  id: 'sites.published',
  area: SITES_AREA,
  summary: 'Get the published view of a site: its sections and site spaces',
  method: 'GET',
  idempotent: true,
  path: `${SITE_PATH}/published`,
  query: () => strict({ shareKey: z.optional(z.string().check(z.minLength(1))) }),
  status: 200,
  response: PublishedSiteSchema,
});
