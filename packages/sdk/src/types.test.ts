/*
 * The declared types say what the document requires: a field it requires is required (no `?.`
 * or `!` to read it), the fallback of a union keeps the fields every variant has, and a field the
 * document does not name is a compile error. `tsc --noEmit` (npm run typecheck) checks them; the
 * same checks run against the packed tarballs under TypeScript 5.9 and 7 (test/packaging).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChangeRequest,
  Organization,
  Revision,
  RevisionPage,
  Site,
  Space,
  Translation,
  UnknownKind,
} from './index.js';

describe('a field the document requires', () => {
  it('is required in the type', () => {
    expectTypeOf<Space['title']>().toEqualTypeOf<string>();
    expectTypeOf<Space['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<Space>().toHaveProperty('urls');
    expectTypeOf<Translation['status']>().toExtend<string>();
    expectTypeOf<undefined>().not.toExtend<Translation['status']>();
    expectTypeOf<Site['urls']>().not.toExtend<undefined>();
    expectTypeOf<ChangeRequest['createdBy']>().not.toExtend<undefined>();
    expectTypeOf<Organization['title']>().toEqualTypeOf<string>();
  });

  it('stays optional where the document makes it so', () => {
    expectTypeOf<undefined>().toExtend<Space['parent']>();
    expectTypeOf<undefined>().toExtend<Translation['result']>();
  });

  it('makes a misspelt field a compile error', () => {
    const read = (space: Space) => {
      // @ts-expect-error `titel` is not a field of a space.
      return space.titel as unknown;
    };
    expectTypeOf(read).returns.toBeUnknown();
  });
});

describe('a union', () => {
  it('reads the fields every variant has without narrowing (`page.id`, `revision.id`)', () => {
    const pageId = (page: RevisionPage) => page.id;
    const pageTitle = (page: RevisionPage) => page.title;
    const revisionId = (revision: Revision) => revision.id;
    expectTypeOf(pageId).returns.toEqualTypeOf<string>();
    expectTypeOf(pageTitle).returns.toEqualTypeOf<string>();
    expectTypeOf(revisionId).returns.toEqualTypeOf<string>();
  });

  it('keeps the kind of a variant not known yet as UnknownKind, and no field only some variants have', () => {
    const fallback = (page: RevisionPage) =>
      page.type === 'document' || page.type === 'group' || page.type === 'link' || page.type === 'computed'
        ? undefined
        : page;
    expectTypeOf(fallback).returns.toEqualTypeOf<Extract<RevisionPage, { type: UnknownKind }> | undefined>();
    const markdown = (page: RevisionPage) => {
      // @ts-expect-error only a document page has `markdown`: narrow first.
      return page.markdown as unknown;
    };
    expectTypeOf(markdown).returns.toBeUnknown();
  });
});
