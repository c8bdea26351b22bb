// Turns the document's JSON Schemas into zod/mini code and TypeScript declarations, by the
// project's two rules: answers are read tolerantly (unknown fields kept, enums open, unions with a
// fallback, limits not enforced), requests are checked strictly (unknown keys refused, closed
// enums, every limit and pattern of the document).
//
// A schema is read in one of two modes: `read` (an answer, an event) or `write` (a body, a query,
// a path parameter). A named component used both ways gets two forms: `X` to read and
// `XParam` to write (Stainless's naming); a component used one way only keeps its name.

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

export class SchemaCode {
  constructor(document) {
    this.document = document;
    this.schemas = document.components.schemas;
    /** Component name -> Set of modes it is used in. */
    this.usage = new Map();
    /** Schema constant name (`SiteSchema`, `SiteParamSchema`) -> its component and mode. */
    this.forms = new Map();
    /**
     * Component -> its properties that discriminate a union it is a variant of: their enums are
     * closed (see closedVariants). Found by a first pass over every schema (emit.mjs).
     */
    this.closedKeys = new Map();
    this.patched = new Map();
    this.flattenCache = new Map();
  }

  /** The component a `$ref` names, or undefined. */
  refName(schema) {
    const match = /^#\/components\/schemas\/(.+)$/.exec(schema?.$ref ?? '');
    return match ? match[1] : undefined;
  }

  component(name) {
    const schema = this.schemas[name];
    if (!schema) throw new Error(`unknown schema ${name}`);
    const closed = this.closedKeys.get(name);
    if (!closed) return schema;
    let patched = this.patched.get(name);
    if (!patched || patched.size !== closed.size) {
      const flat = this.flatten(schema);
      const properties = { ...flat.properties };
      for (const key of closed) properties[key] = { ...this.deref(properties[key]), 'x-closed': true };
      patched = { schema: { ...flat, properties }, size: closed.size };
      this.patched.set(name, patched);
    }
    return patched.schema;
  }

  /**
   * Whether a component is written inline where it is used rather than as a named schema: a
   * scalar, an enum, or a list of those (no object inside), so that an app's bundle carries no
   * module for `SiteTitle` or `MemberRole`. Its TypeScript type keeps the name.
   */
  isInline(name) {
    const schema = this.component(name);
    return this.#scalarOnly(schema, new Set([name]));
  }

  #scalarOnly(schema, seen) {
    if (!schema || typeof schema !== 'object') return true;
    const ref = this.refName(schema);
    if (ref) {
      if (seen.has(ref)) return false;
      seen.add(ref);
      return this.#scalarOnly(this.component(ref), seen);
    }
    if (schema.properties || schema.additionalProperties || schema.discriminator) return false;
    const types = [schema.type].flat().filter(Boolean);
    if (types.includes('object')) return false;
    if (types.includes('array')) return this.#scalarOnly(schema.items, seen);
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      if (schema[key] && !schema[key].every((part) => this.#scalarOnly(part, seen))) return false;
    }
    if (
      !types.length &&
      !schema.enum &&
      schema.const === undefined &&
      !schema.oneOf &&
      !schema.anyOf &&
      !schema.allOf
    ) {
      return false; // `{}`: any value, often an object
    }
    return true;
  }

  // --- usage --------------------------------------------------------------------------------

