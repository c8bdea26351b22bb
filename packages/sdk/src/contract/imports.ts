import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { loose, openEnum, strict, withFallback } from './schema.js';

const AREA = 'Imports';

/**
 * Run statuses, from the published document (the extract shows only `pending`): `pending`,
 * `in-progress`, `completed`, `failed` (see `reason`) and `cancelled`. Any other string is
 * accepted when read.
 */
export const IMPORT_RUN_STATUSES = ['pending', 'in-progress', 'completed', 'failed', 'cancelled'] as const;

/** Statuses of a run still under way: only these can be cancelled. */
export const IMPORT_RUN_ACTIVE_STATUSES: readonly string[] = ['pending', 'in-progress'];

/** Page statuses, from the published document (the extract shows only `complete`). */
export const IMPORT_PAGE_STATUSES = ['pending', 'complete'] as const;

/** Page types, from the published document (the extract shows only `page`). */
export const IMPORT_PAGE_TYPES = ['page', 'folder'] as const;

/**
 * What is imported: a website from its `url`, or uploaded files by their keys (published
 * document only). Other forms are kept as they come.
 */
export const ImportSourceSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ type: z.literal('website'), url: z.optional(z.string()) }),
      loose({ type: z.literal('file'), files: z.optional(z.array(z.string())) }),
    ],
    loose({ type: z.string() }),
    'type',
  ),
);
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const ImportRunSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** `import-run`. */
    object: z.optional(openEnum(['import-run'])),
    id: z.string(),
    /** When the import was asked for (published document only). */
    createdAt: z.optional(z.string()),
    startedAt: z.optional(z.string()),
    /** Set once the run is `completed`. */
    completedAt: z.nullable(z.optional(z.string())),
    /** When the run last changed (published document only). */
    updatedAt: z.optional(z.string()),
    /** `pending`, `in-progress`, `completed`, `failed` or `cancelled`. */
    status: z.optional(openEnum(IMPORT_RUN_STATUSES)),
    /** Why the run failed, when its status is `failed` (published document only). */
    reason: z.optional(z.string()),
    /** Where the content comes from (published document only). */
    source: z.optional(ImportSourceSchema),
    /** Where the content goes (published document only). */
    target: z.optional(
      loose({
        space: z.optional(z.string()),
        changeRequest: z.optional(z.string()),
        page: z.optional(z.string()),
      }),
    ),
    /** The site the target space belongs to, when it belongs to exactly one (published document only). */
    site: z.optional(z.string()),
    /** Id of the user who started the import (published document only). */
    createdBy: z.optional(z.string()),
    /** `location`: the run in the API (published document only). */
    urls: z.optional(loose({ location: z.optional(z.string()) })),
    pages: z.optional(
      z.array(
        loose({
          id: z.string(),
          /** Where the page was imported from. */
          sourceURL: z.optional(z.string()),
          /** `page` or `folder`. */
          type: z.optional(openEnum(IMPORT_PAGE_TYPES)),
          /** `pending` or `complete`. */
          status: z.optional(openEnum(IMPORT_PAGE_STATUSES)),
        }),
      ),
    ),
  }),
);
export type ImportRun = z.infer<typeof ImportRunSchema>;

/** A URL as the document allows them: http(s), at most 2 048 characters. */
const UrlInput = /* @__PURE__ */ z.lazy(() =>
  z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).check(z.maxLength(2048)),
);

export const ImportStartBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /**
     * What to import: a website from its URL, or (from the published API document) uploaded
     * files by their keys, at most 50.
     */
    source: z.discriminatedUnion('type', [
      strict({ type: z.literal('website'), url: UrlInput }),
      strict({
        type: z.literal('file'),
        files: z.array(z.string().check(z.minLength(1))).check(z.maxLength(50)),
      }),
    ]),
    /**
     * Where to import: a space, optionally through a change request, under a page. Required by
     * the published document (the extract marks it optional).
     */
    target: strict({
      space: z.string().check(z.minLength(1)),
      changeRequest: z.optional(z.string().check(z.minLength(1))),
      page: z.optional(z.string().check(z.minLength(1))),
    }),
    /**
     * From the published API document: the site the import is for, to list it among that site's
     * imports. Only needed when the target space is not on the site yet.
     */
    site: z.optional(z.string().check(z.minLength(1))),
    /** Enhance the imported content with AI; the server's default is true. */
    enhance: z.optional(z.boolean()),
  }),
);
export type ImportStartBody = z.input<typeof ImportStartBody>;

const IMPORTS = '/v1/org/{organizationId}/imports' as const;

export const startImport = /* @__PURE__ */ defineOperation({
  id: 'imports.start',
  area: AREA,
  summary: 'Start importing a website into a space',
  method: 'POST',
  idempotent: false,
  // `org`, singular, as in the contract.
  path: IMPORTS,
  body: ImportStartBody,
  // 201 in the published document.
  status: 201,
  response: ImportRunSchema,
});

export const cancelImport = /* @__PURE__ */ defineOperation({
  id: 'imports.cancel',
  area: AREA,
  summary: 'Cancel an import run',
  method: 'POST',
  idempotent: false,
  path: `${IMPORTS}/{importRunId}/cancel`,
  status: 200,
  response: ImportRunSchema,
});

export const importOperations = [startImport, cancelImport] as const;
