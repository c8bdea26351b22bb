/**
 * The root of the SDK's error tree and the brand that keeps `instanceof` true across copies of
 * the SDK (errors.ts explains it). Apart so that errors.ts and api-errors.ts can both extend it.
 */

const BRAND = Symbol.for('@docs-api/sdk.error');

type Branded = { [BRAND]?: string };

/** Marks `errorClass` as the SDK's `name`, for `instanceof` across copies of the SDK. */
export function brand(errorClass: { prototype: object }, name: string): void {
  Object.defineProperty(errorClass.prototype, BRAND, { value: name });
}

function hasBrand(value: object, name: string): boolean {
  for (
    let proto = Object.getPrototypeOf(value) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    if (Object.hasOwn(proto, BRAND) && (proto as Branded)[BRAND] === name) return true;
  }
  return false;
}

export class DocsError extends Error {
  override name = 'DocsError';

  static override [Symbol.hasInstance]<T>(
    this: abstract new (...args: never[]) => T,
    value: unknown,
  ): value is T {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const { prototype } = this as { prototype: object };
    if (typeof value !== 'object' || value === null || !Object.hasOwn(prototype, BRAND)) return false;
    return hasBrand(value, (prototype as Branded)[BRAND]!);
  }

  /**
   * `JSON.stringify(error)`: the name, the message and every field (headers as a plain object),
   * never the stack. Nothing secret: the fields were redacted when the error was made.
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const key of Object.keys(this)) {
      if (key !== 'name') json[key] = (this as Record<string, unknown>)[key];
    }
    if (this.cause !== undefined) json.cause = describeCause(this.cause);
    return json;
  }
}

function describeCause(cause: unknown): unknown {
  if (cause instanceof DocsError) return cause.toJSON();
  if (cause instanceof Error) {
    const { code } = cause as { code?: unknown };
    return { name: cause.name, message: cause.message, ...(code !== undefined ? { code } : {}) };
  }
  return cause;
}

brand(DocsError, 'DocsError');
