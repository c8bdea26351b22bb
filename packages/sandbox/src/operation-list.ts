import { operations, type Operation } from '@docs-api/sdk/contract';
import type { AnswerKind, Implementation } from './implement.js';
import { familiesOf, operationsOf } from './resources/families.js';
import { HANDLER_FAMILIES } from './resources/handler-families.js';
import { FAMILY_RULES } from './resources/service-fills.js';
import { resourceEngine, statefulImplementations as implementations } from './registry.js';

/*
 * The generated part of docs/sandbox.md: how each operation is answered (from state, or computed
 * from it) and what each collection-and-item family
 * keeps, computes, has filled by the service and cannot know, made from the contract, the
 * sandbox's implementations and the families' descriptions so that it stays true:
 * `node scripts/sandbox-operations.mjs` writes it (after a build), a test checks it.
 */

export const OPERATION_LIST_START = '<!-- sandbox-operations: start -->';
export const OPERATION_LIST_END = '<!-- sandbox-operations: end -->';

/** The SDK resource of an operation: its name without the method (`sites.spaces.list` -> `sites.spaces`). */
function resourceOf(operation: Operation): string {
  const parts = operation.name.split('.');
  return parts.length > 1 ? parts.slice(0, -1).join('.') : operation.name;
}

const ids = (list: readonly Operation[]) =>
  list.length
    ? list
        .map((operation) => `\`${operation.id}\``)
        .sort()
        .join(', ')
    : '—';

/** How each operation is answered: `state` or `computed`. */
function answerKinds(list: readonly Implementation[]): Map<string, AnswerKind> {
  return new Map(
    list.map((implementation) => [implementation.operation.id, implementation.answer ?? 'state']),
  );
}

/**
 * The table by SDK resource: the operations answered from state and those computed from it. An
 * operation of the contract without an implementation is an error: the sandbox answers none from
 * a schema, so the page never lists one as answered.
 */
export function resourceTable(
  contract: readonly Operation[],
  implemented: readonly Implementation[],
): string[] {
  const kinds = answerKinds(implemented);
  const missing = contract.filter((operation) => !kinds.has(operation.id)).map((operation) => operation.id);
  if (missing.length)
    throw new Error(
      `The sandbox implements no answer for ${missing.length} operations: ${missing.join(', ')}`,
    );
  const byResource = new Map<string, Operation[]>();
  for (const operation of contract) {
    const resource = resourceOf(operation);
    byResource.set(resource, [...(byResource.get(resource) ?? []), operation]);
  }
  const of = (list: readonly Operation[], kind: AnswerKind) =>
    list.filter((operation) => kinds.get(operation.id) === kind);
  const computed = contract.filter((operation) => kinds.get(operation.id) === 'computed').length;
  const rows = [...byResource]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([resource, list]) =>
        `| \`client.${resource}\` | ${ids(of(list, 'state'))} | ${ids(of(list, 'computed'))} |`,
    );
  return [
    `**Every one of the ${contract.length} operations answers from the sandbox's state**: \`X-Sandbox-Answer: state\` for what it keeps, \`computed\` for the ${computed} whose answer is worked out from it (a search, an aggregate, a rendering). By SDK resource, operation ids:`,
    '',
    '| resource | state | computed |',
    '|---|---|---|',
    ...rows,
  ];
}

/** One row per collection-and-item family of the contract: who serves it and what it keeps. */
export function familyTable(contract: readonly Operation[]): string[] {
  const engine = new Set(resourceEngine.families.map((family) => family.collection));
  const rows = familiesOf(contract).map((family) => {
    const ops = operationsOf(family)
      .map((operation) => `\`${operation.id}\``)
      .join(', ');
    if (engine.has(family.collection)) {
      const rule = FAMILY_RULES[family.collection];
      const fills = Object.entries(rule?.fills ?? {})
        .map(([field, fill]) => `\`${field}\` (${fill.why})`)
        .join('; ');
      const keeps =
        rule?.keeps ??
        (family.create ? 'what was sent' : 'what fixtures declare (`resources` rows): none by default');
      return `| \`${family.item}\` | engine | ${ops} | ${keeps} | — | ${fills ? `ids, clock, host; ${fills}` : 'ids, clock, host'} | ${rule?.cannotKnow ?? '—'} |`;
    }
    const described = HANDLER_FAMILIES[family.collection];
    if (!described) throw new Error(`${family.collection}: no description in resources/handler-families.ts`);
    return `| \`${family.item}\` | handlers | ${ops} | ${described.keeps} | ${described.computes ?? '—'} | ${described.fills ?? '—'} | ${described.cannotKnow ?? '—'} |`;
  });
  return [
    `**The ${rows.length} collection-and-item families** the contract's paths describe (a list or create at a path; a get, update or delete at that path plus one id). The resource engine (\`src/resources/\`) serves those that no handler serves: a create stores what was sent plus what the service fills (a new id, the sandbox's clock for \`…At\`, \`urls\` on the sandbox's host, the acting user for \`createdBy\`, a literal the schema fixes, an empty list or null for what holds nothing yet, and the values named); get, list (a true \`count\`), update and delete act on it; a missing id or parent is 404. Hand-written handlers serve the others, with what the service does specially.`,
    '',
    '| family | served by | operations | keeps | computes | the service fills | the sandbox cannot know |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

/** The generated part of docs/sandbox.md, markers included. */
export function operationListMarkdown(): string {
  return [
    OPERATION_LIST_START,
    '<!-- Generated from the contract by `node scripts/sandbox-operations.mjs` (after `npm run build`); a test checks it. -->',
    '',
    ...resourceTable(operations, implementations),
    '',
    ...familyTable(operations),
    OPERATION_LIST_END,
  ].join('\n');
}

/** `text` (docs/sandbox.md) with its generated part replaced by `list`. */
export function withOperationList(text: string, list: string = operationListMarkdown()): string {
  const start = text.indexOf(OPERATION_LIST_START);
  const end = text.indexOf(OPERATION_LIST_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`docs/sandbox.md has lost its ${OPERATION_LIST_START} and ${OPERATION_LIST_END} markers`);
  return `${text.slice(0, start)}${list}${text.slice(end + OPERATION_LIST_END.length)}`;
}
