// One-time: compares the hand-written contract (as JSON Schema, /tmp/gen/hand.jsonl) with the
// document, and prints the overlay entries that keep its behaviour: fields the document requires
// and the extract does not (relaxed), nullable fields, fields only the extract has, and the
// extract's stricter request limits.
import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { buildModel, deref } from './model.mjs';

const model = buildModel();
const doc = model.document;
const hand = readFileSync('/tmp/gen/hand.jsonl', 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const norm = (p) => p.replace(/\{\w+\}/g, '{}');
const byKey = new Map(model.operations.map((operation) => [`${operation.httpMethod} ${norm(operation.path)}`, operation]));

const schemaPatches = new Map(); // component -> { optional:Set, nullable:Set, add: Map }
const notes = [];
const opPatches = new Map(); // opId -> { query: {}, body: {} }

const refName = (s) => /^#\/components\/schemas\/(.+)$/.exec(s?.$ref ?? '')?.[1];
function flatten(s) {
  if (!s?.allOf) return s;
  const out = { type: 'object', properties: {}, required: [] };
  for (const part of s.allOf) {
    const p = flatten(deref(doc, part));
    Object.assign(out.properties, p?.properties ?? {});
    out.required.push(...(p?.required ?? []));
  }
  Object.assign(out.properties, s.properties ?? {});
  out.required.push(...(s.required ?? []));
  return out;
}
const handNullable = (h) =>
  (Array.isArray(h?.type) && h.type.includes('null')) || (h?.anyOf ?? []).some((x) => x.type === 'null');
const docNullable = (d) =>
  (Array.isArray(d?.type) && d.type.includes('null')) || d?.nullable || (d?.oneOf ?? d?.anyOf ?? []).some((x) => x.type === 'null');
const handNonNull = (h) => {
  if (h?.anyOf) {
    const rest = h.anyOf.filter((x) => x.type !== 'null');
    return rest.length === 1 ? rest[0] : { anyOf: rest };
  }
  if (Array.isArray(h?.type)) return { ...h, type: h.type.filter((t) => t !== 'null')[0] };
  return h;
};
function entry(name) {
  let e = schemaPatches.get(name);
  if (!e) schemaPatches.set(name, (e = { optional: new Set(), nullable: new Set(), add: new Map(), where: new Set() }));
  return e;
}
function cleanHand(h) {
  // JSON Schema of zod -> document-style schema for an added field
  if (!h || typeof h !== 'object') return h;
  if (Array.isArray(h)) return h.map(cleanHand);
  const out = {};
  for (const [k, v] of Object.entries(h)) {
    if (k === '$schema') continue;
    if (k === 'knownValues') {
      out.enum = v;
      continue;
    }
    if (k === 'additionalProperties' && typeof v === 'object' && !Object.keys(v).length) continue;
    out[k] = cleanHand(v);
  }
  return out;
}

const seen = new Set();
function walk(d, h, component, where, depth = 0) {
  if (!d || !h || depth > 30) return;
  const ref = refName(d);
  if (ref) {
    const key = `${ref}|${JSON.stringify(h).length}`;
    if (seen.has(key)) return;
    seen.add(key);
    return walk(model.schemas[ref], h, ref, `${ref}`, depth + 1);
  }
  h = handNonNull(h);
  if (d.allOf) d = flatten(d);
  if ((d.oneOf || d.anyOf) && h.anyOf) {
    const dv = (d.oneOf ?? d.anyOf).filter((x) => x.type !== 'null');
    const hv = h.anyOf.filter((x) => x.type !== 'null' && x.properties);
    for (const variant of dv) {
      const dvo = flatten(deref(doc, variant));
      if (!dvo?.properties) continue;
      for (const [key, prop] of Object.entries(dvo.properties)) {
        const p = deref(doc, prop);
        const lit = p?.const ?? (p?.enum?.length === 1 ? p.enum[0] : undefined);
        if (lit === undefined) continue;
        const match = hv.find((x) => x.properties?.[key]?.const === lit);
        if (match) walk(variant, match, component, where, depth + 1);
      }
    }
    return;
  }
  if (d.properties && h.properties) {
    const dreq = new Set(d.required ?? []);
    const hreq = new Set(h.required ?? []);
    for (const name of dreq) {
      if (!hreq.has(name)) {
        if (component) entry(component).optional.add(name), entry(component).where.add(where);
        else notes.push(`inline required ${where}.${name}`);
      }
    }
    for (const [name, hp] of Object.entries(h.properties)) {
      const dp = d.properties[name];
      if (!dp) {
        if (component) entry(component).add.set(name, cleanHand(hp));
        else notes.push(`inline extract-only ${where}.${name}`);
        continue;
      }
      const dpr = deref(doc, dp);
      if (handNullable(hp) && !docNullable(dp) && !docNullable(dpr)) {
        if (component) entry(component).nullable.add(name);
        else notes.push(`inline nullable ${where}.${name}`);
      }
      walk(dp, hp, refName(dp) ? undefined : component && !refName(dp) ? undefined : component, `${where}.${name}`, depth + 1);
    }
    return;
  }
  if (d.items && h.items) walk(d.items, h.items, undefined, `${where}[]`, depth + 1);
  if (d.additionalProperties && h.additionalProperties && typeof d.additionalProperties === 'object') {
    walk(d.additionalProperties, h.additionalProperties, undefined, `${where}{}`, depth + 1);
  }
}

// Requests: the extract's stricter limits and extract-only fields.
const LIMITS = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'minItems', 'maxItems', 'format'];
function requestDiff(opId, part, d, h) {
  if (!d || !h?.properties) return;
  const dflat = flatten(deref(doc, d));
  for (const [name, hp0] of Object.entries(h.properties)) {
    const hp = handNonNull(hp0);
    const dp = dflat?.properties?.[name];
    const patch = {};
    if (!dp) {
      patch.extractOnly = true;
      patch.schema = cleanHand(hp0);
    } else {
      const dpr = flatten(deref(doc, dp));
      for (const limit of LIMITS) {
        if (hp[limit] === undefined) continue;
        const dl = dpr?.[limit] ?? dp?.[limit];
        const stricter =
          dl === undefined ||
          (limit.startsWith('min') && hp[limit] > dl) ||
          (limit.startsWith('max') && hp[limit] < dl) ||
          ((limit === 'pattern' || limit === 'format') && hp[limit] !== dl);
        if (stricter && !(limit === 'minLength' && hp[limit] === 1 && dl === undefined && false)) patch[limit] = hp[limit];
      }
      if (hp.type === 'integer' && dpr?.type === 'number') patch.type = 'integer';
    }
    if (Object.keys(patch).length) {
      const e = opPatches.get(opId) ?? {};
      e[part] ??= {};
      e[part][name] = patch;
      opPatches.set(opId, e);
    }
  }
}

