import { RequestValidationError } from './errors.js';

/**
 * Percent-encodes one path segment. `.` and `..` are refused because URL normalisation
 * would turn them into a different path: an id must never be able to change the route.
 */
export function encodePathSegment(name: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new RequestValidationError('path', [{ path: name, message: 'is required (a string)' }]);
  }
  const text = String(value);
  if (text === '') {
    throw new RequestValidationError('path', [{ path: name, message: 'must not be empty' }]);
  }
  if (text === '.' || text === '..') {
    throw new RequestValidationError('path', [{ path: name, message: `must not be "${text}"` }]);
  }
  return encodeURIComponent(text);
}

/** Fills a contract path template such as `/v1/orgs/{organizationId}/sites`. */
export function expandPath(
  template: string,
  params: Readonly<Record<string, unknown>>,
  pathValued: readonly string[] = [],
): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
    // A parameter whose value is a path (`pagePath`): each segment encoded, the slashes kept.
    pathValued.includes(name)
      ? String(params[name])
          .split('/')
          .map((segment) => encodePathSegment(name, segment))
          .join('/')
      : encodePathSegment(name, params[name]),
  );
}

/** The parameter names of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/**
 * Tagged template for `client.request()`: every interpolated value is one encoded segment.
 *
 * @example path`/v1/orgs/${orgId}/sites/${siteId}`
 */
export function path(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (result, chunk, index) =>
      result + chunk + (index < values.length ? encodePathSegment(`#${index}`, values[index]) : ''),
    '',
  );
}
