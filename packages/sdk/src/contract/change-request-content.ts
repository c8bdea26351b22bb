import * as z from 'zod/mini';
import { ChangeRequestSchema, changeRequestIdParam } from './change-requests.js';
import { CONTENT_FORMATS } from './change-request-comments.js';
import { ContentReferenceSchema, DocumentSchema } from './common.js';
import { defineOperation } from './operation.js';
import { LinkListingSchema } from './links.js';
import {
  built,
  listOf,
  loose,
  openEnum,
  pageQuery,
  strict,
  withFallback,
  type WithUnknownKind,
} from './schema.js';

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
export const contentQuery = () => ({
  /** `false` omits mutable git metadata (faster). */
  gitMetadata: z.optional(z.boolean()),
  /** `false` skips computing computed content. */
  computed: z.optional(z.boolean()),
});

export const ContentOptions = /* @__PURE__ */ z.lazy(() => strict({ ...contentQuery() }));
export type ContentOptions = z.input<typeof ContentOptions>;

export const ContentListQuery = /* @__PURE__ */ z.lazy(() => strict({ ...pageQuery(), ...contentQuery() }));
export type ContentListQuery = z.input<typeof ContentListQuery>;

export const ContentPageQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...contentQuery(),
    /** Form of the page's content: `markdown` (a `markdown` field) or `document` (a `document` field). */
    format: z.optional(z.enum(CONTENT_FORMATS)),
    /**
     * From the published document: how content references are written in markdown output
     * (with `format: "markdown"` only): `relative` links (the service's default) or `stable`
     * references that keep their identifiers.
     */
    markdownRefs: z.optional(z.enum(['relative', 'stable'])),
    /**
     * `true` evaluates the whole document; `deterministic-only` evaluates only expressions with
     * deterministic inputs. Server default: no evaluation. (Wire name `evaluated`.)
     */
    evaluate: z.optional(z.union([z.boolean(), z.literal('deterministic-only')])),
    /**
     * From the published document: `true` expands the content the document references,
     * `reusable-contents` only its reusable contents. Server default: `false`.
     */
    dereferenced: z.optional(z.union([z.boolean(), z.literal('reusable-contents')])),
  }),
);
export type ContentPageQuery = z.input<typeof ContentPageQuery>;

/** A file or page in the space's git repository. */
export const GitBlobSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ oid: z.optional(z.string()), path: z.optional(z.string()) }),
);
export type GitBlob = z.infer<typeof GitBlobSchema>;

/** A variable's value: text (at most 256 characters), a number or a boolean. */
export const VariableValueSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean()]),
);
export const VariablesSchema = /* @__PURE__ */ z.lazy(() => z.record(z.string(), VariableValueSchema));
export type Variables = z.infer<typeof VariablesSchema>;

/**
 * What generates computed content: `builtin:openapi`, `builtin:translation`, or an
 * integration (`integration:<integration>:<source>`), with its `props` and `dependencies`.
 */
export const ComputedSourceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    type: z.optional(z.string()),
    props: z.optional(z.unknown()),
    dependencies: z.optional(z.unknown()),
  }),
);
export type ComputedSource = z.infer<typeof ComputedSourceSchema>;

/** How a document page is laid out: which parts show (published document). */
export const PageLayoutSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    width: z.optional(openEnum(['default', 'wide'])),
    cover: z.optional(z.boolean()),
    coverSize: z.optional(openEnum(['hero', 'full', 'background'])),
    coverMask: z.optional(openEnum(['none', 'radial'])),
    title: z.optional(z.boolean()),
    description: z.optional(z.boolean()),
    tableOfContents: z.optional(z.boolean()),
    outline: z.optional(z.boolean()),
    pagination: z.optional(z.boolean()),
    metadata: z.optional(z.boolean()),
    tags: z.optional(z.boolean()),
    actions: z.optional(z.boolean()),
    anchors: z.optional(z.boolean()),
  }),
);
export type PageLayout = z.infer<typeof PageLayoutSchema>;

export const PageCoverSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** The image: a file or a URL. */
    ref: z.optional(ContentReferenceSchema),
    refDark: z.optional(ContentReferenceSchema),
    textColor: z.optional(openEnum(['black', 'white'])),
    textColorDark: z.optional(openEnum(['black', 'white'])),
    /** Vertical position of the image. */
    yPos: z.optional(z.number()),
    /** Height in pixels (10 to 700). */
    height: z.optional(z.number()),
  }),
);
export type PageCover = z.infer<typeof PageCoverSchema>;

