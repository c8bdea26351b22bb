import { z } from 'zod';
import { defineOperation } from './operation.js';
import { loose, openEnum, strict } from './schema.js';

const AREA = 'Imports';

/**
 * Run statuses. The contract shows only `pending`; `running`, `completed`, `cancelled` and
 * `failed` are the names the SDK types as known (the sandbox uses `pending`, `completed` and
 * `cancelled`); any other string is accepted.
 */
export const IMPORT_RUN_STATUSES = ['pending', 'running', 'completed', 'cancelled', 'failed'] as const;

/** Page statuses: the contract shows only `complete`. */
export const IMPORT_PAGE_STATUSES = ['pending', 'complete', 'cancelled', 'failed'] as const;

export const ImportRunSchema = loose({
  /** Not named by the contract: the sandbox sends `import-run`. */
  object: z.string().optional(),
  id: z.string(),
  startedAt: z.string().optional(),
  completedAt: z.string().optional().nullable(),
  status: openEnum(IMPORT_RUN_STATUSES),
  pages: z
    .array(
      loose({
        id: z.string(),
        sourceURL: z.string().optional(),
        type: openEnum(['page']).optional(),
        status: openEnum(IMPORT_PAGE_STATUSES).optional(),
      }),
    )
    .optional(),
});
export type ImportRun = z.infer<typeof ImportRunSchema>;

export const ImportStartBody = strict({
  /** What to import: a website, from its URL. */
  source: strict({
    type: z.literal('website'),
    url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }),
  }),
  /** Where to import: a space, optionally through a change request, under a page. */
  target: strict({
    space: z.string().min(1),
    changeRequest: z.string().min(1).optional(),
    page: z.string().min(1).optional(),
  }).optional(),
  /** Enhance the imported content with AI; the server's default is true. */
  enhance: z.boolean().optional(),
});
export type ImportStartBody = z.input<typeof ImportStartBody>;

const IMPORTS = '/v1/org/{organizationId}/imports' as const;

export const startImport = defineOperation({
  id: 'imports.start',
  area: AREA,
  summary: 'Start importing a website into a space',
  method: 'POST',
  idempotent: false,
  // `org`, singular, as in the contract.
  path: IMPORTS,
  body: ImportStartBody,
  // The code is not shown; 201, as for the other creations.
  status: 201,
  response: ImportRunSchema,
});

export const cancelImport = defineOperation({
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
