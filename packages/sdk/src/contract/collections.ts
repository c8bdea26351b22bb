import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { listOf, loose, pageQuery, strict } from './schema.js';
import { DefaultLevelInput, DefaultLevelSchema, MoveBody, SpaceSchema, TransferBody } from './spaces.js';

const AREA = 'Collections';

/** What the caller may do with a collection (the document lists these four). */
export const CollectionPermissionsSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    view: z.optional(z.boolean()),
    /** Change its title and description. */
    admin: z.optional(z.boolean()),
    viewInviteLinks: z.optional(z.boolean()),
    /** Create spaces and collections in it. */
    create: z.optional(z.boolean()),
  }),
);
export type CollectionPermissions = z.infer<typeof CollectionPermissionsSchema>;

/** A nestable group of spaces inside an organization. */
export const CollectionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('collection'),
    id: z.string(),
    /** At most 50 characters (the service's limit). */
    title: z.optional(z.string()),
    /** At most 100 characters (the service's limit). */
    description: z.nullable(z.optional(z.string())),
    /** The owning organization's id. */
    organization: z.optional(z.string()),
    /** The parent collection's id, for a nested collection; absent at the top level. */
    parent: z.nullable(z.optional(z.string())),
    /** A role, `inherit`, or null for guests. */
    defaultLevel: z.optional(DefaultLevelSchema),
    urls: z.optional(
      loose({
        /** The collection in the API. */
        location: z.optional(z.string()),
        /** The collection in the application. */
        app: z.optional(z.string()),
      }),
    ),
    permissions: z.optional(CollectionPermissionsSchema),
  }),
);
export type Collection = z.infer<typeof CollectionSchema>;

/**
 * Wire name of the list's boolean that includes nested collections: the published document's
 * `nested` (the extract does not show it). Correcting it is a change here only.
 */
export const COLLECTION_QUERY_WIRE_NAMES = { nested: 'nested' } as const;

export const CollectionListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /**
     * `true` lists nested collections too, `false` only top-level ones. Not sent unless given:
     * the service's default is `true` (published document).
     */
    nested: z.optional(z.boolean()),
  }),
);
export type CollectionListQuery = z.input<typeof CollectionListQuery>;

/** Non-empty (the extract), at most 50 characters (the published document). */
const collectionTitle = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(50)));

export const CollectionCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The title; the published document makes it optional (the service then picks one). */
    title: z.optional(collectionTitle),
    /** The parent collection's id: the new collection is nested in it. */
    parent: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type CollectionCreateBody = z.input<typeof CollectionCreateBody>;

export const CollectionUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    title: z.optional(collectionTitle),
    /** At most 100 characters (published document); empty clears it. */
    description: z.optional(z.string().check(z.maxLength(100))),
    /** A role, `inherit`, or `null` for guests (`inherit` and `null`: from the published API document). */
    defaultLevel: z.optional(DefaultLevelInput),
  }),
);
export type CollectionUpdateBody = z.input<typeof CollectionUpdateBody>;

const COLLECTION = '/v1/collections/{collectionId}' as const;

export const listCollections = /* @__PURE__ */ defineOperation({
  id: 'collections.list',
  area: AREA,
  summary: 'List the collections of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/collections',
  query: CollectionListQuery,
  queryWireNames: COLLECTION_QUERY_WIRE_NAMES,
  status: 200,
  response: () => listOf(CollectionSchema),
  paginated: true,
});

export const createCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.create',
  area: AREA,
  summary: 'Create a collection, optionally nested in another',
  method: 'POST',
  idempotent: false,
  path: '/v1/orgs/{organizationId}/collections',
  body: CollectionCreateBody,
  status: 201,
  response: CollectionSchema,
});

export const getCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.get',
  area: AREA,
  summary: 'Get a collection',
  method: 'GET',
  idempotent: true,
  path: COLLECTION,
  status: 200,
  response: CollectionSchema,
});

export const updateCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.update',
  area: AREA,
  summary: "Change a collection's title, description or default level",
  method: 'PATCH',
  idempotent: true,
  path: COLLECTION,
  body: CollectionUpdateBody,
  status: 200,
  response: CollectionSchema,
});

export const deleteCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.delete',
  area: AREA,
  summary: 'Delete a collection; deleting an absent collection succeeds',
  method: 'DELETE',
  idempotent: true,
  path: COLLECTION,
  // The service answers 205 when it deleted the collection and 204 when there was none; both read the same.
  status: 204,
});

export const listCollectionSpaces = /* @__PURE__ */ defineOperation({
  id: 'collections.spaces',
  area: AREA,
  summary: 'List the spaces of a collection',
  method: 'GET',
  idempotent: true,
  path: `${COLLECTION}/spaces`,
  query: () => strict({ ...pageQuery() }),
  status: 200,
  response: () => listOf(SpaceSchema),
  paginated: true,
});

export const moveCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.move',
  area: AREA,
  summary: 'Move a collection into another collection or place among its siblings',
  method: 'POST',
  idempotent: false,
  path: `${COLLECTION}/move`,
  body: MoveBody,
  status: 200,
  response: CollectionSchema,
});

export const transferCollection = /* @__PURE__ */ defineOperation({
  id: 'collections.transfer',
  area: AREA,
  summary: 'Transfer a collection, with what it holds, to another organization',
  method: 'POST',
  idempotent: false,
  path: `${COLLECTION}/transfer`,
  body: TransferBody,
  status: 200,
  response: CollectionSchema,
});

export const collectionOperations = [
  listCollections,
  createCollection,
  getCollection,
  updateCollection,
  deleteCollection,
  listCollectionSpaces,
  moveCollection,
  transferCollection,
] as const;
