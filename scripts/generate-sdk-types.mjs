#!/usr/bin/env node
// Writes packages/sdk/src/types.ts: the SDK's public object and request types, declared as plain
// interfaces from the contract's zod schemas (their `z.infer`/`z.input` types), with the schemas'
// comments. The SDK's public signatures use these declarations, so a consumer's compile reads
// them as written instead of loading zod's declarations and instantiating its inference for every
// type it touches. The schemas stay the single source: packages/sdk/src/types.test.ts (written
// here too) checks that each declaration and its schema's type agree both ways, in
// `npm run typecheck`. Run after changing a schema: `node scripts/generate-sdk-types.mjs`.
//
// Response types name their fields and nothing else: the catch-all index signature a loose object
// carries (`[key: string]: unknown`, unknown fields kept at run time) is left out of them, so that
// a typo is a compile error; `extraFields()` reads the unknown fields. Request types keep theirs
// (a loose request object takes more than it names), and so do maps (`z.record`) and objects that
// name no field (free-form data). A fallback's discriminant is declared `UnknownKind`
// (core/fields.ts), so that comparing with a known value narrows a tolerant union; a union
// without a discriminant has `object` as its fallback (withFallback in contract/schema.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const sdk = `${root}packages/sdk/`;

/** The public types: name and contract module, in the order (and grouping) of the reference. */
const PUBLIC = {
  common: ['User', 'Document', 'DocumentInput', 'Block', 'ContentReference'],
  schema: ['Role', 'ListEnvelope'],
  spaces: [
    'Space',
    'SpaceEditMode',
    'SpaceUpdateBody',
    'SpaceGetQuery',
    'SpaceLinksQuery',
    'SpaceLanguage',
    'SpacePermissions',
    'SpaceMergeRules',
    'SpaceMergeRulesInput',
    'SpaceMergeRule',
    'SpaceMergeRuleInput',
    'GitSyncState',
    'DefaultLevel',
    'MoveBody',
    'PositionInput',
    'PositionAnchorInput',
    'TransferBody',
  ],
  collections: [
    'Collection',
    'CollectionPermissions',
    'CollectionListQuery',
    'CollectionCreateBody',
    'CollectionUpdateBody',
  ],
  'merge-rules': ['MergeRule'],
  organizations: [
    'Organization',
    'Member',
    'OrganizationPermissions',
    'MergeRules',
    'MergeRuleInput',
    'OrganizationMergeRulesInput',
    'MergeRulesInput',
    'OrganizationUpdateBody',
    'SearchItem',
    'SearchPage',
    'SearchSection',
    'SearchQuery',
    'AgentInstructions',
    'AgentInstructionsBody',
    'PingResult',
    'EmailDomainOrganizations',
  ],
  members: [
    'MemberSpace',
    'MemberTeam',
    'MemberListQuery',
    'MemberUpdateBody',
    'MemberSpaceListQuery',
    'MemberTeamListQuery',
  ],
  sites: ['Site', 'SiteIcon', 'SiteCreateBody', 'SiteUpdateBody', 'SiteListQuery'],
  'site-adaptive-schemas': ['SiteAdaptiveSchema', 'TemplateCondition', 'AdaptiveSchemaBody'],
  'published-sites': [
    'SiteSpace',
    'SiteSection',
    'SiteSectionGroup',
    'SiteExternalLink',
    'SiteStructure',
    'PublishedSite',
  ],
  'change-requests': [
    'ChangeRequest',
    'ChangeRequestStatus',
    'ChangeRequestLink',
    'ChangeRequestLinkExpanded',
    'ChangeRequestLinkInput',
    'MergeResult',
    'PdfResult',
    'Contributor',
    'ContributorList',
    'RequestedReviewer',
    'RequestedReviewersResult',
    'ChangeRequestListQuery',
    'OrganizationChangeRequestListQuery',
    'ChangeRequestCreateBody',
    'ChangeRequestUpdateBody',
    'RequestReviewersBody',
    'PdfQuery',
  ],
  'change-request-comments': [
    'Comment',
    'Reply',
    'Reaction',
    'CommentTarget',
    'CommentBody',
    'CommentBodyInput',
    'ContentFormat',
    'CommentListQuery',
    'CommentFormatQuery',
    'ReplyListQuery',
    'CommentCreateBody',
    'CommentUpdateBody',
    'ReplyCreateBody',
  ],
  links: ['Link', 'LinkListing'],
  'change-request-content': [
    'Revision',
    'RevisionPages',
    'RevisionTag',
    'ContentPage',
    'DocumentPage',
    'GroupPage',
    'LinkPage',
    'ComputedPage',
    'OtherPage',
    'PageLayout',
    'PageCover',
    'ComputedSource',
    'Variables',
    'GitBlob',
    'GitCommit',
    'ContentFile',
    'ReusableContent',
    'ContentOptions',
    'ContentListQuery',
    'ContentPageQuery',
  ],
  'change-request-reviews': [
    'ChangeRequestReview',
    'ChangeRequestReviewStatus',
    'ReviewListQuery',
    'ReviewGetQuery',
    'ReviewCreateBody',
    'SemanticChange',
    'SemanticChanges',
    'ChangedPage',
    'ChangedFile',
    'AttributeChange',
    'ChangeAttributes',
    'ChangesQuery',
  ],
  translations: [
    'Translation',
    'GlossaryEntry',
    'GlossaryTerms',
    'GlossaryOperation',
    'TranslationCreateBody',
    'TranslationUpdateBody',
    'TranslationListQuery',
    'TranslationLanguage',
    'GlossaryListQuery',
    'GlossaryUpdateBody',
  ],
  teams: [
    'Team',
    'TeamRole',
    'TeamMembership',
    'TeamListQuery',
    'TeamCreateBody',
    'TeamUpdateBody',
    'TeamMembersUpdateBody',
    'TeamMemberPutBody',
  ],
  saml: [
    'SamlProvider',
    'SsoEntry',
    'SsoEntries',
    'SamlProviderListQuery',
    'SamlProviderCreateBody',
    'SamlProviderUpdateBody',
  ],
  conversations: [
    'Conversation',
    'ConversationPart',
    'ConversationMetadata',
    'ConversationDetail',
    'ConversationIssue',
    'ConversationIssueItem',
    'IssuesCluster',
    'ClusterListQuery',
    'ConversationListQuery',
    'IssueListQuery',
    'ConversationPartInput',
    'ConversationIngestBody',
  ],
  openapi: [
    'OpenApiSpec',
    'OpenApiSpecSource',
    'OpenApiSpecCreateBody',
    'OpenApiSpecReplaceBody',
    'OpenApiSpecUpdateBody',
    'OpenApiSpecListQuery',
  ],
  integrations: [
    'Integration',
    'IntegrationScript',
    'InstallationStatus',
    'InstallationTarget',
    'IntegrationListQuery',
    'IntegrationPublishBody',
    'InstallationsStatusQuery',
    'IntegrationBlock',
    'IntegrationCategory',
    'IntegrationConfiguration',
    'IntegrationContentSource',
    'IntegrationScope',
    'IntegrationTarget',
    'IntegrationVisibility',
    'ConfigurationProperty',
    'ContentSecurityPolicy',
  ],
  imports: ['ImportRun', 'ImportSource', 'ImportStartBody'],
};

