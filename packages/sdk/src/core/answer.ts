import type { ErrorMessages } from '../contract/request-issues.js';
import { ResponseValidationError } from './errors.js';
import type { Logger } from './logger.js';
import { redactBody } from './redact.js';

/*
 * Reading a success answer: JSON, then the client's response policy (docs/sdk.md):
 * - `strict` (default): throw `ResponseValidationError` with the issues and the raw data;
 * - `warn`: log each drift once per client through `logger.warn`, and use the data as received;
 * - `off`: do not check responses against the schemas (bodies are still parsed as JSON).
 */

export type ResponseValidation = 'strict' | 'warn' | 'off';
export const RESPONSE_VALIDATION_MODES: readonly ResponseValidation[] = ['strict', 'warn', 'off'];

/**
 * What the SDK needs of a schema that checks an answer: a zod schema (`zod` or `zod/mini`) fits.
 * Declared here so that the SDK's public types do not depend on zod's.
 */
export interface ResponseSchema<T> {
  safeParse(
    data: unknown,
    params?: { error?: (issue: never) => unknown },
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Drifts remembered per client, so a long-lived client cannot grow without bound. */
const MAX_DRIFT_KEYS = 1000;

/** Reads answers for one client: its policy, its logger, and the drifts it has reported. */
export class AnswerReader {
  readonly #mode: ResponseValidation;
  readonly #logger: Logger | undefined;
  readonly #drift = new Set<string>();

  constructor(mode: ResponseValidation, logger: Logger | undefined) {
    this.#mode = mode;
    this.#logger = logger;
  }

  /**
   * The data of a success answer. `label` names the operation; `secrets` are kept out of an
   * error's data. Synchronous for an answer that fits (every `await` of a call comes here).
   */
  read(
    text: string,
    schema: ResponseSchema<unknown> | undefined,
    rawJson: boolean,
    label: string,
    secrets: readonly string[],
  ): unknown {
    if (!schema && !rawJson) return undefined;
    let json: unknown;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ResponseValidationError(
          label,
          [{ path: '', message: 'the body is not JSON' }],
          redactBody(text, secrets),
        );
      }
    }
    if (!schema || this.#mode === 'off') return json;
    const result = schema.safeParse(json);
    return result.success ? result.data : this.#misfit(schema, json, label, secrets);
  }

  /** An answer zod refused: read again with zod's English messages, then drift or error. */
  async #misfit(
    schema: ResponseSchema<unknown>,
    json: unknown,
    label: string,
    secrets: readonly string[],
  ): Promise<unknown> {
    const messages = await loadZodMessages();
    const result = schema.safeParse(json, messages ? { error: messages } : undefined);
    if (result.success) return result.data;
    if (this.#mode === 'warn' && json !== undefined) {
      this.#reportDrift(label, result.error.issues);
      return json;
    }
    throw new ResponseValidationError(
      label,
      json === undefined
        ? [{ path: '', message: 'the body is empty' }]
        : result.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
      redactBody(json, secrets),
    );
  }

  /** Logs each drift once per client: the key is the operation and the field path (array indexes as `*`). */
  #reportDrift(operation: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): void {
    for (const issue of issues) {
      const key = `${operation} ${issue.path.map((part) => (typeof part === 'number' ? '*' : String(part))).join('.')}`;
      if (this.#drift.has(key) || this.#drift.size >= MAX_DRIFT_KEYS) continue;
      this.#drift.add(key);
      const path = issue.path.map(String).join('.');
      const text = issue.message.replace(/^Invalid input: /, '');
      this.#logger?.warn?.(
        `Response drift in ${operation} at ${path || 'the top level'}: ${text} (the data is used as received)`,
        { operation, path, issue: text },
      );
    }
  }
}

let englishMessages: ErrorMessages | undefined;

/**
 * zod's English messages (contract/messages.ts), loaded the first time a check fails: a call
 * whose inputs and answer fit never needs them, and they are a tenth of the browser bundle.
 * When they cannot be loaded (a browser gone offline), zod's own short messages are used, and
 * the next failure tries again.
 */
export async function loadZodMessages(): Promise<ErrorMessages | undefined> {
  try {
    englishMessages ??= (await import('../contract/messages.js')).zodMessages as ErrorMessages;
  } catch {
    return undefined;
  }
  return englishMessages;
}
