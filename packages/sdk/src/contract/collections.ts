import { z } from 'zod';
import { PermissionsSchema, RoleInput, RoleSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, pageQuery, strict } from './schema.js';
import { MoveBody, SpaceSchema, TransferBody } from './spaces.js';

const AREA = 'Collections';

/** A nestable group of spaces inside an organization. */
export const CollectionSchema = loose({
  object: z.literal('collection'),
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional().nullable(),
  /** The owning organization's id. */
  organization: z.string().optional(),
  /** The parent collection's id, for a nested collection. */
  parent: z.string().optional().nullable(),
  defaultLevel: RoleSchema.optional().nullable(),
  urls: loose({ location: z.string().optional(), app: z.string().optional() }).optional(),
  /** `view`, `admin`, `viewInviteLinks`, `create`. */
  permissions: PermissionsSchema.optional(),
});
export type Collection = z.infer<typeof CollectionSchema>;

/**
 * Wire name of the list's boolean that includes nested collections (contract: "its name is not
 * shown"). Guessed; listed in docs/contract-notes.md. Correcting it is a change here only.
 */
export const COLLECTION_QUERY_WIRE_NAMES = { nested: 'nested' } as const;

export const CollectionListQuery = strict({
  ...pageQuery,
  /** `true` lists nested collections too; by default only top-level ones. */
  nested: z.boolean().optional(),
});
export type CollectionListQuery = z.input<typeof CollectionListQuery>;

/** The contract gives no length limits for a collection's title: any non-empty text. */
const collectionTitle = z.string().min(1);

export const CollectionCreateBody = strict({
  title: collectionTitle,
  /** The parent collection's id: the new collection is nested in it. */
  parent: z.string().min(1).optional(),
});
export type CollectionCreateBody = z.input<typeof CollectionCreateBody>;

export const CollectionUpdateBody = strict({
  title: collectionTitle.optional(),
  description: z.string().optional(),
  defaultLevel: RoleInput.optional(),
});
export type CollectionUpdateBody = z.input<typeof CollectionUpdateBody>;

const COLLECTION = '/v1/collections/{collectionId}' as const;

export const listCollections = defineOperation({
  id: 'collections.list',
  area: AREA,
  summary: 'List the collections of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/collections',
  query: CollectionListQuery,
  queryWireNames: COLLECTION_QUERY_WIRE_NAMES,
  status: 200,
  response: listOf(CollectionSchema),
  paginated: true,
});

export const createCollection = defineOperation({
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

export const getCollection = defineOperation({
  id: 'collections.get',
  area: AREA,
  summary: 'Get a collection',
  method: 'GET',
  idempotent: true,
  path: COLLECTION,
  status: 200,
  response: CollectionSchema,
});

export const updateCollection = defineOperation({
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

export const deleteCollection = defineOperation({
  id: 'collections.delete',
  area: AREA,
  summary: 'Delete a collection; deleting an absent collection succeeds',
  method: 'DELETE',
  idempotent: true,
  path: COLLECTION,
  status: 204,
});

export const listCollectionSpaces = defineOperation({
  id: 'collections.spaces',
  area: AREA,
  summary: 'List the spaces of a collection',
  method: 'GET',
  idempotent: true,
  path: `${COLLECTION}/spaces`,
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(SpaceSchema),
  paginated: true,
});

export const moveCollection = defineOperation({
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

export const transferCollection = defineOperation({
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
