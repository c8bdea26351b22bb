import { z } from 'zod';
import { ChangeRequestSchema, changeRequestIdParam } from './change-requests.js';
import { CONTENT_FORMATS } from './change-request-comments.js';
import { ContentReferenceSchema, DocumentSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict, withFallback } from './schema.js';

const AREA = 'Change request content';

/**
 * Wire names of the query parameters whose SDK names differ. The two booleans every content
 * endpoint takes (the extract hides their names) are `metadata` and `computed` in the published
 * document; the page's evaluation option is `evaluated` there, and its markdown reference style
 * `format.markdown.refs`. Listed in docs/contract-notes.md; correcting one is a change here only.
 */
export const CONTENT_QUERY_WIRE_NAMES = {
  /** `false` omits mutable git metadata. */
  gitMetadata: 'metadata',
  /** `false` skips computing content. */
  computed: 'computed',
} as const;

export const PAGE_QUERY_WIRE_NAMES = {
  ...CONTENT_QUERY_WIRE_NAMES,
  evaluate: 'evaluated',
  markdownRefs: 'format.markdown.refs',
} as const;

/** The two booleans of every content call; both default to `true` on the server. */
export const contentQuery = {
  /** `false` omits mutable git metadata (faster). */
  gitMetadata: z.boolean().optional(),
  /** `false` skips computing computed content. */
  computed: z.boolean().optional(),
};

export const ContentOptions = strict({ ...contentQuery });
export type ContentOptions = z.input<typeof ContentOptions>;

export const ContentListQuery = strict({ ...pageQuery, ...contentQuery });
export type ContentListQuery = z.input<typeof ContentListQuery>;

export const ContentPageQuery = strict({
  ...contentQuery,
  /** Form of the page's content: `markdown` (a `markdown` field) or `document` (a `document` field). */
  format: z.enum(CONTENT_FORMATS).optional(),
  /**
   * From the published document: how content references are written in markdown output
   * (with `format: "markdown"` only): `relative` links (the service's default) or `stable`
   * references that keep their identifiers.
   */
  markdownRefs: z.enum(['relative', 'stable']).optional(),
  /**
   * `true` evaluates the whole document; `deterministic-only` evaluates only expressions with
   * deterministic inputs. Server default: no evaluation. (Wire name `evaluated`.)
   */
  evaluate: z.union([z.boolean(), z.literal('deterministic-only')]).optional(),
  /**
   * From the published document: `true` expands the content the document references,
   * `reusable-contents` only its reusable contents. Server default: `false`.
   */
  dereferenced: z.union([z.boolean(), z.literal('reusable-contents')]).optional(),
});
export type ContentPageQuery = z.input<typeof ContentPageQuery>;

/** A file or page in the space's git repository. */
export const GitBlobSchema = loose({ oid: z.string().optional(), path: z.string().optional() });
export type GitBlob = z.infer<typeof GitBlobSchema>;

/** A variable's value: text (at most 256 characters), a number or a boolean. */
export const VariableValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export const VariablesSchema = z.record(z.string(), VariableValueSchema);
export type Variables = z.infer<typeof VariablesSchema>;

/**
 * What generates computed content: `builtin:openapi`, `builtin:translation`, or an
 * integration (`integration:<integration>:<source>`), with its `props` and `dependencies`.
 */
export const ComputedSourceSchema = loose({
  type: z.string().optional(),
  props: z.unknown().optional(),
  dependencies: z.unknown().optional(),
});
export type ComputedSource = z.infer<typeof ComputedSourceSchema>;

/** How a document page is laid out: which parts show (published document). */
export const PageLayoutSchema = loose({
  width: openEnum(['default', 'wide']).optional(),
  cover: z.boolean().optional(),
  coverSize: openEnum(['hero', 'full', 'background']).optional(),
  coverMask: openEnum(['none', 'radial']).optional(),
  title: z.boolean().optional(),
  description: z.boolean().optional(),
  tableOfContents: z.boolean().optional(),
  outline: z.boolean().optional(),
  pagination: z.boolean().optional(),
  metadata: z.boolean().optional(),
  tags: z.boolean().optional(),
  actions: z.boolean().optional(),
  anchors: z.boolean().optional(),
});
export type PageLayout = z.infer<typeof PageLayoutSchema>;