/** Fields every kind of page has. */
const pageFields = () => ({
  id: z.string(),
  title: z.optional(z.string()),
  /** Title for the table of contents and mentions, when it differs. */
  linkTitle: z.optional(z.string()),
  emoji: z.optional(z.string()),
  icon: z.optional(z.string()),
  /** Present once the page has been edited. */
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  /** Adaptive-content condition that shows the page to a visitor. */
  condition: z.optional(z.string()),
  /** Deprecated form of `type` (`sheet`, `group`, `link`). */
  kind: z.optional(z.string()),
  hidden: z.optional(z.boolean()),
});

/** A document page, without its children. */
const DocumentPageFields = /* @__PURE__ */ z.lazy(() =>
  loose({
    ...pageFields(),
    type: z.literal('document'),
    /** The content, with `format: "markdown"` (the sandbox's default). */
    markdown: z.optional(z.string()),
    /** The content, with `format: "document"`. */
    document: z.optional(DocumentSchema),
    /** Id of the document holding the body. */
    documentId: z.optional(z.string()),
    urls: z.optional(loose({ app: z.optional(z.string()) })),
    /** The page's slug in its parent. */
    slug: z.optional(z.string()),
    /** Complete path of the page in the revision. */
    path: z.optional(z.string()),
    description: z.optional(z.string()),
    git: z.optional(GitBlobSchema),
    layout: z.optional(PageLayoutSchema),
    cover: z.optional(PageCoverSchema),
    variables: z.optional(VariablesSchema),
    noIndex: z.optional(z.boolean()),
    noRobotsIndex: z.optional(z.boolean()),
    /** Canonical and alternate links of the page: page or URL references. */
    metaLinks: z.optional(
      loose({
        canonical: z.optional(ContentReferenceSchema),
        alternates: z.optional(z.array(ContentReferenceSchema)),
      }),
    ),
    tags: z.optional(
      z.array(loose({ tag: z.optional(ContentReferenceSchema), primary: z.optional(z.boolean()) })),
    ),
    /** What generated the page, when computed content did. */
    computed: z.optional(ComputedSourceSchema),
    computedSeed: z.optional(z.string()),
  }),
);

/** A group of pages (published document), without its children. */
const GroupPageFields = /* @__PURE__ */ z.lazy(() =>
  loose({
    ...pageFields(),
    type: z.literal('group'),
    slug: z.optional(z.string()),
    path: z.optional(z.string()),
    noIndex: z.optional(z.boolean()),
    noRobotsIndex: z.optional(z.boolean()),
  }),
);

/** A link in the table of contents (published document). */
const LinkPageSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    ...pageFields(),
    type: z.literal('link'),
    target: z.optional(ContentReferenceSchema),
    href: z.optional(z.string()),
  }),
);

/** A page that generates pages, e.g. from an OpenAPI specification (published document). */
const ComputedPageSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    ...pageFields(),
    type: z.literal('computed'),
    computed: z.optional(ComputedSourceSchema),
  }),
);

/** A page of a type not known yet: kept as it came. */
const OtherPageSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ ...pageFields(), type: z.optional(z.string()) }),
);

export type DocumentPage = z.infer<typeof DocumentPageFields> & { pages?: ContentPage[] | undefined };
export type GroupPage = z.infer<typeof GroupPageFields> & { pages?: ContentPage[] | undefined };
export type LinkPage = z.infer<typeof LinkPageSchema>;
export type ComputedPage = z.infer<typeof ComputedPageSchema>;
/** Its `type` is none of the known pages' (`UnknownKind`), so that `page.type === 'document'` narrows. */
export type OtherPage = WithUnknownKind<z.infer<typeof OtherPageSchema>, 'type'>;

/**
 * A page of a revision: a `document` page, a `group` of pages, a `link`, a `computed` page
 * (the published document's four types), or a page of another type, kept as it came.
 * `childPages()` and `pageMarkdown()` read any of them.
 */
export type ContentPage = DocumentPage | GroupPage | LinkPage | ComputedPage | OtherPage;

const childPagesSchema = /* @__PURE__ */ z.lazy(() => z.optional(z.array(z.lazy(() => PageSchema))));

export const PageSchema: z.ZodMiniType<ContentPage> = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      z.extend(built(DocumentPageFields), { pages: childPagesSchema }),
      z.extend(built(GroupPageFields), { pages: childPagesSchema }),
      LinkPageSchema,
      ComputedPageSchema,
    ],
    OtherPageSchema,
    'type',
  ),
);

