import * as z from 'zod/mini';
import { loose, strict, withFallback } from './schema.js';

export const UserSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /**
     * Always `user` from the service. Both the extract and the document require it; it is read as
     * optional because users embedded by other areas' fixtures come without it (contract notes).
     */
    object: z.optional(z.literal('user')),
    id: z.string(),
    /** Full name. */
    displayName: z.optional(z.string()),
    email: z.optional(z.string()),
    /** URL of the profile picture; absent (or null) when the user has none. */
    photoURL: z.nullable(z.optional(z.string())),
    urls: z.optional(
      loose({
        /** The user in the API. */
        location: z.optional(z.string()),
      }),
    ),
  }),
);
export type User = z.infer<typeof UserSchema>;

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

export const BlockSchema: z.ZodMiniType<Block> = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.string(),
    type: z.optional(z.string()),
    key: z.optional(z.string()),
    isVoid: z.optional(z.boolean()),
    data: z.optional(z.record(z.string(), z.unknown())),
    nodes: z.optional(z.array(BlockSchema)),
  }),
);

/** A rich-text document (the published document's `JSONDocument`), as read. */
export const DocumentSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('document'),
    /** `schemaVersion` (an integer; absent means the latest) and free-form properties. */
    data: z.optional(loose({ schemaVersion: z.optional(z.number()) })),
    /** The top-level blocks. */
    nodes: z.optional(z.array(BlockSchema)),
    /** From the published document: a content token to fetch what the document references. */
    meta: z.optional(loose({ token: z.optional(z.string()) })),
  }),
);
export type Document = z.infer<typeof DocumentSchema>;

/**
 * A rich-text document, as sent. The published document requires `object`, `data` and `nodes`
 * (`data.schemaVersion`, when given, an integer): a document without `data` is sent with an
 * empty one. Blocks are checked by the service.
 */
export const DocumentInput = /* @__PURE__ */ z.lazy(() =>
  z.looseObject({
    object: z.literal('document'),
    data: z._default(z.looseObject({ schemaVersion: z.optional(z.number().check(z.int())) }), {}),
    nodes: z.array(z.looseObject({ object: z.string() })),
  }),
);
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
const inSpace = () => ({ space: z.optional(z.string()) });

/**
 * A content reference. The kinds the published document lists are typed (`file`, `url`, `page`,
 * `anchor`, `user`, `collection`, `space`, `reusable-content`, `tag`, `openapi`); a reference of
 * another kind, or missing its target, is kept as it came.
 */
export const ContentReferenceSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ kind: z.literal('file'), file: z.string(), ...inSpace() }),
      loose({ kind: z.literal('url'), url: z.string() }),
      loose({ kind: z.literal('page'), page: z.string(), ...inSpace() }),
      /** An anchor in a page (the current page when `page` is absent). */
      loose({ kind: z.literal('anchor'), anchor: z.string(), page: z.optional(z.string()), ...inSpace() }),
      loose({ kind: z.literal('user'), user: z.string() }),
      loose({ kind: z.literal('collection'), collection: z.string() }),
      loose({ kind: z.literal('space'), space: z.string() }),
      loose({ kind: z.literal('reusable-content'), reusableContent: z.string(), ...inSpace() }),
      /** `tag`: the tag's slug. */
      loose({ kind: z.literal('tag'), tag: z.string(), ...inSpace() }),
      /** `spec`: the OpenAPI specification's slug. */
      loose({ kind: z.literal('openapi'), spec: z.string() }),
    ],
    loose({ kind: z.string() }),
    'kind',
  ),
);
export type ContentReference = z.infer<typeof ContentReferenceSchema>;

/** A reference to a file of the space, as sent (e.g. a template's content references). */
export const FileReferenceInput = /* @__PURE__ */ z.lazy(() =>
  strict({ kind: z.literal('file'), file: z.string().check(z.minLength(1)) }),
);