export const PageCoverSchema = loose({
  /** The image: a file or a URL. */
  ref: ContentReferenceSchema.optional(),
  refDark: ContentReferenceSchema.optional(),
  textColor: openEnum(['black', 'white']).optional(),
  textColorDark: openEnum(['black', 'white']).optional(),
  /** Vertical position of the image. */
  yPos: z.number().optional(),
  /** Height in pixels (10 to 700). */
  height: z.number().optional(),
});
export type PageCover = z.infer<typeof PageCoverSchema>;

/** Fields every kind of page has. */
const pageFields = {
  id: z.string(),
  title: z.string().optional(),
  /** Title for the table of contents and mentions, when it differs. */
  linkTitle: z.string().optional(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
  /** Present once the page has been edited. */
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** Adaptive-content condition that shows the page to a visitor. */
  condition: z.string().optional(),
  /** Deprecated form of `type` (`sheet`, `group`, `link`). */
  kind: z.string().optional(),
  hidden: z.boolean().optional(),
};

/** A document page, without its children. */
const DocumentPageFields = loose({
  ...pageFields,
  type: z.literal('document'),
  /** The content, with `format: "markdown"` (the sandbox's default). */
  markdown: z.string().optional(),
  /** The content, with `format: "document"`. */
  document: DocumentSchema.optional(),
  /** Id of the document holding the body. */
  documentId: z.string().optional(),
  urls: loose({ app: z.string().optional() }).optional(),
  /** The page's slug in its parent. */
  slug: z.string().optional(),
  /** Complete path of the page in the revision. */
  path: z.string().optional(),
  description: z.string().optional(),
  git: GitBlobSchema.optional(),
  layout: PageLayoutSchema.optional(),
  cover: PageCoverSchema.optional(),
  variables: VariablesSchema.optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
  /** Canonical and alternate links of the page: page or URL references. */
  metaLinks: loose({
    canonical: ContentReferenceSchema.optional(),
    alternates: z.array(ContentReferenceSchema).optional(),
  }).optional(),
  tags: z
    .array(loose({ tag: ContentReferenceSchema.optional(), primary: z.boolean().optional() }))
    .optional(),
  /** What generated the page, when computed content did. */
  computed: ComputedSourceSchema.optional(),
  computedSeed: z.string().optional(),
});

/** A group of pages (published document), without its children. */
const GroupPageFields = loose({
  ...pageFields,
  type: z.literal('group'),
  slug: z.string().optional(),
  path: z.string().optional(),
  noIndex: z.boolean().optional(),
  noRobotsIndex: z.boolean().optional(),
});

/** A link in the table of contents (published document). */
const LinkPageSchema = loose({
  ...pageFields,
  type: z.literal('link'),
  target: ContentReferenceSchema.optional(),
  href: z.string().optional(),
});

/** A page that generates pages, e.g. from an OpenAPI specification (published document). */
const ComputedPageSchema = loose({
  ...pageFields,
  type: z.literal('computed'),
  computed: ComputedSourceSchema.optional(),
});

/** A page of a type not known yet: kept as it came. */
const OtherPageSchema = loose({ ...pageFields, type: z.string().optional() });

export type DocumentPage = z.infer<typeof DocumentPageFields> & { pages?: ContentPage[] | undefined };
export type GroupPage = z.infer<typeof GroupPageFields> & { pages?: ContentPage[] | undefined };
export type LinkPage = z.infer<typeof LinkPageSchema>;
export type ComputedPage = z.infer<typeof ComputedPageSchema>;
export type OtherPage = z.infer<typeof OtherPageSchema>;

/**
 * A page of a revision: a `document` page, a `group` of pages, a `link`, a `computed` page
 * (the published document's four types), or a page of another type, kept as it came.
 * `childPages()` and `pageMarkdown()` read any of them.
 */
export type ContentPage = DocumentPage | GroupPage | LinkPage | ComputedPage | OtherPage;

const childPagesSchema = z.array(z.lazy(() => PageSchema)).optional();

export const PageSchema: z.ZodType<ContentPage> = withFallback(
  [
    DocumentPageFields.extend({ pages: childPagesSchema }),
    GroupPageFields.extend({ pages: childPagesSchema }),
    LinkPageSchema,
    ComputedPageSchema,
  ],
  OtherPageSchema,
);

/** A file of a revision. */
export const FileSchema = loose({
  object: z.string().optional(),
  id: z.string(),
  name: z.string().optional(),
  contentType: z.string().optional(),
  downloadURL: z.string().optional(),
  size: z.number().optional(),
  /** Of images. */
  dimensions: loose({ width: z.number().optional(), height: z.number().optional() }).optional(),
  git: GitBlobSchema.optional(),
});
export type ContentFile = z.infer<typeof FileSchema>;

export const ReusableContentSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  git: GitBlobSchema.optional(),
  /** Id of the document with the body; none when empty. */
  document: z.string().optional(),
  computed: ComputedSourceSchema.optional(),
  computedSeed: z.string().optional(),
});
export type ReusableContent = z.infer<typeof ReusableContentSchema>;

