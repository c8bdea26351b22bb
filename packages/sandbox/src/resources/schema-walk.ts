/*
 * Reading the contract's zod/mini schemas as data: which fields an answer has, which of them are
 * required, which are fixed by a literal. The resource engine uses it to tell what a create's
 * answer needs beyond what the caller sent (the fields the service fills).
 */

/** What the engine reads of a zod/mini schema's definition. */
interface Def {
  type: string;
  getter?: () => Walkable;
  shape?: Record<string, Walkable>;
  innerType?: Walkable;
  element?: Walkable;
  values?: unknown[];
  options?: Walkable[];
  in?: Walkable;
  out?: Walkable;
}

export interface Walkable {
  _zod: { def: Def };
  safeParse(value: unknown): { success: boolean };
}

/** The schema under lazies and pipes. */
export function resolve(schema: Walkable): Walkable {
  let current = schema;
  for (let depth = 0; depth < 32; depth++) {
    const def = current._zod.def;
    if (def.type === 'lazy' && def.getter) current = def.getter();
    // A pipe from `unknown` is a gate in front of the schema (the SDK's union options): its output side.
    else if (def.type === 'pipe' && def.in?._zod.def.type === 'unknown' && def.out) current = def.out;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
  return current;
}

export function kindOf(schema: Walkable): string {
  return resolve(schema)._zod.def.type;
}

/** Whether a field may be left out (optional, or with a default). */
export function isOptional(schema: Walkable): boolean {
  const type = resolve(schema)._zod.def.type;
  return type === 'optional' || type === 'default';
}

/** The schema under optional, nullable and default wrappers. */
export function unwrap(schema: Walkable): Walkable {
  let current = resolve(schema);
  for (let depth = 0; depth < 8; depth++) {
    const def = current._zod.def;
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType)
      current = resolve(def.innerType);
    else return current;
  }
  return current;
}

export function isNullable(schema: Walkable): boolean {
  let current = resolve(schema);
  for (let depth = 0; depth < 8; depth++) {
    const def = current._zod.def;
    if (def.type === 'nullable') return true;
    if ((def.type === 'optional' || def.type === 'default') && def.innerType)
      current = resolve(def.innerType);
    else return false;
  }
  return false;
}

export function shapeOf(schema: Walkable): Record<string, Walkable> | undefined {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'object' ? inner._zod.def.shape : undefined;
}

export function variantsOf(schema: Walkable): Walkable[] | undefined {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'union' ? inner._zod.def.options : undefined;
}

export function literalOf(schema: Walkable): unknown {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'literal' ? inner._zod.def.values?.[0] : undefined;
}

export function elementOf(schema: Walkable): Walkable | undefined {
  const inner = unwrap(schema);
  return inner._zod.def.type === 'array' ? inner._zod.def.element : undefined;
}

/** The fields of an object schema (of a union's, those of every variant). */
export function fieldNames(schema: Walkable): string[] {
  const shape = shapeOf(schema);
  if (shape) return Object.keys(shape);
  const variants = variantsOf(schema);
  return variants ? [...new Set(variants.flatMap(fieldNames))] : [];
}
