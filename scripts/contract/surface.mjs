// What a caller of the SDK sees of the contract, reduced to comparable data: per operation its
// method, path, parameters, body fields and answer fields. Two surfaces compared give what changed
// for users between two versions of the document, and which changes break a caller.
import { SchemaCode } from './schema-code.mjs';

/** Fields of an object schema (through `$ref` and `allOf`), with whether each is required. */
function fieldsOf(code, schema, depth = 0) {
  const resolved = schema && code.flatten(code.deref(schema));
  if (!resolved || depth > 2) return {};
  const target = resolved.items && !resolved.properties ? code.flatten(code.deref(resolved.items)) : resolved;
  const required = new Set(target?.required ?? []);
  return Object.fromEntries(
    Object.entries(target?.properties ?? {}).map(([name, property]) => [
      name,
      { required: required.has(name), type: describeType(code, property) },
    ]),
  );
}

/** A short, stable description of a schema's type: `string`, `enum(a|b)`, `Site`, `array<Site>`. */
function describeType(code, schema) {
  const ref = code.refName(schema);
  if (ref) {
    const target = code.component(ref);
    if (target.enum) return `enum(${target.enum.join('|')})`;
    return ref;
  }
  if (!schema) return 'unknown';
  if (schema.enum) return `enum(${schema.enum.join('|')})`;
  if (schema.type === 'array') return `array<${describeType(code, schema.items)}>`;
  return (
    [schema.type].flat().filter(Boolean).join('|') || (schema.oneOf || schema.anyOf ? 'union' : 'object')
  );
}

export function surfaceOf(model) {
  const code = new SchemaCode(model.document);
  const operations = {};
  for (const operation of model.operations) {
    operations[operation.id] = {
      method: `${operation.resource}.${operation.method}`,
      http: `${operation.httpMethod} ${operation.path}`,
      query: Object.fromEntries(
        operation.query.map((parameter) => [
          parameter.name,
          { required: parameter.required, type: describeType(code, parameter.schema) },
        ]),
      ),
      body: operation.body ? fieldsOf(code, operation.body.schema) : {},
      answer: fieldsOf(
        code,
        operation.paginated ? operation.item : (operation.response ?? operation.stream?.event),
      ),
    };
  }
  return { version: model.packageVersion, documentVersion: model.documentVersion, operations };
}

/**
 * The changes from `before` to `after`, each `{ kind, breaking, text }`. Breaking for a caller:
 * an operation or answer field removed, a request field removed or newly required, a parameter's
 * type changed, an operation moved to another method or path.
 */
export function compareSurfaces(before, after) {
  const changes = [];
  const add = (breaking, kind, text) => changes.push({ breaking, kind, text });
  for (const [id, old] of Object.entries(before.operations)) {
    const now = after.operations[id];
    if (!now) {
      add(true, 'operation removed', `\`${old.method}()\` (${id}, ${old.http}) is gone`);
      continue;
    }
    if (now.http !== old.http) add(true, 'operation moved', `${id}: ${old.http} -> ${now.http}`);
    if (now.method !== old.method)
      add(true, 'method renamed', `${id}: \`${old.method}()\` -> \`${now.method}()\``);
    for (const part of ['query', 'body']) {
      for (const [name, field] of Object.entries(old[part])) {
        const next = now[part][name];
        if (!next) add(true, `${part} field removed`, `\`${now.method}()\`: ${part} \`${name}\` is gone`);
        else {
          if (next.required && !field.required)
            add(
              true,
              `${part} field now required`,
              `\`${now.method}()\`: ${part} \`${name}\` is now required`,
            );
          if (next.type !== field.type)
            add(
              true,
              `${part} field type changed`,
              `\`${now.method}()\`: ${part} \`${name}\` ${field.type} -> ${next.type}`,
            );
        }
      }
      for (const [name, field] of Object.entries(now[part])) {
        if (old[part][name]) continue;
        add(
          field.required,
          `${part} field added`,
          `\`${now.method}()\`: ${part} \`${name}\`${field.required ? ' (required)' : ''}`,
        );
      }
    }
    for (const [name, field] of Object.entries(old.answer)) {
      const next = now.answer[name];
      if (!next) add(true, 'answer field removed', `\`${now.method}()\`: answers no \`${name}\` any more`);
      else if (next.type !== field.type)
        add(
          true,
          'answer field type changed',
          `\`${now.method}()\`: \`${name}\` ${field.type} -> ${next.type}`,
        );
      else if (field.required && !next.required)
        add(true, 'answer field now optional', `\`${now.method}()\`: \`${name}\` may be absent`);
    }
    for (const name of Object.keys(now.answer)) {
      if (!old.answer[name]) add(false, 'answer field added', `\`${now.method}()\`: answers \`${name}\``);
    }
  }
  for (const [id, now] of Object.entries(after.operations)) {
    if (!before.operations[id]) add(false, 'operation added', `\`${now.method}()\` (${id}, ${now.http})`);
  }
  return changes;
}

/** The changes as markdown for the changelog: breaking first. */
export function changesMarkdown(before, after, changes) {
  const lines = [`## Contract: ${before.version} -> ${after.version} of the service's API document`, ''];
  const breaking = changes.filter((change) => change.breaking);
  const other = changes.filter((change) => !change.breaking);
  if (!changes.length) lines.push('No change a caller can see.');
  if (breaking.length) {
    lines.push(`### Breaking (${breaking.length})`, '');
    for (const change of breaking) lines.push(`- ${change.kind}: ${change.text}`);
    lines.push('');
  }
  if (other.length) {
    lines.push(`### Added (${other.length})`, '');
    for (const change of other) lines.push(`- ${change.kind}: ${change.text}`);
    lines.push('');
  }
  return lines.join('\n');
}
