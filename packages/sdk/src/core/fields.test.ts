/*
 * Types that catch mistakes: a typo in a field or a kind is a compile error (the `@ts-expect-error`
 * lines fail `npm run typecheck` if it ever compiles again), unknown fields are kept at run time
 * and read through `extraFields()`, and tolerant unions narrow on what they carry. Every tolerant
 * union's narrowing is checked in types.test.ts (generated); here, what a script author writes.
 */
import nock from 'nock';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
// The generated schemas of the types under test (the contract's own modules, as the SDK reads answers;
// a schema lives in the module of the operations that use it, so its file is not its name).
import { ChangeRequestRequestedReviewerSchema as RequestedReviewerSchema } from '../generated/schemas/ChangeRequestRequestedReviewer.js';
import { ContentRefSchema } from '../generated/schemas/Link.js';
import { CustomizationFaviconSchema } from '../generated/schemas/ContentRefOpenAPI.js';
import { SiteSchema } from '../generated/schemas/IntegrationSiteInstallation.js';
import {
  extraFields,
  ResponseValidationError,
  type ChangeRequestRequestedReviewer as RequestedReviewer,
  type ContentRef,
  type CustomizationFavicon,
  type Revision,
  type Site,
  type UnknownKind,
} from '../index.js';
import { API, makeClient, rejection, siteFixture, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

useNockLifecycle();

describe('the response types', () => {
  it('make a misspelt field a compile error, and name every field they read', () => {
    const read = (site: Site): unknown[] => [
      site.hostname,
      // @ts-expect-error `hostName` is not a field of a site (it is `hostname`).
      site.hostName,
      // @ts-expect-error nested objects name their fields too (`proxy.origin`).
      site.proxy?.orign,
      // @ts-expect-error a field the service may add is not typed: read it with extraFields().
      site.betaFeature,
    ];
    expectTypeOf<Site['hostname']>().toEqualTypeOf<string | null | undefined>();
    // What the compile errors spare a script: at run time a typo reads nothing.
    const site = z.parse(
      SiteSchema,
      siteFixture('site_1', { hostname: 'docs.example.com', betaFeature: 1 }),
    ) as Site;
    expect(read(site)).toEqual(['docs.example.com', undefined, undefined, 1]);
  });

  it('keep open enums open: a value this version does not list is a string like the others', () => {
    const visibility: Site['visibility'] = 'brand-new-visibility';
    expectTypeOf<'public'>().toExtend<Site['visibility']>();
    expect(visibility).toBe('brand-new-visibility');
    const site = z.parse(SiteSchema, siteFixture('site_1', { visibility: 'brand-new-visibility' })) as Site;
    expect(site.visibility).toBe('brand-new-visibility');
  });
});

describe('extraFields()', () => {
  it('reads the fields a site came with that its type does not name, typed unknown', async () => {
    nock(API)
      .get('/v1/orgs/org_1/sites/site_1')
      .reply(200, { ...siteFixture('site_1'), betaFeature: { enabled: true } });

    const site = await makeClient().sites.get('org_1', 'site_1');

    const extra = extraFields(site);
    expectTypeOf(extra).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expectTypeOf(extra['betaFeature']).toBeUnknown();
    expect(extra['betaFeature']).toEqual({ enabled: true });
    expect(extra['notSent']).toBeUndefined();
    // @ts-expect-error the view is read-only.
    extra['betaFeature'] = 1;
  });

  it('refuses what is not an object, naming what it got', () => {
    // @ts-expect-error a string is no object the SDK returned.
    expect(() => extraFields('site')).toThrow(/extraFields\(\) takes an object the SDK returned; got string/);
    // @ts-expect-error null neither.
    expect(() => extraFields(null)).toThrow(/got null/);
  });
});

describe('tolerant unions', () => {
  it('narrow on their discriminant, and a misspelt kind is a compile error', () => {
    const target = (ref: ContentRef): string => {
      if (ref.kind === 'user') return ref.user;
      if (ref.kind === 'page') return ref.page;
      // @ts-expect-error `usr` is no kind: the comparison has no overlap with the kinds.
      if (ref.kind === 'usr') return '';
      return String(ref.kind);
    };
    const reviewer = (r: RequestedReviewer) =>
      r.kind === 'team' ? r.team.id : r.kind === 'user' ? r.user.id : undefined;
    const mergedFrom = (revision: Revision) =>
      revision.type === 'merge' ? revision.mergedFrom?.id : undefined;
    expectTypeOf(reviewer).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(mergedFrom).returns.toEqualTypeOf<string | undefined>();

    expect(target({ kind: 'user', user: 'u_1' })).toBe('u_1');
    expect(
      target(z.parse(ContentRefSchema, { kind: 'organization', organization: 'o_1' }) as ContentRef),
    ).toBe('organization');
  });

  it('give a variant not known yet its discriminant as UnknownKind, its data kept', () => {
    const unknown = z.parse(ContentRefSchema, { kind: 'organization', organization: 'o_1' }) as ContentRef;
    if (
      unknown.kind === 'file' ||
      unknown.kind === 'url' ||
      unknown.kind === 'page' ||
      unknown.kind === 'anchor'
    )
      throw new Error('a known kind');
    if (unknown.kind === 'user' || unknown.kind === 'collection' || unknown.kind === 'space')
      throw new Error('a known kind');
    if (unknown.kind === 'reusable-content' || unknown.kind === 'tag' || unknown.kind === 'openapi')
      throw new Error('a known kind');
    expectTypeOf(unknown.kind).toEqualTypeOf<UnknownKind>();
    expect(String(unknown.kind)).toBe('organization');
    expect(extraFields(unknown)['organization']).toBe('o_1');
  });

  it('refuse a known kind without its fields rather than pass it as an unknown one', () => {
    // The type says `kind: "user"` has a `user`: an answer that breaks it does not fit.
    expect(z.safeParse(ContentRefSchema, { kind: 'user' }).success).toBe(false);
    const request = {
      object: 'change-request-requested-reviewer',
      revision: 'rev_1',
      requestedBy: documented.user(),
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    expect(z.safeParse(RequestedReviewerSchema, { ...request, kind: 'user' }).success).toBe(false);
    // A review request of another kind is of a form not known yet: kept. One with no kind breaks the
    // document, which requires it (0.1 kept it too).
    expect(z.safeParse(RequestedReviewerSchema, { ...request, group: 'g_1' }).success).toBe(false);
    expect(z.safeParse(RequestedReviewerSchema, { ...request, kind: 'group', group: 'g_1' }).success).toBe(
      true,
    );
  });

  it('without a discriminant narrow with `in`: the other forms carry none of the known fields', () => {
    const describe = (icon: CustomizationFavicon): string =>
      'emoji' in icon && typeof icon.emoji === 'string'
        ? icon.emoji
        : 'icon' in icon && typeof icon.icon === 'object' && icon.icon !== null && 'light' in icon.icon
          ? String(icon.icon.light)
          : 'other';
    const favicon = (data: unknown) => z.parse(CustomizationFaviconSchema, data) as CustomizationFavicon;
    expect(describe(favicon({ emoji: '📘' }))).toBe('📘');
    expect(describe(favicon({ shape: 'round' }))).toBe('other');
    // An emoji that is not a string fits no form: it is refused, not passed as another form.
    expect(z.safeParse(CustomizationFaviconSchema, { emoji: 5 }).success).toBe(false);
  });

  it('make an answer with a known kind missing its fields a ResponseValidationError (strict policy)', async () => {
    nock(API)
      .get('/v1/orgs/org_1/sites/site_1')
      .reply(200, { ...siteFixture('site_1'), icon: { emoji: 5 } });

    const error = await rejection(makeClient().sites.get('org_1', 'site_1'), ResponseValidationError);
    expect(error.message).toMatch(/icon/);
  });
});
