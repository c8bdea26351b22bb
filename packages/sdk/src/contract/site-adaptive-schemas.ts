import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { loose, strict } from './schema.js';
import { SITES_AREA, SITE_PATH } from './sites.js';

/** The visitor schema: a JSON Schema object, kept as sent. */
const JsonSchemaObject = /* @__PURE__ */ z.lazy(() => z.record(z.string(), z.unknown()));

export const SiteAdaptiveSchemaSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('site-adaptive-schema'),
    jsonSchema: JsonSchemaObject,
    updatedAt: z.optional(z.string()),
  }),
);
export type SiteAdaptiveSchema = z.infer<typeof SiteAdaptiveSchemaSchema>;

export const TemplateConditionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ description: z.string(), condition: z.string() }),
);
export type TemplateCondition = z.infer<typeof TemplateConditionSchema>;

/** The description the published document requires of the visitor schema's `unsigned` claims. */
export const UNSIGNED_CLAIMS_DESCRIPTION = 'Unsigned claims of the site visitor.';

/** A claim of the visitor schema, as the published document allows them: primitives with a description. */
const ClaimPrimitive = /* @__PURE__ */ z.lazy(() =>
  z.union([
    strict({ type: z.literal('boolean'), description: z.string() }),
    strict({ type: z.literal('string'), enum: z.array(z.string()), description: z.string() }),
    strict({ type: z.literal('string'), description: z.string() }),
    strict({ type: z.literal('number'), description: z.string() }),
  ]),
);

type Claim =
  | z.input<typeof ClaimPrimitive>
  | { type: 'array'; description: string; items: z.input<typeof ClaimPrimitive> }
  | { type: 'object'; description: string; properties: Record<string, Claim>; additionalProperties: false };

const Claim: z.ZodMiniType<Claim, Claim> = /* @__PURE__ */ z.lazy(() =>
  z.union([
    ClaimPrimitive,
    strict({ type: z.literal('array'), description: z.string(), items: ClaimPrimitive }),
    strict({
      type: z.literal('object'),
      description: z.string(),
      properties: z.record(z.string(), Claim),
      additionalProperties: z.literal(false),
    }),
  ]),
);

/**
 * The visitor schema, checked against the published document's stricter form: an object schema
 * with `additionalProperties: false`, whose claims each have a `type` and a `description`;
 * `unsigned` holds the claims visitors may set without signing them.
 */
export const AdaptiveSchemaBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    jsonSchema: strict({
      $schema: z.optional(z.literal('http://json-schema.org/draft-07/schema#')),
      type: z.literal('object'),
      properties: z.catchall(
        z.object({
          unsigned: z.optional(
            strict({
              type: z.literal('object'),
              /** The document fixes this text. */
              description: z.literal(UNSIGNED_CLAIMS_DESCRIPTION),
              properties: z.record(z.string(), Claim),
              additionalProperties: z.literal(false),
            }),
          ),
        }),
        Claim,
      ),
      additionalProperties: z.literal(false),
    }),
  }),
);
export type AdaptiveSchemaBody = z.input<typeof AdaptiveSchemaBody>;

export const getSiteAdaptiveSchema = /* @__PURE__ */ defineOperation({
  id: 'sites.adaptiveSchema.get',
  area: SITES_AREA,
  summary: "Get a site's adaptive-content visitor schema",
  method: 'GET',
  idempotent: true,
  path: `${SITE_PATH}/adaptive-schema`,
  status: 200,
  response: SiteAdaptiveSchemaSchema,
});

export const updateSiteAdaptiveSchema = /* @__PURE__ */ defineOperation({
  id: 'sites.adaptiveSchema.update',
  area: SITES_AREA,
  summary: "Replace a site's adaptive-content visitor schema",
  method: 'PUT',
  idempotent: true,
  path: `${SITE_PATH}/adaptive-schema`,
  body: AdaptiveSchemaBody,
  status: 200,
  response: SiteAdaptiveSchemaSchema,
});

export const listSiteTemplateConditions = /* @__PURE__ */ defineOperation({
  id: 'sites.adaptiveSchema.templateConditions',
  area: SITES_AREA,
  summary: 'List the template conditions usable with the adaptive schema',
  method: 'GET',
  idempotent: true,
  path: `${SITE_PATH}/adaptive-schema/template-conditions`,
  status: 200,
  response: () => loose({ items: z.array(TemplateConditionSchema) }),
});
