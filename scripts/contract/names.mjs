// Naming rules of the generated contract: one rule each for a tag's resource, an operation's
// method and the types; packages/sdk/overlay.yaml holds the exceptions, each with its reason.

/** `listOpenAPISpecs` -> ['list', 'Open', 'API', 'Specs']; `getChangeRequestPDF` -> [..., 'PDF']. */
/** Names that are one word though written in two (`OpenAPI`, `GitHub`). */
const COMPOUNDS = ['OpenAPI', 'GitHub', 'GitLab', 'GitBook'];

export function words(identifier) {
  let text = identifier;
  COMPOUNDS.forEach((compound, index) => {
    text = text.replaceAll(compound, ` \u0000${index} `);
  });
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith('\u0000') ? COMPOUNDS[Number(word.slice(1))] : word));
}

/** `site-share-links` -> `siteShareLinks`; words that are acronyms keep one capital (`getPdf`). */
export function camel(parts) {
  const list = typeof parts === 'string' ? words(parts) : parts;
  return list
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index === 0) return lower;
      // A compound keeps its inner capital (`listGitHubRepos`); an acronym has one (`getPdf`).
      const compound = COMPOUNDS.find((name) => name.toLowerCase() === lower);
      if (compound) return compound === 'OpenAPI' ? 'OpenApi' : compound;
      return lower[0].toUpperCase() + lower.slice(1);
    })
    .join('');
}

export function pascal(text) {
  const value = camel(text);
  return value[0].toUpperCase() + value.slice(1);
}

/** `shareLinks` -> ['share', 'link', 'links']: the nouns a method name need not repeat. */
export function nounsOf(resourceName) {
  const parts = words(resourceName).map((word) => word.toLowerCase());
  const nouns = new Set(parts);
  for (const part of parts) {
    nouns.add(singular(part));
    nouns.add(plural(singular(part)));
  }
  return nouns;
}

export function singular(word) {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('shes')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function plural(word) {
  if (word.endsWith('y') && !/[aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (word.endsWith('s')) return word;
  return `${word}s`;
}

/** The entity a path parameter names: `changeRequestId` -> ['change', 'request']. */
export function paramNouns(param) {
  const parts = words(param.replace(/(Id|Slug|Name)$/, '')).map((word) => word.toLowerCase());
  if (parts[0] === 'organization') parts.push('org');
  return parts;
}

/** Words left dangling once the nouns are gone: `getSiteById` -> get. */
const CONNECTORS = new Set(['by', 'id', 'in', 'for', 'of', 'from', 'to', 'on', 'with']);

/**
 * The method name of an operation on a resource: the operation id without the nouns of the
 * resource (and its parents) and of the path's context parameters, and without the connectors left
 * dangling. `getSiteById` on `sites` -> `get`; `listSiteShareLinks` on `sites.shareLinks` ->
 * `list`; `listChangeRequestsForSpace` on `changeRequests` -> `list`.
 */
export function methodName(operationId, resourcePath, path, extraNouns = []) {
  const [verb, ...rest] = words(operationId);
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const removable = new Set(extraNouns);
  for (const segment of resourcePath.split('.')) for (const noun of nounsOf(segment)) removable.add(noun);
  // The path's parameters name the context (`InSpace`, `ForOrganization`), except a last one that
  // ends the path: it names the object acted on (`updateTeamPermissionInSpace` keeps `Team`).
  const context = /\}$/.test(path) ? pathParams.slice(0, -1) : pathParams;
  for (const param of context) {
    for (const noun of paramNouns(param)) (removable.add(noun), removable.add(plural(noun)));
  }
  let kept = rest.filter((word) => !removable.has(word.toLowerCase()));
  // `ById`, `BySlug`, `ByName` name nothing the arguments do not.
  kept = kept.filter(
    (word, index) =>
      !(word === 'By' && ['Id', 'Slug', 'Name'].includes(kept[index + 1] ?? '')) &&
      !(['Id', 'Slug', 'Name'].includes(word) && kept[index - 1] === 'By'),
  );
  // A connector only makes sense before a kept word: drop one that ends the name or that another
  // connector follows (`getPageInByPath` -> `getPageByPath`).
  const trimmed = kept.filter((word, index) => {
    if (!CONNECTORS.has(word.toLowerCase())) return true;
    const next = kept[index + 1];
    return next !== undefined && !CONNECTORS.has(next.toLowerCase());
  });
  return camel([verb, ...trimmed]);
}

/** Parent tags whose children become sub-resources: `site-share-links` -> `sites.shareLinks`. */
const PARENTS = [
  ['change-requests', 'changeRequests'],
  ['change-request', 'changeRequests'],
  ['collection', 'collections'],
  ['organization', 'organizations'],
  ['openapi', 'openapi'],
  ['space', 'spaces'],
  ['site', 'sites'],
  ['team', 'teams'],
];

/** A tag's resource path by the rule: `site-share-links` -> `sites.shareLinks`, `git` -> `git`. */
export function resourceOfTag(tag) {
  for (const [prefix, parent] of PARENTS) {
    if (tag.startsWith(`${prefix}-`)) return `${parent}.${camel(tag.slice(prefix.length + 1))}`;
  }
  return camel(tag);
}