const config = ts.getParsedCommandLineOfConfigFile(
  `${sdk}tsconfig.json`,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: { ...config.options, noEmit: true },
});
const checker = program.getTypeChecker();

/** Each public type: its name, module and the type the contract gives it. */
const declared = [];
for (const [module, names] of Object.entries(PUBLIC)) {
  const source = program.getSourceFile(`${sdk}src/contract/${module}.ts`);
  if (!source) throw new Error(`no contract module ${module}`);
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
  for (const name of names) {
    let symbol = exports.find((candidate) => candidate.name === name);
    if (!symbol) throw new Error(`${module}.ts does not export ${name}`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    declared.push({ name, module, type: checker.getDeclaredTypeOfSymbol(symbol), symbol });
  }
}

/** Types printed by name wherever they occur (recursive ones are declared as written). */
const byType = new Map(declared.map((entry) => [entry.type, entry.name]));
/** Unions declared by name, to find inside larger unions (`SiteIcon | null | undefined`). */
const namedUnions = declared
  .filter((entry) => entry.type.isUnion())
  .map((entry) => ({ name: entry.name, type: entry.type, members: new Set(entry.type.types) }))
  .sort((a, b) => b.members.size - a.members.size);

/** Request types: their loose objects keep their index signature (they take more than they name). */
const isInput = (name) => /(Body|Query|Input)$/.test(name) && name !== 'CommentBody';
/** Whether the declared type being printed is a request type (set per declaration). */
let inInput = false;

const isIdentifier = (name) => /^[A-Za-z_$][\w$]*$/.test(name);
const docOf = (symbol, indent) => {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  if (!text) return '';
  const lines = text.split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
};

/** Types the public ones use under a name of the contract's own (recursive ones: `Claim`). */
const extra = new Map();
const printing = new Set();

const contractAlias = (type) =>
  !type.aliasTypeArguments?.length &&
  type.aliasSymbol?.declarations?.some((declaration) =>
    declaration.getSourceFile().fileName.startsWith(`${sdk}src/contract/`),
  )
    ? type.aliasSymbol
    : undefined;

function print(type, indent, self) {
  const named = byType.get(type);
  // A type refers to itself by name (`Block`'s `nodes`), once its own body is being printed.
  if (named && (named !== self || printing.has(type))) return named;
  const alias = contractAlias(type);
  if (alias && (alias.name !== self || printing.has(type))) {
    const target = checker.getDeclaredTypeOfSymbol(alias);
    if (byType.has(target)) return byType.get(target);
    if (alias.name === self) return self;
    if (!extra.has(alias.name)) {
      extra.set(alias.name, undefined);
      // Its body is printed on its own: what encloses this use is not part of it.
      const enclosing = [...printing];
      printing.clear();
      extra.set(alias.name, { symbol: alias, body: print(target, '', alias.name) });
      for (const outer of enclosing) printing.add(outer);
    }
    return alias.name;
  }
  if (printing.has(type))
    throw new Error(
      `${self} is recursive through ${checker.typeToString(type)}, which has no name of the contract's`,
    );
  printing.add(type);
  try {
    return printType(type, indent, self);
  } finally {
    printing.delete(type);
  }
}

/** The fallback discriminant's type, declared in core/fields.ts and imported by types.ts. */
const isUnknownKind = (type) =>
  type.symbol?.name === 'UnknownKind' &&
  type.symbol.declarations?.some(
    (declaration) => declaration.getSourceFile().fileName === `${sdk}src/core/fields.ts`,
  );

function printType(type, indent, self) {
  if (isUnknownKind(type)) return 'UnknownKind';
  if (type.isUnion()) return printUnion(type, indent, self);
  // Kept as an intersection: a catchall's index signature need not fit the named fields.
  if (type.isIntersection()) return type.types.map((member) => print(member, indent, self)).join(' & ');
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type);
    const inner = print(element, indent, self);
    return /[|&]/.test(inner) && !/^[{(]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
  }
  if (type.flags & ts.TypeFlags.Object && !checker.isTupleType(type) && !type.getCallSignatures().length)
    return printObject(type, indent, self);
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
}

function printUnion(type, indent, self) {
  let members = [...type.types];
  const parts = [];
  for (const { name, type: union, members: wanted } of namedUnions) {
    if (name === self || union === type || wanted.size < 2) continue;
    if ([...wanted].every((member) => members.includes(member))) {
      parts.push(name);
      members = members.filter((member) => !wanted.has(member));
    }
  }
  const isBoolean = (member) => member.flags & ts.TypeFlags.BooleanLiteral;
  if (members.filter(isBoolean).length === 2) {
    members = members.filter((member) => !isBoolean(member));
    parts.push('boolean');
  }
  for (const member of members) {
    const text = print(member, indent, self);
    parts.push(member.isUnion() || / => /.test(text) ? `(${text})` : text);
  }
  // null and undefined last, as the contract writes them.
  const rank = (part) => (part === 'null' ? 1 : part === 'undefined' ? 2 : 0);
  return parts.sort((a, b) => rank(a) - rank(b)).join(' | ');
}

/**
 * A property's type as declared: an optional property's type carries a "missing" undefined
 * (under exactOptionalPropertyTypes), which is not the `undefined` a schema may allow.
 */
function declaredTypeOf(property) {
  const type = checker.getTypeOfSymbol(property);
  if (!(property.flags & ts.SymbolFlags.Optional)) return type;
  const isMissing = (member) =>
    member.flags & ts.TypeFlags.Undefined && member !== checker.getUndefinedType();
  if (isMissing(type)) return checker.getNeverType();
  if (!type.isUnion() || !type.types.some(isMissing)) return type;
  const kept = type.types.filter((member) => !isMissing(member));
  return kept.length === 1 ? kept[0] : { ...type, types: kept, isUnion: () => true };
}

function printObject(type, indent, self) {
  const inner = `${indent}  `;
  const fields = [];
  const index = [];
  const infos = checker.getIndexInfosOfType(type);
  for (const property of checker.getPropertiesOfType(type)) {
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
    const key = isIdentifier(property.name) ? property.name : JSON.stringify(property.name);
    const declared = declaredTypeOf(property);
    const value =
      declared.isUnion?.() && !declared.id ? printUnion(declared, inner, self) : print(declared, inner, self);
    fields.push(`${docOf(property, inner)}${inner}${key}${optional}: ${value};`);
  }
  for (const info of infos) {
    // A loose object's catch-all, in a response type naming fields: left out (see the header).
    const catchAll = info.keyType.flags & ts.TypeFlags.String && info.type.flags & ts.TypeFlags.Unknown;
    if (catchAll && !inInput && fields.length) continue;
    index.push(`${inner}[key: ${checker.typeToString(info.keyType)}]: ${print(info.type, inner, self)};`);
  }
  const block = (lines) => (lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}');
  // A catchall whose type the named fields do not fit is declared apart from them.
  const fits = checker
    .getPropertiesOfType(type)
    .every((property) =>
      infos.every((info) => checker.isTypeAssignableTo(checker.getTypeOfSymbol(property), info.type)),
    );
  return fits || !index.length ? block([...index, ...fields]) : `${block(fields)} & ${block(index)}`;
}

const header = `// Generated by scripts/generate-sdk-types.mjs from the contract's schemas: do not edit.
// The SDK's public object and request types, declared so that a consumer's compile reads them as
// written rather than inferring them through zod; types.test.ts checks each against its schema.
// Response types name their fields only: \`extraFields()\` reads the fields they do not name.
import type { UnknownKind } from './core/fields.js';
`;
const blocks = [header];
for (const { name, type, symbol } of declared) {
  const doc = docOf(symbol, '');
  inInput = isInput(name);
  const body = print(type, '', name);
  const generic = name === 'ListEnvelope' ? '<T>' : '';
  if (name === 'ListEnvelope') {
    blocks.push(
      `${doc}export type ListEnvelope<T> = {\n  items: T[];\n  count?: number | undefined;\n  next?: { page: string } | null | undefined;\n};`,
    );
  } else blocks.push(`${doc}export type ${name}${generic} = ${body};`);
}
for (const [name, { symbol, body }] of extra) {
  const doc = docOf(symbol, '');
  blocks.push(`${doc}type ${name} = ${body};`);
}
/** Writes a generated file formatted as the repository formats its sources. */
async function write(path, text) {
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
}

await write(`${sdk}src/types.ts`, blocks.join('\n\n'));

/*
 * The tolerant unions with a discriminant (a member whose discriminant is `UnknownKind`), found
 * in every public type, each with a type expression that reaches it (`NonNullable<...>['pages']`)
 * and its known values: the narrowing test below is written from this list.
 */
const hasUnknownKind = (type) =>
  isUnknownKind(type) || (type.isUnion() && type.types.some((member) => isUnknownKind(member)));
const literalOf = (type) => (type.isStringLiteral() ? type.value : undefined);
const tolerantUnions = [];
const walked = new Set();
function walk(type, expr) {
  const nonNull = checker.getNonNullableType(type);
  const at = nonNull === type ? expr : `NonNullable<${expr}>`;
  if (walked.has(nonNull) || isUnknownKind(nonNull)) return;
  // A named type is walked from its name.
  if (byType.has(nonNull) && at !== `declared.${byType.get(nonNull)}`) return;
  walked.add(nonNull);
  if (checker.isArrayType(nonNull)) return walk(checker.getTypeArguments(nonNull)[0], `${at}[number]`);
  if (nonNull.isUnion()) {
    const objects = nonNull.types.filter(
      (member) => member.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection),
    );
    const key = objects
      .flatMap((member) => checker.getPropertiesOfType(member))
      .find((property) => hasUnknownKind(checker.getTypeOfSymbol(property)))?.name;
    if (key) {
      const values = [];
      for (const member of objects) {
        const property = checker.getPropertyOfType(member, key);
        const value = property && literalOf(checker.getNonNullableType(checker.getTypeOfSymbol(property)));
        if (value !== undefined && !values.includes(value)) values.push(value);
      }
      // The fallback's discriminant may be missing (`type?: UnknownKind`).
      const optional = objects.some((member) => {
        const property = checker.getPropertyOfType(member, key);
        const type = property && checker.getTypeOfSymbol(property);
        return (
          type?.isUnion() && hasUnknownKind(type) && type.types.some((t) => t.flags & ts.TypeFlags.Undefined)
        );
      });
      tolerantUnions.push({ expr: at, key, values, optional });
      for (const member of objects) {
        const property = checker.getPropertyOfType(member, key);
        const value = property && literalOf(checker.getNonNullableType(checker.getTypeOfSymbol(property)));
        walk(
          member,
          value === undefined
            ? `Exclude<${at}, { ${key}: string }>`
            : `Extract<${at}, { ${key}: '${value}' }>`,
        );
      }
    } else for (const member of objects) walk(member, at);
    return;
  }
  if (
    !(nonNull.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) ||
    nonNull.getCallSignatures().length
  )
    return;
  for (const property of checker.getPropertiesOfType(nonNull)) {
    walk(checker.getTypeOfSymbol(property), `${at}[${JSON.stringify(property.name).replaceAll('"', "'")}]`);
  }
}
for (const { name, type } of declared) {
  if (!isInput(name) && name !== 'ListEnvelope') walk(type, `declared.${name}`);
}