for (const h of hand) {
  const operation = byKey.get(`${h.method} ${norm(h.path)}`);
  if (!operation) continue;
  const response = operation.paginated ? { type: 'array', items: operation.item } : operation.response;
  const handResponse = operation.paginated ? h.response?.properties?.items : h.response;
  walk(response, handResponse, undefined, operation.id);
  if (h.query) {
    const dq = { type: 'object', properties: Object.fromEntries(operation.query.map((q) => [q.name, q.schema])) };
    requestDiff(operation.id, 'query', dq, h.query);
  }
  if (h.body && operation.body) requestDiff(operation.id, 'body', operation.body.schema, h.body);
}

const out = { schemas: {}, operations: {} };
for (const [name, e] of [...schemaPatches].sort(([a], [b]) => a.localeCompare(b))) {
  const patch = {};
  const reasons = [];
  if (e.optional.size) {
    patch.optional = [...e.optional].sort();
    reasons.push('the extract does not require ' + patch.optional.join(', '));
  }
  if (e.nullable.size || e.add.size) {
    patch.properties = {};
    if (e.nullable.size) reasons.push('the extract allows null for ' + [...e.nullable].sort().join(', '));
    if (e.add.size) reasons.push('only the extract has ' + [...e.add.keys()].join(', '));
    for (const p of [...e.nullable].sort()) patch.properties[p] = { nullable: true };
    for (const [p, s] of e.add) patch.properties[p] = { ...s, extractOnly: true };
  }
  out.schemas[name] = { reason: reasons.join('; '), patch };
}
for (const [id, e] of opPatches) {
  const entry = {};
  const reasons = [];
  const limits = [];
  const only = [];
  if (e.query) {
    for (const [name, patch] of Object.entries(e.query)) {
      if (name === 'page' || name === 'limit') continue;
      entry.query ??= {};
      if (patch.extractOnly) {
        only.push(`query ${name}`);
        entry.query[name] = { extractOnly: true, schema: patch.schema };
      } else {
        limits.push(`query ${name}`);
        entry.query[name] = patch;
      }
    }
  }
  if (e.body) {
    for (const [name, patch] of Object.entries(e.body)) {
      entry.body ??= { properties: {} };
      if (patch.extractOnly) {
        only.push(`body ${name}`);
        entry.body.properties[name] = { extractOnly: true, ...patch.schema };
      } else {
        limits.push(`body ${name}`);
        entry.body.properties[name] = patch;
      }
    }
  }
  if (!entry.query && !entry.body) continue;
  if (limits.length) reasons.push(`the extract's stricter limits (${limits.join(', ')})`);
  if (only.length) reasons.push(`only the extract has ${only.join(', ')}`);
  out.operations[id] = { ...entry, reason: reasons.join('; ') };
}
console.log(YAML.stringify(out, { lineWidth: 120 }));
console.error(notes.join('\n'));
