import { z } from 'zod';
import { loose, openEnum, strict } from './schema.js';

/** Roles, from most to least powerful; the contract lists all of them. */
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

/** A rich-text document, as read. */
export const DocumentSchema = loose({
  object: z.literal('document'),
  data: loose({ schemaVersion: z.number().optional() }).optional(),
  nodes: z.array(BlockSchema),
});
export type Document = z.infer<typeof DocumentSchema>;

/** A rich-text document, as sent: it must at least be a document with nodes. */
export const DocumentInput = z.looseObject({
  object: z.literal('document'),
  data: z.looseObject({ schemaVersion: z.number().optional() }).optional(),
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

/** Content references: `file`, `page` and `openapi` are known; other kinds are kept as they come. */
export const ContentReferenceSchema = z.union([
  loose({ kind: z.literal('file'), file: z.string() }),
  loose({ kind: z.literal('page'), page: z.string(), space: z.string().optional() }),
  loose({ kind: z.literal('openapi'), spec: z.string() }),
  loose({ kind: z.string() }),
]);
export type ContentReference = z.infer<typeof ContentReferenceSchema>;

export const FileReferenceInput = strict({ kind: z.literal('file'), file: z.string().min(1) });
