/**
 * Checking without copying, for answers and for a caller's queries and bodies. zod's parse builds
 * a new object for every object it reads; for a value that fits (nearly all of them) that copy is
 * pure cost: the contract's schemas transform nothing, and response schemas keep unknown fields.
 * `conformer(schema)` compiles a schema once into a check that walks the value in place and says
 * whether zod would accept it and return an equal value. When it says yes, the SDK uses the value
 * as it is (an answer as parsed, a query or body as given); when it says no (or meets a schema it
 * does not model), the SDK asks zod itself, which decides and, on a failure, gives the issues.
 *
 * So the check must never accept what zod refuses or would change: each rule below is zod's own
 * for that schema type or check (integers, bounds, lengths), and any other check, a format,
 * transforms, defaults or a type not listed is left to zod (a leaf is accepted only if zod
 * returns it unchanged); conforms.test.ts holds it to zod over the whole contract. Object checks are generated
 * as code where the runtime allows it (`new Function`, like zod's own fast path), so that each
 * field is read by name; elsewhere (a strict Content-Security-Policy) they are interpreted.
 */

/** The parts of a zod schema's definition the check reads (zod 4 core, classic or mini). */
interface Def {
  type: string;
  /** Set on a format schema (`z.url()`, `z.int()`): the check it is. */
  check?: string;
  format?: string;
  checks?: unknown[];
  innerType?: Schema;
  element?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

export interface Schema {
  _zod: { def: Def; innerType?: Schema };
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

type Check = (value: unknown) => boolean;

const compiled = new WeakMap<Schema, Check>();

/** Whether the runtime lets us compile checks to code (not under a strict CSP). */
let codegen: boolean | undefined;
function canGenerate(): boolean {
  if (codegen === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a probe, as zod's own `allowsEval`
      codegen = (new Function('return true') as () => unknown)() === true;
    } catch {
      codegen = false;
    }
  }
  return codegen;
}

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/**
 * zod's test for an object, plus one of ours: an own `__proto__` key (JSON.parse makes one)
 * would come out of zod's copy as a prototype, not a field, so such an object is left to zod.
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !hasOwn(value, '__proto__');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A leaf zod alone can judge: accepted only when zod accepts it and returns it unchanged. */
function byZod(schema: Schema): Check {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success && result.data === value;
  };
}

/**
 * The in-place check for `schema`: true only if zod would accept `value` and return a value
 * equal to it. False means "ask zod", not necessarily "invalid".
 */
export function conformer(schema: Schema): Check {
  const known = compiled.get(schema);
  if (known) return known;
  // Recursive schemas (through z.lazy) reach themselves: a forwarder stands in while building.
  const slot: { check?: Check } = {};
  compiled.set(schema, (value) => slot.check!(value));
  const check = build(schema);
  slot.check = check;
  compiled.set(schema, check);
  return check;
}

function build(schema: Schema): Check {
  const def = schema._zod.def;
  if (def.checks?.length || def.check) {
    const rules = checksOf(def);
    const base = rules && buildType(schema);
    return rules && base ? (value) => base(value) && rules(value) : byZod(schema);
  }
  return buildType(schema);
}