  /** Records that `schema` (and every component it reaches) is used in `mode`. */
  markUsage(schema, mode) {
    const visit = (node) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const ref = this.refName(node);
      if (ref) {
        const modes = this.usage.get(ref) ?? new Set();
        if (modes.has(mode)) return;
        modes.add(mode);
        this.usage.set(ref, modes);
        visit(this.component(ref));
      }
      for (const [key, value] of Object.entries(node)) {
        if (
          key === '$ref' ||
          key === 'example' ||
          key === 'examples' ||
          key === 'default' ||
          key === 'const' ||
          key === 'enum'
        )
          continue;
        if (key === 'properties' || key === 'patternProperties') Object.values(value).forEach(visit);
        else if (typeof value === 'object') visit(value);
      }
    };
    visit(schema);
  }

  /** The name of a component's form in `mode`. */
  formName(name, mode) {
    const modes = this.usage.get(name);
    if (mode === 'write' && modes?.has('read')) return `${name}Param`;
    return name;
  }

  // --- structure ----------------------------------------------------------------------------

  deref(schema) {
    let current = schema;
    for (let depth = 0; depth < 20; depth++) {
      const ref = this.refName(current);
      if (!ref) return current;
      current = this.component(ref);
    }
    return current;
  }

  /**
   * An `allOf` merged into one object (properties and `required` of every part), the way the
   * document uses it: a base object extended, or the list envelope with its items.
   */
  flatten(schema) {
    if (!schema?.allOf) return schema;
    if (this.flattenCache.has(schema)) return this.flattenCache.get(schema);
    const parts = schema.allOf.map((part) => this.flatten(this.deref(part)));
    const rest = { ...schema };
    delete rest.allOf;
    if (parts.length === 1 && !rest.properties) {
      const single = { ...parts[0], ...rest };
      this.flattenCache.set(schema, single);
      return single;
    }
    const merged = { type: 'object', properties: {}, required: [] };
    for (const part of [...parts, rest]) {
      // A field defined by several parts (a base's `$ref`, and a limit beside it) is all of them.
      for (const [name, property] of Object.entries(part.properties ?? {})) {
        const earlier = merged.properties[name];
        merged.properties[name] =
          earlier && property && typeof earlier === 'object' && typeof property === 'object'
            ? { ...earlier, ...property }
            : property;
      }
      if (part.required) merged.required.push(...part.required);
      if (part['x-relaxed']) merged['x-relaxed'] = [...(merged['x-relaxed'] ?? []), ...part['x-relaxed']];
      if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
      if (part.description && !merged.description) merged.description = part.description;
      if (part.oneOf || part.anyOf || part.variants)
        merged.variants = part.oneOf ?? part.anyOf ?? part.variants;
      if (part.discriminator) merged.discriminator = part.discriminator;
    }
    merged.required = [...new Set(merged.required)];
    if (rest.description) merged.description = rest.description;
    this.flattenCache.set(schema, merged);
    return merged;
  }

  /** `oneOf`/`anyOf` without its `null` branch, and whether it had one. */
  variantsOf(schema) {
    const all = schema.oneOf ?? schema.anyOf;
    const variants = all.filter(
      (part) => !(part.type === 'null' || (part.enum && part.enum.length === 1 && part.enum[0] === null)),
    );
    return { variants, nullable: variants.length !== all.length };
  }

  /** Whether a schema accepts null (`type: [.., 'null']`, `nullable`, `enum` with null). */
  isNullable(schema) {
    return (
      [schema.type].flat().includes('null') ||
      schema.nullable === true ||
      (Array.isArray(schema.enum) && schema.enum.includes(null))
    );
  }

  /** The object form of a variant (through `$ref` and `allOf`), or undefined if not an object. */
  objectOf(schema) {
    const resolved = this.flatten(this.deref(schema));
    if (!resolved) return undefined;
    const types = [resolved.type].flat();
    if (resolved.properties || types.includes('object')) return resolved;
    return undefined;
  }

  /**
   * The property that tells a union's variants apart: the document's `discriminator`, or else a
   * property every variant requires with one literal value each.
   */
  discriminantOf(schema, variants) {
    return this.discriminant(schema, variants)?.key;
  }

  /**
   * The discriminant of a union: its key and each variant's values. The document's
   * `discriminator` names it, or else a property that every variant requires with literal values
   * of its own (`const`, or an `enum` none of the other variants shares).
   */
  discriminant(schema, variants) {
    const objects = variants.map((variant) => this.objectOf(variant));
    if (objects.some((object) => !object?.properties)) return undefined;
    const valuesOf = (object, key) => {
      const property = object.properties[key] && this.deref(object.properties[key]);
      if (!property || !(object.required ?? []).includes(key)) return undefined;
      if (property.const !== undefined) return [property.const];
      if (Array.isArray(property.enum) && property.enum.length) return property.enum;
      return undefined;
    };
    const candidates = schema.discriminator?.propertyName
      ? [schema.discriminator.propertyName]
      : Object.keys(objects[0].properties);
    for (const key of candidates) {
      const values = objects.map((object) => valuesOf(object, key));
      if (values.some((list) => !list)) continue;
      const all = values.flat();
      if (new Set(all).size === all.length) return { key, values };
    }
    return undefined;
  }

  /**
   * A union's variants with their discriminant closed: in an answer, an enum is open, but a
   * variant must take only its own values, so that a value of a variant not known yet goes to the
   * fallback and comparing the discriminant narrows the type.
   */
  closedVariants(parts, discriminant) {
    return parts.map((part, index) => {
      const name = this.refName(part);
      if (name) {
        // A named variant keeps its name; its own definition closes the property.
        const keys = this.closedKeys.get(name) ?? new Set();
        keys.add(discriminant.key);
        this.closedKeys.set(name, keys);
        return part;
      }
      const object = this.objectOf(part);
      return {
        ...object,
        properties: {
          ...object.properties,
          [discriminant.key]: { enum: discriminant.values[index], 'x-closed': true },
        },
      };
    });
  }
}

