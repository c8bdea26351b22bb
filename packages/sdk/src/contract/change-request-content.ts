import { z } from 'zod';
import { changeRequestIdParam } from './change-requests.js';
import { ContentReferenceSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Change request content';

/**
 * Wire names of the two boolean query parameters every content endpoint takes (contract,
 * "Conventions for endpoints", item 5: "their names are not shown"). Guessed; listed in
 * docs/contract-notes.md. Correcting one is a change here only.
 */
export const CONTENT_QUERY_WIRE_NAMES = {
  /** `false` omits mutable git metadata. */
  gitMetadata: 'metadata',
  /** `false` skips computing content. */
  computed: 'computed',
} as const;

/** The two booleans of every content call; both default to `true` on the server. */
export const contentQuery = {
  gitMetadata: z.boolean().optional(),
  computed: z.boolean().optional(),
};

export const ContentOptions = strict({ ...contentQuery });
export type ContentOptions = z.input<typeof ContentOptions>;

export const ContentListQuery = strict({ ...pageQuery, ...contentQuery });
export type ContentListQuery = z.input<typeof ContentListQuery>;

export const ContentPageQuery = strict({
  ...contentQuery,
  /** Output format of the page's content. */
  format: z.string().min(1).optional(),
  /**
   * `true` evaluates the whole document; `deterministic-only` evaluates only expressions with
   * deterministic inputs. Server default: no evaluation.
   */
  evaluate: z.union([z.boolean(), z.literal('deterministic-only')]).optional(),
});
export type ContentPageQuery = z.input<typeof ContentPageQuery>;

const GitFileSchema = loose({ oid: z.string().optional(), path: z.string().optional() });

const PageBaseSchema = loose({
  object: z.string().optional(),
  id: z.string(),
  title: z.string().optional(),
  emoji: z.string().optional().nullable(),
  icon: z.string().optional().nullable(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  markdown: z.string().optional(),
  type: openEnum(['document']).optional(),
  urls: loose({ app: z.string().optional() }).optional(),
  slug: z.string().optional(),
  path: z.string().optional(),
  description: z.string().optional().nullable(),
  git: GitFileSchema.optional().nullable(),
  layout: loose({
    width: openEnum(['default']).optional(),
    cover: z.boolean().optional(),
    coverSize: openEnum(['hero']).optional(),
    title: z.boolean().optional(),
    description: z.boolean().optional(),
    tableOfContents: z.boolean().optional(),
    outline: z.boolean().optional(),
    pagination: z.boolean().optional(),
    metadata: z.boolean().optional(),
  }).optional(),
  cover: loose({
    ref: ContentReferenceSchema.optional(),
    refDark: ContentReferenceSchema.optional(),
    yPos: z.number().optional(),
    height: z.number().optional(),
  })
    .optional()
    .nullable(),
  variables: z.record(z.string(), z.unknown()).optional(),
  hidden: z.boolean().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  metaLinks: loose({
    canonical: ContentReferenceSchema.optional().nullable(),
    alternates: z.array(ContentReferenceSchema).optional(),
  }).optional(),
  computed: loose({
    type: z.string().optional(),
    dependencies: z.unknown().optional(),
    props: z.unknown().optional(),
  })
    .optional()
    .nullable(),
  computedSeed: z.string().optional().nullable(),
});

/** A page of a revision, with its nested pages. */
export type ContentPage = z.infer<typeof PageBaseSchema> & { pages?: ContentPage[] | undefined };

export const PageSchema: z.ZodType<ContentPage> = z.lazy(() =>
  PageBaseSchema.extend({ pages: z.array(PageSchema).optional() }),
);

export const FileSchema = loose({
  object: z.string().optional(),
  id: z.string(),
  name: z.string().optional(),
  contentType: z.string().optional(),
  downloadURL: z.string().optional(),
  size: z.number().optional(),
  dimensions: loose({ width: z.number().optional(), height: z.number().optional() }).optional().nullable(),
  git: GitFileSchema.optional().nullable(),
});
export type ContentFile = z.infer<typeof FileSchema>;

export const ReusableContentSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  git: GitFileSchema.optional().nullable(),
});
export type ReusableContent = z.infer<typeof ReusableContentSchema>;

