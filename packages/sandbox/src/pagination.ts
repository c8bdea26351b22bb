import { badRequest } from './errors.js';

/** Default page size when a request gives no `limit` (the contract leaves it open). */
export const DEFAULT_LIMIT = 50;

/** Slices a list into the contract's envelope; the page token is an opaque offset. */
export function paginate<T>(
  all: readonly T[],
  query: { page?: string | undefined; limit?: number | undefined },
): { items: T[]; count: number; next?: { page: string } } {
  const offset = query.page ? decodeToken(query.page) : 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const items = all.slice(offset, offset + limit);
  const nextOffset = offset + items.length;
  return {
    items,
    count: all.length,
    ...(nextOffset < all.length ? { next: { page: encodeToken(nextOffset) } } : {}),
  };
}

function encodeToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeToken(token: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw badRequest(`query.page: "${token}" is not a page token from a previous answer`);
  return Number(match[1]);
}
