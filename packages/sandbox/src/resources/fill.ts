import { SandboxError } from '../errors.js';
import {
  elementOf,
  isNullable,
  isOptional,
  kindOf,
  literalOf,
  shapeOf,
  unwrap,
  variantsOf,
  type Walkable,
} from './schema-walk.js';

/*
 * What the service adds to what a caller sent: the fields of the answer's schema the request
 * lacks. Each is filled from what the sandbox itself produces (a new id, its clock, its own host,
 * the acting user), from a literal the schema fixes, or as "none yet" (an empty list, null);
 * anything else is named in service-fills.ts with its reason, or the create answers a 500
 * saying which field the sandbox cannot know: never a made-up value.
 */

export interface FillContext {
  /** The new object's id. */
  id: string;
  now: string;
  /** The API URL of the object (`urls.location`). */
  location: string;
  /** The sandbox's app URL of the object (`urls.app`). */
  app: string;
  actor: { id: string; view: Record<string, unknown> };
  /** Fields named by the family's exceptions (service-fills.ts), by name. */
  fills: Record<string, unknown>;
  /** Field paths the sandbox could not fill (a required field it cannot know). */
  missing: string[];
}

const ACTOR_FIELDS = new Set(['createdBy', 'author', 'owner', 'updatedBy', 'postedBy']);

/** `sent` with what the service fills, following `schema` (the answer's). */
export function fill(schema: Walkable, sent: unknown, context: FillContext, path = ''): unknown {
  const variants = variantsOf(schema);
  if (variants) return fillUnion(variants, sent, context, path);
  const shape = shapeOf(schema);
  if (!shape) return sent;
  if (sent !== undefined && (typeof sent !== 'object' || sent === null || Array.isArray(sent))) return sent;
  const given = (sent ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...given };
  for (const [key, field] of Object.entries(shape)) {
    const here = path ? `${path}.${key}` : key;
    if (given[key] !== undefined) {
      result[key] = fill(field, given[key], context, here);
      continue;
    }
    const value = filled(key, field, context, here);
    if (value !== undefined) result[key] = value;
    else if (!isOptional(field)) context.missing.push(here);
  }
  return result;
}

/** The value the service gives a field the caller did not send; undefined when it has none. */
function filled(key: string, field: Walkable, context: FillContext, path: string): unknown {
  if (path in context.fills) return context.fills[path];
  const literal = literalOf(field);
  if (literal !== undefined) return literal;
  const kind = kindOf(unwrap(field));
  if (key === 'id' && kind === 'string') return context.id;
  if (/At$/.test(key) && kind === 'string') return context.now;
  if (key === 'urls' && shapeOf(field)) {
    const urls: Record<string, string> = {};
    const shape = shapeOf(field) ?? {};
    if ('location' in shape) urls.location = context.location;
    if ('app' in shape) urls.app = context.app;
    return urls;
  }
  if (ACTOR_FIELDS.has(key)) return kind === 'string' ? context.actor.id : context.actor.view;
  // An object the exceptions fill a field of (`permissions.edit`).
  if (shapeOf(field) && Object.keys(context.fills).some((name) => name.startsWith(`${path}.`)))
    return fill(field, {}, context, path);
  if (isOptional(field)) return undefined;
  // Required, and nothing yet: an empty list, none, or an object of optional fields.
  if (elementOf(field)) return [];
  if (kind === 'record') return {};
  if (isNullable(field)) return null;
  if (shapeOf(field)) {
    const before = context.missing.length;
    const value = fill(field, {}, context, path);
    return context.missing.length === before ? value : undefined;
  }
  return undefined;
}

/**
 * Of a union (a discriminated answer), the variant the sent object's literal fields name; then
 * the variant that needs nothing the sandbox cannot fill. A catch-all variant (no literal) comes
 * last, so that `{ type: 'builtin:slack' }` is answered as the Slack channel it is.
 */
function fillUnion(variants: Walkable[], sent: unknown, context: FillContext, path: string): unknown {
  const given = (sent ?? {}) as Record<string, unknown>;
  const scored = variants
    .map((variant, index) => {
      const shape = shapeOf(variant);
      if (!shape) return { variant, index, score: -1 };
      let score = 0;
      for (const [key, field] of Object.entries(shape)) {
        const literal = literalOf(field);
        if (literal === undefined) continue;
        if (given[key] === undefined) continue;
        if (given[key] !== literal) return { variant, index, score: -2 };
        score += 1;
      }
      return { variant, index, score };
    })
    .filter((entry) => entry.score >= -1)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const { variant } of scored) {
    const trial: FillContext = { ...context, missing: [] };
    const value = fill(variant, sent, trial, path);
    if (trial.missing.length === 0 && variant.safeParse(value).success) return value;
  }
  const first = scored[0];
  if (!first) return sent;
  return fill(first.variant, sent, context, path);
}

/** The 500 a create answers when the answer needs a field the sandbox cannot know. */
export function cannotFill(operationId: string, missing: readonly string[]): SandboxError {
  return new SandboxError(
    500,
    `The sandbox cannot answer ${operationId}: the service fills ${missing.join(', ')}, which the sandbox does not know (see docs/sandbox.md)`,
  );
}