// --- zod code -------------------------------------------------------------------------------

const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'title',
  'deprecated',
  'example',
  'examples',
  'default',
  'nullable',
  'readOnly',
  'inDocument',
]);

/** The keywords beside a `$ref` that constrain the value (the overlay's limits), if any. */
function refSiblings(schema) {
  const entries = Object.entries(schema).filter(([name]) => !ANNOTATIONS.has(name));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const quote = (value) => JSON.stringify(value);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/**
 * zod/mini code for `schema` in `mode`. `refs` collects the named components it uses (their
 * `<form>Schema` constants), for the module's imports.
 */
export function zodCode(code, schema, mode, refs, depth = 0, relaxed = false) {
  if (depth > 60) throw new Error('schema nested too deep');
  if (schema === true || schema === undefined || schema === null) return 'z.unknown()';
  if (schema === false) return 'z.never()';
  const ref = code.refName(schema);
  if (ref) {
    const siblings = refSiblings(schema);
    if (siblings && code.isInline(ref)) {
      // A reference with limits of its own beside it (the overlay's stricter limits): both apply.
      return zodCode(code, { ...code.component(ref), ...siblings }, mode, refs, depth + 1, relaxed);
    }
    if (code.isInline(ref)) {
      const inner = zodCode(code, code.component(ref), mode, refs, depth + 1);
      return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))
        ? `z.nullable(${inner})`
        : inner;
    }
    const form = `${code.formName(ref, mode)}Schema`;
    code.forms.set(form, { component: ref, mode });
    refs.add(form);
    return schema.nullable ? `z.nullable(${form})` : form;
  }
  if (schema.allOf) {
    const flat = code.flatten(schema);
    if (flat !== schema) return zodCode(code, flat, mode, refs, depth + 1, relaxed);
  }
  const nullable = code.isNullable(schema);
  const wrap = (inner) => (nullable ? `z.nullable(${inner})` : inner);

  if (schema.oneOf || schema.anyOf || schema.variants) {
    const source = schema.variants ? { oneOf: schema.variants, discriminator: schema.discriminator } : schema;
    const { variants, nullable: withNull } = code.variantsOf(source);
    const base = schema.properties
      ? { ...schema, oneOf: undefined, anyOf: undefined, variants: undefined }
      : undefined;
    const parts = variants.map((variant) => {
      if (!base) return variant;
      // An object with `oneOf` beside its properties: each variant carries the shared ones.
      return { allOf: [base, variant] };
    });
    let inner;
    if (parts.length === 1) inner = zodCode(code, parts[0], mode, refs, depth + 1);
    else {
      const allObjects = parts.every((part) => code.objectOf(part));
      const discriminant = allObjects ? code.discriminant(source, parts) : undefined;
      const variants = discriminant && mode === 'read' ? code.closedVariants(parts, discriminant) : parts;
      // In an answer, a closed empty form (`{}` with no other field: CustomizationFavicon's third) is
      // what the fallback already accepts, an object with none of the other forms' fields; read as
      // a form of its own, it would accept any object and hide a known form that does not fit.
      const readForms =
        mode === 'read' && allObjects && !discriminant
          ? variants.filter((part) => !isClosedEmpty(code.deref(part)))
          : variants;
      const codes = (readForms.length ? readForms : variants).map((part) =>
        zodCode(code, part, mode, refs, depth + 1),
      );
      if (mode === 'read' && allObjects) {
        // The fallback checks the fields every variant has, as its type says they are there.
        const common = discriminant
          ? commonFields(code, parts, discriminant.key, mode).map(({ name, required, properties }) => {
              const values = [
                ...new Set(properties.map((property) => zodCode(code, property, mode, refs, depth + 1))),
              ];
              const value = values.length === 1 ? values[0] : `z.union([${values.join(', ')}])`;
              return `${key(name)}: ${required ? value : `z.optional(${value})`}`;
            })
          : [];
        inner = discriminant
          ? `withFallback([${codes.join(', ')}], loose({ ${[`${key(discriminant.key)}: z.string()`, ...common].join(', ')} }), ${quote(discriminant.key)}, ${quote(discriminant.values.flat())})`
          : `withFallback([${codes.join(', ')}])`;
      } else if (
        discriminant &&
        parts.every((part) => !code.refName(part) || !code.isNullable(code.component(code.refName(part))))
      ) {
        // A request's variants told apart by their discriminant: an error names the field that
        // does not fit the variant chosen, not the whole union.
        inner = `tagged(${quote(discriminant.key)}, [${codes.join(', ')}])`;
      } else {
        inner = `z.union([${codes.join(', ')}])`;
      }
    }
    return withNull || nullable ? `z.nullable(${inner})` : inner;
  }

  if (schema.const !== undefined) return wrap(literal(schema.const));
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    if (values.length === 0) return 'z.null()';
    if (values.every((value) => typeof value === 'string')) {
      // One value is an identity (`object: "site"`), not a list that may grow: a literal.
      if (mode === 'read' && !schema['x-closed'] && values.length > 1)
        return wrap(`openEnum(${quote(values)})`);
      return wrap(values.length === 1 ? literal(values[0]) : `z.enum(${quote(values)})`);
    }
    return wrap(values.length === 1 ? literal(values[0]) : `z.union([${values.map(literal).join(', ')}])`);
  }

  const types = [schema.type].flat().filter((type) => type && type !== 'null');
  if (types.length > 1) {
    return wrap(
      `z.union([${types.map((type) => zodCode(code, { ...schema, type, nullable: false }, mode, refs, depth + 1)).join(', ')}])`,
    );
  }
  const type =
    types[0] ??
    (schema.properties || schema.additionalProperties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return wrap(stringCode(schema, mode));
    case 'number':
    case 'integer':
      return wrap(numberCode(schema, mode, type));
    case 'boolean':
      return wrap('z.boolean()');
    case 'array': {
      const item = zodCode(code, schema.items ?? {}, mode, refs, depth + 1, relaxed);
      const checks = mode === 'write' ? arrayChecks(schema) : [];
      return wrap(`z.array(${item})${checks.length ? `.check(${checks.join(', ')})` : ''}`);
    }
    case 'object':
      return wrap(objectCode(code, schema, mode, refs, depth, relaxed));
    default:
      return nullable && !types.length && !schema.properties ? 'z.null()' : 'z.unknown()';
  }
}

