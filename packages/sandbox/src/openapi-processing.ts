import { parse as parseYaml } from 'yaml';

/*
 * What the sandbox does with an OpenAPI spec's source, as the service processes one: read it
 * (text as given, or fetched from a loopback URL), parse it as YAML or JSON, and validate it
 * against the OpenAPI schemas of its version from @seriousme/openapi-schema-validator (the
 * schemas the CLI checks specs with before sending them). The result is what the spec shows
 * once processing ends: a version, or an error code and the errors found.
 */

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

export interface ProcessingError {
  code: string;
  message: string;
}

/** A success carries the source's text when the sandbox read it (text given, or a loopback URL fetched). */
export type ProcessingResult =
  { ok: true; text?: string } | { ok: false; code: string; errors: ProcessingError[] };

/** Sources on this host never answer: their processing fails with FETCH_TIMEOUT. */
export const UNREACHABLE_HOST = 'unreachable.test';
/** How long the sandbox pretends to have waited for an unreachable source. */
const FETCH_TIMEOUT_SECONDS = 30;
/** A fetched source larger than this is refused, as a body over the sandbox's limit would be. */
const MAX_SOURCE_BYTES = 5 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Parses and validates a spec's text. */
export async function processText(text: string): Promise<ProcessingResult> {
  let document: unknown;
  try {
    // As the service's parser: YAML merge keys, and up to 10,000 alias uses.
    document = parseYaml(text, { maxAliasCount: 10_000, merge: true });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? 'cannot be parsed';
    return {
      ok: false,
      code: 'PARSE_ERROR',
      errors: [{ code: 'PARSE_ERROR', message: `Not YAML or JSON: ${message}` }],
    };
  }
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    return {
      ok: false,
      code: 'PARSE_ERROR',
      errors: [{ code: 'PARSE_ERROR', message: 'An OpenAPI spec is an object' }],
    };
  }
  const declared =
    (document as { openapi?: unknown; swagger?: unknown }).openapi ??
    (document as { swagger?: unknown }).swagger;
  const major =
    typeof declared === 'string'
      ? declared === '2.0'
        ? '2.0'
        : /^(3\.[0-2])\.\d/.exec(declared)?.[1]
      : undefined;
  if (!major) {
    return {
      ok: false,
      code: 'PARSE_ERROR',
      errors: [
        { code: 'INVALID', message: 'Unsupported version: swagger "2.0", or openapi 3.0.x, 3.1.x or 3.2.x' },
      ],
    };
  }
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  // Its schemas only: the library's own $ref pass takes every key named $ref, $id or $anchor
  // for a keyword (a property named $ref, a $ref inside an example), which the service does not.
  const validate = (
    new Validator({ allErrors: true }) as unknown as { getAjvValidator(v: string): AjvValidate }
  ).getAjvValidator(major);
  const result = validate(document)
    ? { valid: true as const }
    : {
        valid: false as const,
        // 3.1's schema refuses component names outside its pattern; the service takes them.
        errors: (validate.errors ?? []).filter(
          (error) =>
            !(
              /^\/components\/[^/]+$/.test(error.instancePath) &&
              ['propertyNames', 'pattern'].includes(error.keyword)
            ),
        ),
      };
  if (result.valid) return { ok: true, text };
  const errors = result.errors
    .filter((error) => !['oneOf', 'anyOf', 'if', 'then', 'else'].includes(error.keyword))
    .map((error) => ({
      code: 'INVALID',
      message: `${error.instancePath || '/'}: ${error.message ?? 'is not valid'}${
        typeof error.params.additionalProperty === 'string' ? ` (${error.params.additionalProperty})` : ''
      }`,
    }));
  return {
    ok: false,
    code: 'PARSE_ERROR',
    errors: errors.length ? errors : [{ code: 'INVALID', message: 'The spec is not valid' }],
  };
}

/**
 * Processes a URL source. The sandbox reaches only loopback hosts (a spec served by a test or
 * by the user on this machine); any other URL is taken as fetched and valid, except those on
 * `unreachable.test`, which time out.
 */
export async function processUrl(url: string): Promise<ProcessingResult> {
  const parsed = new URL(url);
  if (parsed.hostname === UNREACHABLE_HOST) {
    return {
      ok: false,
      code: 'FETCH_TIMEOUT',
      errors: [
        {
          code: 'FETCH_TIMEOUT',
          message: `Fetching ${url} timed out after ${FETCH_TIMEOUT_SECONDS} seconds`,
        },
      ],
    };
  }
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) return { ok: true };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_SOURCE_BYTES) throw new Error('larger than 5 MiB');
    return await processText(text);
  } catch (error) {
    return {
      ok: false,
      code: 'FETCH_ERROR',
      errors: [{ code: 'FETCH_ERROR', message: `Fetching ${url} failed: ${(error as Error).message}` }],
    };
  }
}