// Both ways: each declaration is assignable to its schema's type, and that type to it.
const modules = Object.keys(PUBLIC);
const alias = (module) => module.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
const test = `// Generated by scripts/generate-sdk-types.mjs: do not edit. The declared public types
// (types.ts) and the types the contract's schemas give agree both ways; checked by
// \`npm run typecheck\`, which compiles this file.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { UnknownKind } from './core/fields.js';
${modules.map((module) => `import type * as ${alias(module)} from './contract/${module}.js';`).join('\n')}
import type * as declared from './types.js';

/** True when each of A and B is assignable to the other. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <A, B>(check: Agree<A, B>): Agree<A, B> => check;

describe('the declared public types', () => {
  it('agree with the schemas both ways', () => {
    const checks = [
${declared
  .map(({ name, module }) =>
    name === 'ListEnvelope'
      ? `      agree<declared.ListEnvelope<string>, ${alias(module)}.ListEnvelope<string>>(true),`
      : `      agree<declared.${name}, ${alias(module)}.${name}>(true),`,
  )
  .join('\n')}
    ];
    expect(checks.every(Boolean)).toBe(true);
  });
});

/*
 * Every tolerant union of the public types narrows on its discriminant: comparing it with a known
 * value leaves that variant only (the fallback's discriminant is \`UnknownKind\`), and ruling out
 * every known value leaves the fallback. Checked by the typecheck; the list is found by the
 * generator (${tolerantUnions.length} unions).
 */
describe('the tolerant unions', () => {
  it('narrow on their discriminant', () => {
    const narrowing = [
${tolerantUnions
  .map(
    ({ expr, key, values, optional }) => `      (value: ${expr}) => {
${values
  .map(
    (value) =>
      `        if (value.${key} === '${value}') expectTypeOf(value).toEqualTypeOf<Extract<${expr}, { ${key}: '${value}' }>>();`,
  )
  .join('\n')}
        if (${values.map((value) => `value.${key} !== '${value}'`).join(' && ')}) {
          expectTypeOf(value.${key}).toEqualTypeOf<UnknownKind${optional ? ' | undefined' : ''}>();
        }
      },`,
  )
  .join('\n')}
    ];
    expect(narrowing).toHaveLength(${tolerantUnions.length});
  });
});
`;
await write(`${sdk}src/types.test.ts`, test);
console.log(
  `wrote ${declared.length} declarations to packages/sdk/src/types.ts and their checks to types.test.ts`,
);
console.log(
  `tolerant unions (${tolerantUnions.length}):\n${tolerantUnions.map(({ expr, key, values }) => `  ${expr}: ${key} = ${values.join(' | ')} | UnknownKind`).join('\n')}`,
);
