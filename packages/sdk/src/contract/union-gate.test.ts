import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RevisionPageSchema } from '../generated/schemas/RevisionPage.js';
import * as documented from '../../test-support/documented.js';

/*
 * A union's options are tried only when the value may be of them (schema.ts `gated`): a page of the
 * document's RevisionPageDocument (a oneOf of a computed and a plain form, each holding `pages` of
 * the same union) was parsed once per form per level, 2^depth times at the leaves.
 */

/** A document page with one child page, `depth` levels down (the document's page forms). */
const page = (depth: number): Record<string, unknown> => ({
  ...documented.page(`page_${depth}`),
  title: `Level ${depth}`,
  slug: `level-${depth}`,
  path: `level-${depth}`,
  markdown: 'Some words.\n',
  pages: depth > 0 ? [page(depth - 1)] : [],
});

/** The fastest of seven parses, in ms. */
function parseTime(value: unknown): number {
  let best = Infinity;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    z.parse(RevisionPageSchema, value);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('a union of forms read from an answer', () => {
  it('parses a tree of pages in time linear in its depth, not exponential', () => {
    parseTime(page(4));
    const shallow = parseTime(page(6));
    const deep = parseTime(page(12));
    // Twice the pages: about twice the time. The exponential parse took 2^6 = 64 times as long.
    expect(deep / Math.max(shallow, 0.05)).toBeLessThan(12);
  });

  it('still reads each form: a computed page as computed, a plain one with its children', () => {
    const computed = {
      ...page(0),
      computed: { type: 'builtin:openapi', props: {}, dependencies: {} },
      computedSeed: 'seed',
    };
    const parsed = z.parse(RevisionPageSchema, { ...page(1), pages: [computed] }) as {
      pages: { computed?: unknown; computedSeed?: string }[];
    };
    expect(parsed.pages[0]).toMatchObject({ computedSeed: 'seed', computed: { type: 'builtin:openapi' } });
  });

  it('keeps a page of a kind this version does not know, as it came', () => {
    const parsed = z.parse(RevisionPageSchema, { id: 'page_9', title: 'New', type: 'brand-new', extra: 1 });
    expect(parsed).toEqual({ id: 'page_9', title: 'New', type: 'brand-new', extra: 1 });
  });
});