/** A tag of a revision (published document), that pages and update entries can carry. */
export const RevisionTagSchema = loose({
  /** The tag's immutable identifier. */
  slug: z.string().optional(),
  label: z.string().optional(),
  color: z.string().optional(),
  emoji: z.string().optional(),
  icon: z.string().optional(),
});
export type RevisionTag = z.infer<typeof RevisionTagSchema>;

/** The git commit of a revision. */
export const GitCommitSchema = loose({
  oid: z.string().optional(),
  message: z.string().optional(),
  /** True when the service made the commit (an export). The published document's name. */
  createdByGitBook: z.boolean().optional(),
  /** The extract's name for `createdByGitBook`. Not in the published API document. */
  createdByService: z.boolean().optional(),
  url: z.string().optional(),
  ref: z.string().optional(),
});
export type GitCommit = z.infer<typeof GitCommitSchema>;

const revisionFields = {
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()).optional(),
  pages: z.array(PageSchema).optional(),
  files: z.array(FileSchema).optional(),
  reusableContents: z.array(ReusableContentSchema).optional(),
  tags: z.array(RevisionTagSchema).optional(),
  variables: VariablesSchema.optional(),
  createdAt: z.string().optional(),
  git: GitCommitSchema.optional(),
  urls: loose({
    app: z.string().optional(),
    /** Only when the space is not private. */
    published: z.string().optional(),
    /** Only when the space is public. */
    public: z.string().optional(),
  }).optional(),
};

/**
 * A revision, by how it was made: `edits`, `merge` (of `mergedFrom`), `rollback`, `update`
 * (from the primary content), `computed` (from `sourceRevision`); a revision of another type is
 * kept as it came. Every form has the same content fields.
 */
export const RevisionSchema = withFallback(
  [
    loose({ ...revisionFields, type: z.literal('edits') }),
    loose({ ...revisionFields, type: z.literal('merge'), mergedFrom: ChangeRequestSchema.optional() }),
    loose({ ...revisionFields, type: z.literal('rollback') }),
    loose({ ...revisionFields, type: z.literal('update') }),
    loose({
      ...revisionFields,
      type: z.literal('computed'),
      sourceRevision: z.string().optional(),
      mergedFrom: ChangeRequestSchema.optional(),
    }),
  ],
  loose({ ...revisionFields, type: z.string().optional() }),
);
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionPagesSchema = loose({ pages: z.array(PageSchema).optional() });
export type RevisionPages = z.infer<typeof RevisionPagesSchema>;

/*
 * Links and backlinks: the three operations below are in the extract and not in the published
 * API document (0.202.0). They are kept; their answers are read as the extract describes them.
 */

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

/** Not in the published API document: kept from the extract. */
export const listChangeRequestFileBacklinks = defineOperation({
  id: 'changeRequests.content.fileBacklinks',
  area: AREA,
  summary: 'List the places that link to a file of a change request (not in the published API document)',
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
  queryWireNames: PAGE_QUERY_WIRE_NAMES,
  status: 200,
  response: PageSchema,
});

/** Not in the published API document: kept from the extract. */
export const listChangeRequestPageLinks = defineOperation({
  id: 'changeRequests.content.pageLinks',
  area: AREA,
  summary: 'List the links in a page of a change request (not in the published API document)',
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

/** Not in the published API document: kept from the extract. */
export const listChangeRequestPageBacklinks = defineOperation({
  id: 'changeRequests.content.pageBacklinks',
  area: AREA,
  summary: 'List the places that link to a page of a change request (not in the published API document)',
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