interface CheckDef {
  check?: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

/**
 * zod's own rule for each check the contract puts on a number, a string or an array (an integer,
 * a bound, a length); undefined when one of them is any other check (zod then decides alone).
 */
function checksOf(def: Def): Check | undefined {
  const rules: Check[] = [];
  const number = def.type === 'number';
  const lengthy = def.type === 'string' || def.type === 'array';
  // A format schema (z.url(), z.int(), z.iso.datetime()) is a check itself: its own first.
  const own: CheckDef[] = def.check ? [def] : [];
  const listed = (def.checks ?? []).map((check) => (check as { _zod?: { def?: CheckDef } })._zod?.def ?? {});
  for (const rule of [...own, ...listed]) {
    const bound = rule.value;
    if (rule.check === 'number_format' && number && rule.format === 'safeint') {
      rules.push((value) => Number.isSafeInteger(value));
    } else if (rule.check === 'greater_than' && number && typeof bound === 'number') {
      rules.push(
        rule.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound,
      );
    } else if (rule.check === 'less_than' && number && typeof bound === 'number') {
      rules.push(
        rule.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound,
      );
    } else if (rule.check === 'min_length' && lengthy && typeof rule.minimum === 'number') {
      const minimum = rule.minimum;
      rules.push((value) => (value as { length: number }).length >= minimum);
    } else if (rule.check === 'max_length' && lengthy && typeof rule.maximum === 'number') {
      const maximum = rule.maximum;
      rules.push((value) => (value as { length: number }).length <= maximum);
    } else {
      return undefined;
    }
  }
  return (value) => rules.every((rule) => rule(value));
}

/** The check of the schema's type, its checks aside (zod itself for a type not modelled here). */
function buildType(schema: Schema): Check {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal': {
      const values = new Set(def.values);
      return (value) => values.has(value);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (value) => values.has(value);
    }
    case 'optional': {
      const inner = conformer(def.innerType!);
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = conformer(def.innerType!);
      return (value) => value === null || inner(value);
    }
    case 'lazy':
      // zod builds a lazy schema's inner schema once and keeps it here.
      return conformer(schema._zod.innerType!);
    case 'array': {
      const element = conformer(def.element!);
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let index = 0; index < value.length; index++) if (!element(value[index])) return false;
        return true;
      };
    }
    case 'union': {
      // zod returns the first option that accepts the value; every option here returns its
      // input unchanged, so any option that accepts it gives the same answer.
      const options = def.options!.map(conformer);
      return (value) => options.some((option) => option(value));
    }
    case 'record': {
      const keyDef = def.keyType?._zod.def;
      if (keyDef?.type !== 'string' || keyDef.checks?.length) return byZod(schema);
      const item = conformer(def.valueType!);
      return (value) => {
        if (!isPlainObject(value) || hasOwn(value, '__proto__')) return false;
        for (const key of Object.keys(value)) if (!item(value[key])) return false;
        return true;
      };
    }
    case 'object':
      return objectCheck(def);
    default:
      return byZod(schema);
  }
}

/** An object: each field of the shape by its rule, then what is left by the catchall's. */
function objectCheck(def: Def): Check {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const fields = keys.map((key) => conformer(shape[key]!));
  const catchallType = def.catchall?._zod.def.type;
  // Loose objects keep unknown fields as they are; strict ones refuse them; plain ones would drop
  // them (a change: zod decides then).
  const rest: 'keep' | 'refuse' | 'none' =
    catchallType === 'unknown' || catchallType === 'any'
      ? 'keep'
      : catchallType === undefined || catchallType === 'never'
        ? 'none'
        : 'refuse';
  if (rest === 'refuse') {
    // A typed catchall: check it (rare in responses).
    const extra = conformer(def.catchall!);
    const known = new Set(keys);
    const fieldsCheck = objectFields(keys, fields);
    return (value) => {
      if (!fieldsCheck(value)) return false;
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) if (!known.has(key) && !extra(record[key])) return false;
      return true;
    };
  }
  const fieldsCheck = objectFields(keys, fields);
  if (rest === 'keep') return fieldsCheck;
  const known = new Set(keys);
  return (value) => fieldsCheck(value) && Object.keys(value as object).every((key) => known.has(key));
}

function objectFields(keys: string[], fields: Check[]): Check {
  if (canGenerate() && keys.length > 0) {
    try {
      const lines = keys.map((key, index) => `if (!f[${index}](v[${JSON.stringify(key)}])) return false;`);
      // Generated from the schema's own field names (JSON-quoted), never from data.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const make = new Function(
        'f',
        'isObject',
        `return function conforms(v) {\nif (!isObject(v)) return false;\n${lines.join('\n')}\nreturn true;\n};`,
      ) as (f: Check[], isObject: (value: unknown) => boolean) => Check;
      return make(fields, isObject);
    } catch {
      codegen = false;
    }
  }
  const count = keys.length;
  return (value) => {
    if (!isObject(value)) return false;
    for (let index = 0; index < count; index++) if (!fields[index]!(value[keys[index]!])) return false;
    return true;
  };
}