/** A file of a revision. */
export const FileSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.optional(z.string()),
    id: z.string(),
    name: z.optional(z.string()),
    contentType: z.optional(z.string()),
    downloadURL: z.optional(z.string()),
    size: z.optional(z.number()),
    /** Of images. */
    dimensions: z.optional(loose({ width: z.optional(z.number()), height: z.optional(z.number()) })),
    git: z.optional(GitBlobSchema),
  }),
);
export type ContentFile = z.infer<typeof FileSchema>;

export const ReusableContentSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    title: z.optional(z.string()),
    git: z.optional(GitBlobSchema),
    /** Id of the document with the body; none when empty. */
    document: z.optional(z.string()),
    computed: z.optional(ComputedSourceSchema),
    computedSeed: z.optional(z.string()),
  }),
);
export type ReusableContent = z.infer<typeof ReusableContentSchema>;

/** A tag of a revision (published document), that pages and update entries can carry. */
export const RevisionTagSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** The tag's immutable identifier. */
    slug: z.optional(z.string()),
    label: z.optional(z.string()),
    color: z.optional(z.string()),
    emoji: z.optional(z.string()),
    icon: z.optional(z.string()),
  }),
);
export type RevisionTag = z.infer<typeof RevisionTagSchema>;

/** The git commit of a revision. */
export const GitCommitSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    oid: z.optional(z.string()),
    message: z.optional(z.string()),
    /** True when the service made the commit (an export). The published document's name. */
    createdByGitBook: z.optional(z.boolean()),
    /** The extract's name for `createdByGitBook`. Not in the published API document. */
    createdByService: z.optional(z.boolean()),
    url: z.optional(z.string()),
    ref: z.optional(z.string()),
  }),
);
export type GitCommit = z.infer<typeof GitCommitSchema>;

const revisionFields = () => ({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.optional(z.array(z.string())),
  pages: z.optional(z.array(PageSchema)),
  files: z.optional(z.array(FileSchema)),
  reusableContents: z.optional(z.array(ReusableContentSchema)),
  tags: z.optional(z.array(RevisionTagSchema)),
  variables: z.optional(VariablesSchema),
  createdAt: z.optional(z.string()),
  git: z.optional(GitCommitSchema),
  urls: z.optional(
    loose({
      app: z.optional(z.string()),
      /** Only when the space is not private. */
      published: z.optional(z.string()),
      /** Only when the space is public. */
      public: z.optional(z.string()),
    }),
  ),
});

/**
 * A revision, by how it was made: `edits`, `merge` (of `mergedFrom`), `rollback`, `update`
 * (from the primary content), `computed` (from `sourceRevision`); a revision of another type is
 * kept as it came. Every form has the same content fields.
 */
export const RevisionSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ ...revisionFields(), type: z.literal('edits') }),
      loose({ ...revisionFields(), type: z.literal('merge'), mergedFrom: z.optional(ChangeRequestSchema) }),
      loose({ ...revisionFields(), type: z.literal('rollback') }),
      loose({ ...revisionFields(), type: z.literal('update') }),
      loose({
        ...revisionFields(),
        type: z.literal('computed'),
        sourceRevision: z.optional(z.string()),
        mergedFrom: z.optional(ChangeRequestSchema),
      }),
    ],
    loose({ ...revisionFields(), type: z.optional(z.string()) }),
    'type',
  ),
);
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionPagesSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ pages: z.optional(z.array(PageSchema)) }),
);
export type RevisionPages = z.infer<typeof RevisionPagesSchema>;

/*
 * Links and backlinks: in the extract and not in the published API document (0.202.0); the
 * link listing's schemas are in links.ts, which spaces share.
 */

/** Backlinks: the references of the places that link to a page or file. */
export const BacklinkListSchema = /* @__PURE__ */ z.lazy(() => listOf(ContentReferenceSchema));

const CR = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}' as const;
const crParams = () => ({ changeRequestId: changeRequestIdParam });

export const getChangeRequestRevision = /* @__PURE__ */ defineOperation({
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

export const listChangeRequestPages = /* @__PURE__ */ defineOperation({
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

export const listChangeRequestFiles = /* @__PURE__ */ defineOperation({
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
  response: () => listOf(FileSchema),
  paginated: true,
});

export const getChangeRequestFile = /* @__PURE__ */ defineOperation({
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
export const listChangeRequestFileBacklinks = /* @__PURE__ */ defineOperation({
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

export const getChangeRequestPage = /* @__PURE__ */ defineOperation({
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
export const listChangeRequestPageLinks = /* @__PURE__ */ defineOperation({
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
export const listChangeRequestPageBacklinks = /* @__PURE__ */ defineOperation({
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