/**
 * The fields (other than the discriminant) that every variant of a union has: required where
 * every variant requires it, with each variant's own schema of it.
 */
function commonFields(code, parts, discriminantKey, mode) {
  const objects = parts.map((part) => code.objectOf(part));
  const [first, ...others] = objects;
  return Object.keys(first.properties ?? {})
    .filter((name) => name !== discriminantKey && others.every((object) => object.properties?.[name]))
    .map((name) => ({
      name,
      required: objects.every((object) => requiredOf(object, mode, false).has(name)),
      properties: objects.map((object) => object.properties[name] ?? {}),
    }));
}

function literal(value) {
  return `z.literal(${quote(value)})`;
}

function stringCode(schema, mode) {
  if (mode === 'read') return 'z.string()';
  let base = 'z.string()';
  switch (schema.format) {
    case 'date-time':
      base = 'z.iso.datetime({ offset: true })';
      break;
    case 'date':
      base = 'z.iso.date()';
      break;
    case 'uri':
      base = 'z.url()';
      break;
    case 'email':
      base = 'z.email()';
      break;
    case 'uuid':
      base = 'z.guid()';
      break;
    case 'byte':
      base = 'z.base64()';
      break;
  }
  const checks = [];
  if (schema.minLength !== undefined) checks.push(`z.minLength(${schema.minLength})`);
  if (schema.maxLength !== undefined) checks.push(`z.maxLength(${schema.maxLength})`);
  if (schema.pattern) checks.push(`z.regex(new RegExp(${quote(schema.pattern)}))`);
  return checks.length ? `${base}.check(${checks.join(', ')})` : base;
}

