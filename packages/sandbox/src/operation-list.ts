import { operations, type Operation } from '@docs-api/sdk/contract';
import { FAMILY_RULES } from './resources/service-fills.js';
import { resourceEngine, statefulImplementations as implementations } from './registry.js';

/*
 * The list, in docs/sandbox.md, of the operations the sandbox keeps state for and of those it
 * answers from their schema, made from the contract and the sandbox's implementations so that it
 * stays true: `node scripts/sandbox-operations.mjs` writes it (after a build), a test checks it.
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

/** The generated part of docs/sandbox.md, markers included. */
export function operationListMarkdown(): string {
  const stateful = new Set(implementations.map((implementation) => implementation.operation.id));
  const byResource = new Map<string, Operation[]>();
  for (const operation of operations) {
    const resource = resourceOf(operation);
    byResource.set(resource, [...(byResource.get(resource) ?? []), operation]);
  }
  const rows = [...byResource]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([resource, list]) => {
      const kept = list.filter((operation) => stateful.has(operation.id));
      const sampled = list.filter((operation) => !stateful.has(operation.id));
      return `| \`client.${resource}\` | ${ids(kept)} | ${ids(sampled)} |`;
    });
  const count = operations.filter((operation) => stateful.has(operation.id)).length;
  const families = resourceEngine.families.map((family) => {
    const rule = FAMILY_RULES[family.collection];
    const fills = Object.entries(rule?.fills ?? {})
      .map(([field, fill]) => `\`${field}\` (${fill.why})`)
      .join('; ');
    const ops = [family.list, family.create, family.get, family.update, family.delete]
      .filter((operation) => operation !== undefined)
      .map((operation) => `\`${operation.id}\``)
      .join(', ');
    return `| \`${family.item}\` | ${ops} | ${rule?.keeps ?? (family.create ? 'what was sent' : 'what fixtures declare (`resources` rows): none by default')} | ${fills || '—'} | ${rule?.cannotKnow ?? '—'} |`;
  });
  return [
    OPERATION_LIST_START,
    '<!-- Generated from the contract by `node scripts/sandbox-operations.mjs` (after `npm run build`); a test checks it. -->',
    '',
    `**${count} of the ${operations.length} operations keep state** (\`X-Sandbox-Answer: state\`); the other ${operations.length - count} still answer a value built from their schema (\`X-Sandbox-Answer: schema\`), after a 404 for any object their path names that the sandbox does not have. By SDK resource, operation ids:`,
    '',
    '| resource | stateful | answered from the schema |',
    '|---|---|---|',
    ...rows,
    '',
    `The resource engine (\`src/resources/\`) keeps these ${families.length} families of the contract that no handler serves: a create stores what was sent plus the fields the service fills (a new id, the sandbox's clock for \`…At\`, \`urls\` on the sandbox's host, the acting user for \`createdBy\`, a literal the schema fixes, an empty list or null for what holds nothing yet, and the values below); get, list (a true \`count\`), update and delete act on it; a missing id or parent is 404.`,
    '',
    '| family | operations | keeps | the service fills (why) | the sandbox cannot know |',
    '|---|---|---|---|---|',
    ...families,
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
