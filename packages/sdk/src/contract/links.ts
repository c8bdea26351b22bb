import * as z from 'zod/mini';
import { ContentReferenceSchema } from './common.js';
import { listOf, loose, openEnum } from './schema.js';

/*
 * The links of a page, listed for a change request's page (change-request-content.ts) and for a
 * space (spaces.ts): a module of its own, so that the Spaces area does not load change requests.
 */

/*
 * Links are in the extract and not in the published API document (0.202.0): their answers are
 * read as the extract describes them.
 */

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;

/** A link found in a page: where it points and where it appears. */
export const LinkSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** `ok`: no problem; `broken`: the target is absent in the revision; `in-app`: an internal app URL. */
    status: openEnum(LINK_STATUSES),
    relation: z.optional(openEnum(['reference'])),
    targetReference: z.optional(ContentReferenceSchema),
    locationReferences: z.optional(z.array(ContentReferenceSchema)),
  }),
);
export type Link = z.infer<typeof LinkSchema>;

/** The list envelope of a page's links, plus counts of broken links. */
export const LinkListingSchema = /* @__PURE__ */ z.lazy(() =>
  z.extend(listOf(LinkSchema), {
    stats: loose({
      total: z.number(),
      broken: loose({ total: z.number(), changeRequest: z.number() }),
    }),
  }),
);
export type LinkListing = z.infer<typeof LinkListingSchema>;
