import { isDeepStrictEqual } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { documentFromText } from '../contract/documents.js';
import { RequestValidationError, ResponseValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const ORG = '/v1/orgs/org_1';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function organization(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.organization(),
    object: 'organization',
    id: 'org_1',
    title: 'Acme Inc',
    emailDomains: ['acme.test'],
    ...overrides,
  };
}

/** A nock body matcher: the body sent must be exactly `expected`. */
const sameAs = (expected: unknown) => (sent: unknown) => isDeepStrictEqual(sent, expected);

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  // Each path once: a field may break two rules (a title of one character: its length and its pattern).
  return [...new Set(error.issues.map((issue) => issue.path))];
}

useNockLifecycle();

describe('client.organizations.update', () => {
  it('sends the settings as a PATCH body and reads the organization back', async () => {
    const body = {
      title: 'Acme Corp',
      emailDomains: ['acme.test', 'acme-corp.test'],
      hostname: 'acme-corp',
      defaultRole: null,
      defaultContent: { type: 'site' as const, site: 'site_docs' },
      logo: 'https://cdn.acme.test/logo.png',
      sso: true,
      ai: false,
      inviteLinks: false,
      mergeRules: {
        type: 'rules' as const,
        rules: [{ rule: 'require_specific_reviewers' as const, users: ['u_1'] }],
      },
    };
    nock(API)
      .patch(ORG, body)
      .reply(200, organization({ title: 'Acme Corp', defaultRole: null, urls: { logo: body.logo } }));

    const updated = await client.organizations.update('org_1', body);

    expect(updated.title).toBe('Acme Corp');
    expect(updated.defaultRole).toBeNull();
    expect(updated.urls?.logo).toBe(body.logo);
  });

  it('refuses bad settings before sending, naming each field', async () => {
    expect(
      await invalidPaths(() =>
        // 0.1 also refused an email domain with `@` and a logo URL other than http(s): rules of its own
        // (docs/contract-notes.md), neither the extract's nor the document's, which take any string
        // and any URL.
        client.organizations.update('org_1', {
          title: '  ',
          hostname: 'Acme Docs',
          // @ts-expect-error: only `site` is a documented default content type
          defaultContent: { type: 'space', site: 'space_1' },
          // @ts-expect-error: `owner` is a team role, not an organization role
          defaultRole: 'owner',
        }),
      ),
    ).toEqual(['body.title', 'body.hostname', 'body.defaultRole', 'body.defaultContent.type']);
    expect(
      await invalidPaths(() =>
        // @ts-expect-error: `rules` needs its list of rules
        client.organizations.update('org_1', { mergeRules: { type: 'rules' }, plan: 'pro' }),
      ),
      // The merge rules are a union of forms: the issue names the field the form misses.
    ).toEqual(['body.mergeRules.rules', 'body.plan']);
  });

  it("checks the published document's forms and limits: merge rules, title length", async () => {
    expect(
      await invalidPaths(() =>
        // @ts-expect-error: an organization has nothing to inherit from (the document has no `inherit` here)
        client.organizations.update('org_1', { mergeRules: { type: 'inherit' } }),
      ),
    ).toEqual(['body.mergeRules.type']);
    expect(
      await invalidPaths(() =>
        client.organizations.update('org_1', {
          mergeRules: {
            type: 'rules',
            rules: [
              // The reviewers rule names its users.
              { rule: 'require_specific_reviewers' } as never,
              { rule: 'custom', expression: 'x'.repeat(1025) },
              { rule: 'require_two_approvals' } as never,
              { rule: 'require_at_least_one_review', users: ['u_1'] } as never,
            ],
          },
        }),
      ),
      // Each of these rules is refused, each issue naming the rule's field (as 0.1 did).
    ).toEqual([
      'body.mergeRules.rules.0.users',
      'body.mergeRules.rules.1.expression',
      'body.mergeRules.rules.2.rule',
      'body.mergeRules.rules.3.users',
    ]);
    expect(await invalidPaths(() => client.organizations.update('org_1', { title: 'A' }))).toEqual([
      'body.title',
    ]);
    expect(
      await invalidPaths(() => client.organizations.update('org_1', { title: 'A'.repeat(256) })),
    ).toEqual(['body.title']);
  });

  it('sends null to remove the default content and the logo, and the rule forms of the document', async () => {
    const body = {
      defaultContent: null,
      logo: null,
      mergeRules: {
        type: 'rules' as const,
        rules: [
          { rule: 'require_at_least_one_approved_review' as const },
          { rule: 'custom' as const, expression: 'changeRequest.subject != ""', message: 'Add a subject' },
        ],
      },
    };
    nock(API).patch(ORG, body).reply(200, organization());
    await client.organizations.update('org_1', body);

    nock(API)
      .patch(ORG, { mergeRules: { type: 'none' } })
      .reply(200, organization({ mergeRules: { type: 'none' } }));
    expect((await client.organizations.update('org_1', { mergeRules: { type: 'none' } })).mergeRules).toEqual(
      {
        type: 'none',
      },
    );
  });

  // The billing lacks `pricing.sites`, which the document requires: drift, read under `warn`.
  it('reads the billing, trial and merge-rule fields tolerantly, new enum values included', async () => {
    nock(API)
      .get(ORG)
      .twice()
      .reply(
        200,
        organization({
          plan: 'enterprise_2026',
          billing: {
            ...documented.organizationBilling(),
            interval: 'yearly',
            pricing: { members: { pro_2024: { monthly: 8, yearly: 80 } } },
          },
          trial: { status: 'active', count: 1 },
          mergeRules: { type: 'rules', rules: [{ rule: 'require_two_approvals' }] },
          futureField: { anything: true },
        }),
      );

    const logger = { warn: vi.fn() };
    const tolerant = makeClient({ token: 'tok_test', maxRetries: 0, responseValidation: 'warn', logger });

    const org = await tolerant.organizations.get('org_1');
    await tolerant.organizations.get('org_1');

    // Reported once, though read twice.
    expect(logger.warn.mock.calls.map(([, detail]) => (detail as { path: string }).path)).toEqual([
      'billing.pricing.sites',
    ]);
    expect(org.billing?.pricing?.members?.pro_2024?.yearly).toBe(80);
    expect(org.mergeRules?.type === 'rules' && org.mergeRules.rules[0]?.rule).toBe('require_two_approvals');
    expect(org).toHaveProperty('futureField', { anything: true });
  });
});