export const RevisionSchema = loose({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()).optional(),
  pages: z.array(PageSchema).optional(),
  files: z.array(FileSchema).optional(),
  reusableContents: z.array(ReusableContentSchema).optional(),
  variables: z.record(z.string(), z.string()).optional(),
  createdAt: z.string().optional(),
  git: loose({
    oid: z.string().optional(),
    message: z.string().optional(),
    createdByService: z.boolean().optional(),
    url: z.string().optional(),
    ref: z.string().optional(),
  })
    .optional()
    .nullable(),
  urls: loose({
    app: z.string().optional(),
    published: z.string().optional(),
    public: z.string().optional(),
  }).optional(),
  type: openEnum(['edits']).optional(),
});
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionPagesSchema = loose({ pages: z.array(PageSchema) });
export type RevisionPages = z.infer<typeof RevisionPagesSchema>;

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;

/** A link found in a page: where it points and where it appears. */
export const LinkSchema = loose({
  /** `ok`: no problem; `broken`: the target is absent in the revision; `in-app`: an internal app URL. */
  status: openEnum(LINK_STATUSES),
  relation: openEnum(['reference']).optional(),
  targetReference: ContentReferenceSchema.optional(),
  locationReferences: z.array(ContentReferenceSchema).optional(),
});
export type Link = z.infer<typeof LinkSchema>;

/** The list envelope of a page's links, plus counts of broken links. */
export const LinkListingSchema = listOf(LinkSchema).extend({
  stats: loose({
    total: z.number(),
    broken: loose({ total: z.number(), changeRequest: z.number() }),
  }),
});
export type LinkListing = z.infer<typeof LinkListingSchema>;

/** Backlinks: the references of the places that link to a page or file. */
export const BacklinkListSchema = listOf(ContentReferenceSchema);

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}' as const;
const crParams = { changeRequestId: changeRequestIdParam };

export const getChangeRequestRevision = defineOperation({
  id: 'changeRequests.content.revision',
  area: AREA,
  summary: 'Get the revision of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content`,
  params: crParams,
  query: ContentOptions,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: RevisionSchema,
});

export const listChangeRequestPages = defineOperation({
  id: 'changeRequests.content.pages',
  area: AREA,
  summary: 'List the pages of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/pages`,
  params: crParams,
  query: ContentOptions,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: RevisionPagesSchema,
});

export const listChangeRequestFiles = defineOperation({
  id: 'changeRequests.content.files',
  area: AREA,
  summary: 'List the files of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files`,
  params: crParams,
  query: ContentListQuery,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: listOf(FileSchema),
  paginated: true,
});

export const getChangeRequestFile = defineOperation({
  id: 'changeRequests.content.file',
  area: AREA,
  summary: 'Get a file of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files/{fileId}`,
  params: crParams,
  query: ContentOptions,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: FileSchema,
});

export const listChangeRequestFileBacklinks = defineOperation({
  id: 'changeRequests.content.fileBacklinks',
  area: AREA,
  summary: 'List the places that link to a file of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/files/{fileId}/backlinks`,
  params: crParams,
  query: ContentListQuery,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: BacklinkListSchema,
  paginated: true,
});

export const getChangeRequestPage = defineOperation({
  id: 'changeRequests.content.page',
  area: AREA,
  summary: 'Get a page of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/page/{pageId}`,
  params: crParams,
  query: ContentPageQuery,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: PageSchema,
});

export const listChangeRequestPageLinks = defineOperation({
  id: 'changeRequests.content.pageLinks',
  area: AREA,
  summary: 'List the links in a page of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/page/{pageId}/links`,
  params: crParams,
  query: ContentListQuery,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: LinkListingSchema,
  paginated: true,
});

export const listChangeRequestPageBacklinks = defineOperation({
  id: 'changeRequests.content.pageBacklinks',
  area: AREA,
  summary: 'List the places that link to a page of a change request',
  method: 'GET',
  idempotent: true,
  path: `${CR}/content/page/{pageId}/backlinks`,
  params: crParams,
  query: ContentListQuery,
  queryWireNames: CONTENT_QUERY_WIRE_NAMES,
  status: 200,
  response: BacklinkListSchema,
  paginated: true,
});

export const changeRequestContentOperations = [
  getChangeRequestRevision,
  listChangeRequestPages,
  listChangeRequestFiles,
  getChangeRequestFile,
  listChangeRequestFileBacklinks,
  getChangeRequestPage,
  listChangeRequestPageLinks,
  listChangeRequestPageBacklinks,
] as const;
