import { parse as parseYaml } from 'yaml';

/*
 * What the sandbox does with an OpenAPI spec's source, as the service processes one: read it
 * (text as given, or fetched from a loopback URL), parse it as YAML or JSON, and validate it
 * against the OpenAPI schemas of its version with @seriousme/openapi-schema-validator (the
 * library the CLI checks specs with before sending them). The result is what the spec shows
 * once processing ends: a version, or an error code and the errors found.
 */

export interface ProcessingError {
  code: string;
  message: string;
}

export type ProcessingResult = { ok: true } | { ok: false; code: string; errors: ProcessingError[] };

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
    document = parseYaml(text, { maxAliasCount: 100 });
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
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator({ allErrors: true });
  let result: Awaited<ReturnType<typeof validator.validate>>;
  try {
    // An object, never a string: given a one-line string the library reads it as a file path.
    result = await validator.validate(document as Record<string, unknown>);
  } catch (error) {
    return {
      ok: false,
      code: 'PARSE_ERROR',
      errors: [{ code: 'INVALID', message: (error as Error).message }],
    };
  }
  if (result.valid) return { ok: true };
  const errors =
    typeof result.errors === 'string'
      ? [{ code: 'INVALID', message: result.errors }]
      : (result.errors ?? [])
          .filter((error) => !['oneOf', 'anyOf', 'if', 'then', 'else'].includes(error.keyword))
          .map((error) => ({
            code: 'INVALID',
            message: `${error.instancePath || '/'}: ${error.message ?? 'is not valid'}${
              typeof error.params.additionalProperty === 'string'
                ? ` (${error.params.additionalProperty})`
                : ''
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