describe('client.organizations: join, ping, invites', () => {
  it('joins with an empty POST, retried on 503: the contract declares joining idempotent', async () => {
    const retrying = makeClient({ token: 'tok_test', maxRetries: 2 });
    nock(API)
      .post(`${ORG}/join`)
      .reply(503, { error: { message: 'busy' } }, { 'retry-after': '0' })
      .post(`${ORG}/join`)
      .reply(204);

    await expect(retrying.organizations.join('org_1')).resolves.toBeUndefined();
  });

  it('pings and returns the service visitor claims', async () => {
    nock(API).post(`${ORG}/ping`).reply(200, { serviceVisitorClaims: 'eyJ.abc.def' });

    expect(await client.organizations.ping('org_1')).toEqual({ serviceVisitorClaims: 'eyJ.abc.def' });
  });

  it("deletes an invite link, and refuses an id the document's EntityId does not allow", async () => {
    nock(API).delete(`${ORG}/link-invites/inv_1`).reply(204);

    await expect(client.organizations.deleteInvite('org_1', 'inv_1')).resolves.toBeUndefined();
    expect(await invalidPaths(() => client.organizations.deleteInvite('org_1', 'inv/1'))).toEqual([
      'path.inviteId',
    ]);
  });
});

describe('client.organizations.search', () => {
  const item = {
    ...documented.searchResult('space_1'),
    title: 'Handbook',
    pages: [
      {
        ...documented.searchPage('page_1'),
        title: 'Installation',
        path: 'getting-started/installation',
        sections: [{ ...documented.searchSection('installation'), path: 'x#installation', body: 'npm i' }],
        ancestors: [{ title: 'Getting started' }],
        urls: { app: 'https://app.test/s/space_1/getting-started/installation' },
      },
    ],
  };

  it('sends the query and walks the pages of results', async () => {
    nock(API)
      .get(`${ORG}/search`)
      .query({ query: 'install', limit: '1' })
      .reply(200, { items: [item], next: { page: 'p2' } })
      .get(`${ORG}/search`)
      .query({ query: 'install', limit: '1', page: 'p2' })
      .reply(200, { items: [{ ...item, id: 'space_2', pages: [] }] });

    const all = await client.organizations
      .search('org_1', { query: 'install', limit: 1 })
      .toArray({ max: 10 });

    expect(all.map((result) => result.id)).toEqual(['space_1', 'space_2']);
    expect(all[0]?.pages?.[0]?.ancestors).toEqual([{ title: 'Getting started' }]);
  });

  // The extract's rule is a non-empty query (0.1 also refused a blank one, a rule of its own).
  it('requires a non-empty query', async () => {
    // @ts-expect-error: `query` is required
    expect(await invalidPaths(() => client.organizations.search('org_1', {}))).toEqual(['query.query']);
    expect(await invalidPaths(() => client.organizations.search('org_1', { query: '' }))).toEqual([
      'query.query',
    ]);
  });

  // The document requires `type`, `title`, `score` and `pages` beside `id`: a result of only an id
  // is drift, passed on under `warn` and reported once; strict reading refuses a result without an id.
  it('reads a result without pages under warn, reporting the drift once, and fails on one without an id', async () => {
    nock(API)
      .get(`${ORG}/search`)
      .query({ query: 'x' })
      .twice()
      .reply(200, { items: [{ id: 'space_1' }] });
    const logger = { warn: vi.fn() };
    const tolerant = makeClient({ token: 'tok_test', maxRetries: 0, responseValidation: 'warn', logger });

    expect((await tolerant.organizations.search('org_1', { query: 'x' })).items).toEqual([{ id: 'space_1' }]);
    await tolerant.organizations.search('org_1', { query: 'x' });
    expect(logger.warn.mock.calls.map(([, detail]) => (detail as { path: string }).path).sort()).toEqual([
      'items.0.pages',
      'items.0.score',
      'items.0.title',
      'items.0.type',
    ]);

    const { id: _id, ...withoutId } = documented.searchResult();
    nock(API)
      .get(`${ORG}/search`)
      .query({ query: 'x' })
      .reply(200, { items: [withoutId] });
    const error = await rejection(
      client.organizations.search('org_1', { query: 'x' }),
      ResponseValidationError,
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['items.0.id']);
  });

  it('refuses a query longer than the published document allows (512) before sending', async () => {
    expect(
      await invalidPaths(() => client.organizations.search('org_1', { query: 'x'.repeat(513) })),
    ).toEqual(['query.query']);
  });
});