function numberCode(schema, mode, type) {
  if (mode === 'read') return 'z.number()';
  const checks = [];
  if (type === 'integer' || schema.format === 'int32') checks.push('z.int()');
  if (schema.minimum !== undefined) checks.push(`z.minimum(${schema.minimum})`);
  if (schema.maximum !== undefined) checks.push(`z.maximum(${schema.maximum})`);
  if (typeof schema.exclusiveMinimum === 'number') checks.push(`z.gt(${schema.exclusiveMinimum})`);
  if (typeof schema.exclusiveMaximum === 'number') checks.push(`z.lt(${schema.exclusiveMaximum})`);
  return checks.length ? `z.number().check(${checks.join(', ')})` : 'z.number()';
}

function arrayChecks(schema) {
  const checks = [];
  if (schema.minItems !== undefined) checks.push(`z.minLength(${schema.minItems})`);
  if (schema.maxItems !== undefined) checks.push(`z.maxLength(${schema.maxItems})`);
  if (schema.uniqueItems) checks.push('uniqueItems()');
  return checks;
}

/** A field the document says is never given: `x-typescript: never`, or a length no value has. */
function isNever(schema) {
  return Boolean(
    schema &&
    (schema['x-typescript'] === 'never' ||
      (schema.minLength !== undefined &&
        schema.maxLength !== undefined &&
        schema.minLength > schema.maxLength)),
  );
}

/**
 * In an answer, an object written inline in another (`permissions`, `urls`, `stats`) requires
 * none of its fields: the extract's convention ("every object requires only `object` and `id`"),
 * applied where the document names no object of its own. Named objects keep the document's
 * `required`, as the overlay leaves it; a union's variants keep theirs (they tell variants apart).
 */
function requiredOf(schema, mode, relaxed) {
  if (mode === 'read' && relaxed) {
    return new Set((schema.required ?? []).filter((name) => schema.properties?.[name]?.['x-closed']));
  }
  // The overlay's `optional` (`x-relaxed`): fields the extract does not require, in answers only.
  const loosened = new Set(mode === 'read' ? (schema['x-relaxed'] ?? []) : []);
  return new Set((schema.required ?? []).filter((name) => !loosened.has(name)));
}

function objectCode(code, schema, mode, refs, depth, relaxed) {
  const properties = Object.entries(schema.properties ?? {}).filter(
    ([, property]) => !(mode === 'write' && property?.readOnly),
  );
  const required = requiredOf(schema, mode, relaxed);
  const additional = schema.additionalProperties;
  if (!properties.length && additional && additional !== true) {
    const value = zodCode(code, additional, mode, refs, depth + 1, true);
    const keySchema =
      mode === 'write' && schema.propertyNames?.pattern
        ? `z.string().check(z.regex(new RegExp(${quote(schema.propertyNames.pattern)})))`
        : 'z.string()';
    return `z.record(${keySchema}, ${value})${mode === 'write' ? objectChecks(schema) : ''}`;
  }
  const fields = properties.map(([name, property]) => {
    // A field the document marks as never present (`x-typescript: never`, a length no string has).
    if (isNever(property)) return `${key(name)}: z.optional(z.never())`;
    const value = zodCode(code, property ?? {}, mode, refs, depth + 1, true);
    return `${key(name)}: ${required.has(name) ? value : `z.optional(${value})`}`;
  });
  const shape = `{ ${fields.join(', ')} }`;
  if (mode === 'read') {
    if (additional && additional !== true && properties.length) {
      return `z.catchall(loose(${shape}), ${zodCode(code, additional, mode, refs, depth + 1)})`;
    }
    return `loose(${shape})`;
  }
  // A request object: unknown keys are refused, so that a typo is caught before sending, even
  // where the document lets the object hold more (`additionalProperties: true`): a field the SDK
  // does not name goes through `RequestOptions.extraBody`. Only an object that names no field
  // (free-form data) takes any key.
  const open = !properties.length && (additional === undefined || additional === true);
  const base = open ? `z.looseObject(${shape})` : `strict(${shape})`;
  if (additional && additional !== true && properties.length) {
    return `z.catchall(z.object(${shape}), ${zodCode(code, additional, mode, refs, depth + 1)})${objectChecks(schema)}`;
  }
  return `${base}${objectChecks(schema)}`;
}

