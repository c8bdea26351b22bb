import { describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 11, 12) });
const ORG = 'org_acme';
const T0 = '2026-03-01T00:00:00.000Z';

function auditEvent(id: string, action: string, organization = ORG) {
  return {
    family: '/v1/orgs/{organizationId}/audit-events',
    scope: organization,
    id,
    value: {
      object: 'audit-event',
      id,
      occurredAt: T0,
      action,
      actor: { type: 'user', id: 'user_ada' },
      source: 'api',
      target: { type: 'space', id: 'space_guides' },
      urls: { location: `https://api.test/v1/orgs/${organization}/audit-events/${id}` },
    },
  };
}

const conversation = (id: string, title: string) => ({
  family: '/v1/orgs/{organizationId}/agent/conversations',
  scope: ORG,
  id,
  value: { object: 'agent-conversation', id, title, shared: true, createdAt: T0, updatedAt: T0 },
});

const fixtures = {
  version: 1 as const,
  resources: [
    auditEvent('0b9f3c1e-0000-4000-8000-000000000001', 'space.create'),
    auditEvent('0b9f3c1e-0000-4000-8000-000000000002', 'member_role.update'),
    auditEvent('0b9f3c1e-0000-4000-8000-000000000003', 'space.create'),
    auditEvent('0b9f3c1e-0000-4000-8000-000000000004', 'site.publish', 'org_gamma'),
    conversation('conv_1', 'Draft the release notes'),
  ],
};

describe("an organization's AI usage", () => {
  it('answers every bucket of the range with no credit spent, the range capped at the clock', async () => {
    const { client } = setup();
    const { data: usage, response } = await client.organizations
      .getAiUsage(ORG, { from: '2026-03-08T00:00:00Z', to: '2026-04-01T00:00:00Z' })
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(usage.from).toBe('2026-03-08T00:00:00.000Z');
    // The clock reads 2026-03-11: the range stops there.
    expect(usage.to.slice(0, 10)).toBe('2026-03-11');
    expect(usage.periods.map((period) => period.date)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(
      usage.periods.every((period) => period.credits === 0 && (period.features ?? []).length === 0),
    ).toBe(true);

    const weeks = await client.organizations.getAiUsage(ORG, {
      from: '2026-03-04T00:00:00Z',
      to: '2026-03-11T00:00:00Z',
      interval: 'week',
    });
    // Weeks start on Monday: 2026-03-02 and 2026-03-09.
    expect(weeks.periods.map((period) => period.date)).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('answers no bucket for a backwards range; refuses non-admins and unknown organizations', async () => {
    const { client } = setup();
    const backwards = await client.organizations.getAiUsage(ORG, {
      from: '2026-03-10T00:00:00Z',
      to: '2026-03-01T00:00:00Z',
    });
    expect(backwards.periods).toEqual([]);
    await failure(
      client.organizations.getAiUsage('org_beta', {
        from: '2026-03-01T00:00:00Z',
        to: '2026-03-02T00:00:00Z',
      }),
      PermissionDeniedError,
    );
    await failure(
      client.organizations.getAiUsage('org_nope', {
        from: '2026-03-01T00:00:00Z',
        to: '2026-03-02T00:00:00Z',
      }),
      NotFoundError,
    );
  });
});

describe("an organization's audit event actions", () => {
  it("lists the actions of the organization's audit events, once each", async () => {
    const { client } = setup({ fixtures });
    const { data, response } = await client.organizations.listAuditEventActions(ORG).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.items).toEqual([
      { object: 'audit-event-action', id: 'member_role.update', label: 'Member role update' },
      { object: 'audit-event-action', id: 'space.create', label: 'Space create' },
    ]);
    await failure(client.organizations.listAuditEventActions('org_beta'), PermissionDeniedError);
    await failure(client.organizations.listAuditEventActions('org_nope'), NotFoundError);
  });
});

describe('renaming an agent conversation', () => {
  it('changes the row the list shows; 404 for an unknown conversation', async () => {
    const { client } = setup({ fixtures });
    const renamed = await client.organizations.updateAgentConversation(ORG, 'conv_1', {
      title: 'Release notes v2',
    });
    expect(renamed).toMatchObject({ id: 'conv_1', title: 'Release notes v2', shared: true, createdAt: T0 });
    expect(renamed.updatedAt).not.toBe(T0);
    const listed = await client.organizations.listAgentConversations(ORG);
    expect(listed.items.map((item) => [item.id, item.title])).toEqual([['conv_1', 'Release notes v2']]);
    await failure(
      client.organizations.updateAgentConversation(ORG, 'conv_nope', { title: 'x' }),
      NotFoundError,
    );
    await failure(
      client.organizations.updateAgentConversation('org_nope', 'conv_1', { title: 'x' }),
      NotFoundError,
    );
  });
});