describe('client.organizations: agent instructions and email domains', () => {
  it('reads and replaces the agent instructions', async () => {
    const instructions = documentFromText('Answer in English.\nCite the page.');
    const answer = {
      object: 'agent-instructions',
      instructions,
      updatedAt: '2026-01-01T00:00:00.000Z',
      // The document's `updatedBy` is the member's id (the extract does not say; 0.1 read a user too).
      updatedBy: 'user_ada',
      urls: { location: `${ORG}/agent-instructions` },
    };
    nock(API)
      .put(`${ORG}/agent-instructions`, sameAs({ instructions }))
      .reply(200, answer)
      .get(`${ORG}/agent-instructions`)
      .reply(200, { ...answer, updatedBy: null });

    const updated = await client.organizations.updateAgentInstructions('org_1', instructions);
    const read = await client.organizations.getAgentInstructions('org_1');

    expect(updated.instructions?.nodes).toHaveLength(2);
    expect(updated.updatedBy).toBe('user_ada');
    expect(read.updatedBy).toBeNull();
  });

  it('refuses instructions that are not a document', async () => {
    expect(
      await invalidPaths(() =>
        // @ts-expect-error: a document is required
        client.organizations.updateAgentInstructions('org_1', { object: 'block', nodes: [] }),
      ),
      // The published document also requires a document's `data`.
    ).toEqual(['body.instructions.object', 'body.instructions.data']);
  });

  it('looks organizations up by email domain', async () => {
    nock(API)
      .get('/v1/email-domains/acme.test/orgs')
      .reply(200, { organizations: [organization(), organization({ id: 'org_2' })] });

    const found = await client.organizations.listByEmailDomain('acme.test');

    expect(found.organizations.map((org) => org.id)).toEqual(['org_1', 'org_2']);
  });
});