function objectChecks(schema) {
  const checks = [];
  if (schema.minProperties !== undefined) checks.push(`minProperties(${schema.minProperties})`);
  if (schema.maxProperties !== undefined) checks.push(`maxProperties(${schema.maxProperties})`);
  return checks.length ? `.check(${checks.join(', ')})` : '';
}

// --- TypeScript declarations ----------------------------------------------------------------

/**
 * The TypeScript type of `schema` in `mode`: answers name their fields and nothing else (no index
 * signature: `extraFields()` reads the others), open enums add `(string & {})`, a union's fallback
 * is typed so that comparing the discriminant narrows; requests name exactly what may be sent.
 */
export function tsType(code, schema, mode, indent = '', depth = 0, relaxed = false) {
  if (depth > 60) throw new Error('schema nested too deep');
  if (schema === true || schema === undefined || schema === null) return 'unknown';
  if (schema === false) return 'never';
  const ref = code.refName(schema);
  if (ref) {
    const name = code.formName(ref, mode);
    return schema.nullable ? `${name} | null` : name;
  }
  if (schema.allOf) {
    const flat = code.flatten(schema);
    if (flat !== schema) return tsType(code, flat, mode, indent, depth + 1, relaxed);
  }
  const nullable = code.isNullable(schema);
  const orNull = (type) => (nullable ? `${type} | null` : type);

  if (schema.oneOf || schema.anyOf || schema.variants) {
    const source = schema.variants ? { oneOf: schema.variants, discriminator: schema.discriminator } : schema;
    const { variants, nullable: withNull } = code.variantsOf(source);
    const base = schema.properties
      ? { ...schema, oneOf: undefined, anyOf: undefined, variants: undefined }
      : undefined;
    // Fields shared by every variant are written once: `{ shared } & (A | B)`, not in each variant.
    const parts =
      base && variants.every((variant) => code.objectOf(variant))
        ? variants
        : variants.map((variant) => (base ? { allOf: [base, variant] } : variant));
    const shared =
      parts === variants && base ? objectType(code, base, mode, indent, depth + 1, relaxed) : undefined;
    const allObjects = parts.length > 1 && parts.every((part) => code.objectOf(part));
    const discriminant = allObjects ? code.discriminant(source, parts) : undefined;
    const closed = discriminant && mode === 'read' ? code.closedVariants(parts, discriminant) : parts;
    const types = closed.map((part) => paren(tsType(code, part, mode, indent, depth + 1)));
    // A variant not known yet is typed only where a discriminant tells it apart: an `object`
    // beside the variants would hide the fields they share (the value is still kept at run time).
    if (mode === 'read' && allObjects && discriminant) {
      // The fallback keeps the fields every variant has (`page.id`), typed as any variant's.
      const common = commonFields(code, parts, discriminant.key, mode).map(
        ({ name, required, properties }) => {
          const values = [
            ...new Set(properties.map((property) => tsType(code, property, mode, indent, depth + 1))),
          ];
          return `${key(name)}${required ? '' : '?'}: ${values.join(' | ')}${required ? '' : ' | undefined'}`;
        },
      );
      types.push(`{ ${[`${key(discriminant.key)}: UnknownKind`, ...common].join('; ')} }`);
    }
    let union = [...new Set(types)].join(' | ');
    if (shared && shared !== '{}') union = `${shared} & (${union})`;
    return withNull || nullable ? `${union} | null` : union;
  }
  if (schema.const !== undefined) return orNull(quote(schema.const));
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    const literals = values.map((value) => quote(value));
    const open =
      mode === 'read' &&
      !schema['x-closed'] &&
      values.length > 1 &&
      values.every((value) => typeof value === 'string');
    return orNull([...literals, ...(open ? ['(string & {})'] : [])].join(' | ') || 'null');
  }
  const types = [schema.type].flat().filter((type) => type && type !== 'null');
  if (types.length > 1) {
    return orNull(
      types
        .map((type) => tsType(code, { ...schema, type, nullable: false }, mode, indent, depth + 1))
        .join(' | '),
    );
  }
  const type =
    types[0] ??
    (schema.properties || schema.additionalProperties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return orNull('string');
    case 'number':
    case 'integer':
      return orNull('number');
    case 'boolean':
      return orNull('boolean');
    case 'array':
      return orNull(`Array<${tsType(code, schema.items ?? {}, mode, indent, depth + 1, relaxed)}>`);
    case 'object':
      return orNull(objectType(code, schema, mode, indent, depth, relaxed));
    default:
      return nullable && !types.length ? 'null' : 'unknown';
  }
}

