import { z } from 'zod';
import { loose, openEnum, strict, withFallback } from './schema.js';

/** Roles, from most to least powerful: the extract and the published document list the same six. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = openEnum(ROLES);
/** A role in a request: only the documented values. */
export const RoleInput = z.enum(ROLES);

export const UserSchema = loose({
  /**
   * Always `user` from the service. Both the extract and the document require it; it is read as
   * optional because users embedded by other areas' fixtures come without it (contract notes).
   */
  object: z.literal('user').optional(),
  id: z.string(),
  /** Full name. */
  displayName: z.string().optional(),
  email: z.string().optional(),
  /** URL of the profile picture; absent (or null) when the user has none. */
  photoURL: z.string().optional().nullable(),
  urls: loose({
    /** The user in the API. */
    location: z.string().optional(),
  }).optional(),
});
export type User = z.infer<typeof UserSchema>;

/** `permissions` objects: booleans telling what the caller may do. */
export const PermissionsSchema = z.record(z.string(), z.boolean().optional());

/**
 * A node of a rich-text document: a block (`object: "block"`, e.g. `paragraph`, `heading-1`,
 * `code`, `hint`), an inline (`object: "inline"`) or a text (`object: "text"` with `leaves`).
 * The published document lists some thirty block types; every one is read, typed loosely.
 */
export type Block = {
  object: string;
  type?: string | undefined;
  key?: string | undefined;
  isVoid?: boolean | undefined;
  data?: Record<string, unknown> | undefined;
  nodes?: Block[] | undefined;
  [extra: string]: unknown;
};

export const BlockSchema: z.ZodType<Block> = z.lazy(() =>
  loose({
    object: z.string(),
    type: z.string().optional(),
    key: z.string().optional(),
    isVoid: z.boolean().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    nodes: z.array(BlockSchema).optional(),
  }),
);

/** A rich-text document (the published document's `JSONDocument`), as read. */
export const DocumentSchema = loose({
  object: z.literal('document'),
  /** `schemaVersion` (an integer; absent means the latest) and free-form properties. */
  data: loose({ schemaVersion: z.number().optional() }).optional(),
  /** The top-level blocks. */
  nodes: z.array(BlockSchema).optional(),
  /** From the published document: a content token to fetch what the document references. */
  meta: loose({ token: z.string().optional() }).optional(),
});
export type Document = z.infer<typeof DocumentSchema>;

/**
 * A rich-text document, as sent. The published document requires `object`, `data` and `nodes`
 * (`data.schemaVersion`, when given, an integer): a document without `data` is sent with an
 * empty one. Blocks are checked by the service.
 */
export const DocumentInput = z.looseObject({
  object: z.literal('document'),
  data: z.looseObject({ schemaVersion: z.number().int().optional() }).default({}),
  nodes: z.array(z.looseObject({ object: z.string() })),
});
export type DocumentInput = z.input<typeof DocumentInput>;

/** Builds a minimal document of paragraphs from plain text (one paragraph per line). */
export function documentFromText(text: string): DocumentInput {
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: text.split('\n').map((line) => ({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    })),
  };
}

/** `space`: the space the target is in, when not the current one. */
const inSpace = { space: z.string().optional() };

/**
 * A content reference. The kinds the published document lists are typed (`file`, `url`, `page`,
 * `anchor`, `user`, `collection`, `space`, `reusable-content`, `tag`, `openapi`); a reference of
 * another kind, or missing its target, is kept as it came.
 */
export const ContentReferenceSchema = withFallback(
  [
    loose({ kind: z.literal('file'), file: z.string(), ...inSpace }),
    loose({ kind: z.literal('url'), url: z.string() }),
    loose({ kind: z.literal('page'), page: z.string(), ...inSpace }),
    /** An anchor in a page (the current page when `page` is absent). */
    loose({ kind: z.literal('anchor'), anchor: z.string(), page: z.string().optional(), ...inSpace }),
    loose({ kind: z.literal('user'), user: z.string() }),
    loose({ kind: z.literal('collection'), collection: z.string() }),
    loose({ kind: z.literal('space'), space: z.string() }),
    loose({ kind: z.literal('reusable-content'), reusableContent: z.string(), ...inSpace }),
    /** `tag`: the tag's slug. */
    loose({ kind: z.literal('tag'), tag: z.string(), ...inSpace }),
    /** `spec`: the OpenAPI specification's slug. */
    loose({ kind: z.literal('openapi'), spec: z.string() }),
  ],
  loose({ kind: z.string() }),
);
export type ContentReference = z.infer<typeof ContentReferenceSchema>;

/** A reference to a file of the space, as sent (e.g. a template's content references). */
export const FileReferenceInput = strict({ kind: z.literal('file'), file: z.string().min(1) });