function paren(type) {
  return /^[\w.<>[\]'"]+$/.test(type) || type.startsWith('{') ? type : `(${type})`;
}

/** The body of an object type: `{ ... }` with one documented field per line. */
export function objectType(code, schema, mode, indent, depth = 0, relaxed = false) {
  const properties = Object.entries(schema.properties ?? {}).filter(
    ([, property]) => !(mode === 'write' && property?.readOnly),
  );
  const additional = schema.additionalProperties;
  if (!properties.length) {
    if (additional && additional !== true)
      return `Record<string, ${tsType(code, additional, mode, indent, depth + 1, true)}>`;
    if (additional === false) return 'Record<string, never>';
    return mode === 'read' ? '{}' : 'Record<string, unknown>';
  }
  const required = requiredOf(schema, mode, relaxed);
  const inner = `${indent}  `;
  const lines = ['{'];
  if (additional && additional !== true) {
    // Named fields beside a map of others: the index signature takes every field's type.
    const values = new Set([tsType(code, additional, mode, inner, depth + 1, true)]);
    for (const [name, property] of properties) {
      values.add(tsType(code, property ?? {}, mode, inner, depth + 1, true));
      if (!required.has(name)) values.add('undefined');
    }
    lines.push(`${inner}[key: string]: ${[...values].join(' | ')};`);
  }
  for (const [name, property] of properties) {
    const doc = jsdoc(describe(code, property), inner);
    if (doc) lines.push(doc);
    if (isNever(property)) {
      lines.push(`${inner}${key(name)}?: never;`);
      continue;
    }
    const value = tsType(code, property ?? {}, mode, inner, depth + 1, true);
    lines.push(
      `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${value}${required.has(name) ? '' : ' | undefined'};`,
    );
  }
  lines.push(`${indent}}`);
  return lines.join('\n');
}

/** A property's description, with the document's deprecation. */
export function describe(code, schema) {
  if (!schema || typeof schema !== 'object') return '';
  const own = firstParagraph(schema.description ?? '');
  const target = code.refName(schema) ? code.component(code.refName(schema)) : undefined;
  const text =
    own || (target && code.isInline(code.refName(schema)) ? firstParagraph(target.description ?? '') : '');
  const deprecated = schema.deprecated || target?.deprecated;
  return deprecated ? `${text}${text ? '\n' : ''}@deprecated` : text;
}

/** A description's first paragraph (the declarations are read by every compile of an app). */
function firstParagraph(text) {
  const first =
    String(text)
      .trim()
      .split(/\n\s*\n/)[0] ?? '';
  return first.length > 300 ? `${first.slice(0, first.lastIndexOf(' ', 300))}…` : first;
}

/** A JSDoc block at `indent`, or '' for no text. */
export function jsdoc(text, indent = '') {
  const clean = String(text ?? '')
    .replace(/\*\//g, '*\\/')
    .trim();
  if (!clean) return '';
  const lines = clean.split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [
    `${indent}/**`,
    ...lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`),
    `${indent} */`,
  ].join('\n');
}

export { SCALAR_TYPES };

/** `{ type: object, properties: {}, additionalProperties: false }`: an object that carries nothing. */
function isClosedEmpty(schema) {
  return (
    schema?.additionalProperties === false &&
    Object.keys(schema.properties ?? {}).length === 0 &&
    !schema.allOf &&
    !schema.oneOf &&
    !schema.anyOf
  );
}
