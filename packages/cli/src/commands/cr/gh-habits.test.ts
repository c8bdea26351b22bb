import { describe, expect, it } from 'vitest';
import type { ChangeRequest } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
import CrEdit from './edit.js';
import CrReady from './ready.js';
import CrStatus, { type ChangeRequestStatusReport } from './status.js';
import CrCommentsAdd from './comments/add.js';

/* gh's `pr ready`, `pr status` and `pr comment` (issue 31, item 4). */

const cli = useInProcessCli();

describe('docs cr ready', () => {
  it('opens a draft, says so when already open, refuses a merged one', async () => {
    const made = await cli.run(CrEdit, ['space_guides', '1', '--status', 'draft']);
    expect(made.code).toBe(0);
    const draft = { space: 'space_guides', number: 1 };
    const ready = await cli.run(CrReady, [draft.space, String(draft.number), '--json']);
    expect(ready.code).toBe(0);
    expect((JSON.parse(ready.stdout) as ChangeRequest).status).toBe('open');
    const again = await cli.run(CrReady, [draft.space, String(draft.number)]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('is already open: nothing changed');
    const refused = await cli.run(CrReady, ['space_api', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Change request #1 is merged: only a draft is made ready');
  });
});

describe('docs cr status', () => {
  it('lists what waits for my review and mine, with their state', async () => {
    const result = await cli.run(CrStatus, ['--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as ChangeRequestStatusReport;
    // The seed: user_ada created cr_terms and is asked to review cr_quickstart.
    expect(report.created.map((cr) => cr.id)).toEqual(['cr_terms']);
    expect(report.reviewRequested.map((cr) => cr.id)).toEqual(['cr_quickstart']);
    const human = await cli.run(CrStatus, []);
    expect(human.stderr).toContain('Waiting for your review');
    expect(human.stderr).toContain('Created by you');
    expect(human.stdout).toMatch(/space_legal\s+1\s/);
    expect(human.stdout).toMatch(/space_guides\s+2\s/);
  });
});

describe('docs cr comment', () => {
  it('is an alias of cr comments add', () => {
    expect(CrCommentsAdd.aliases).toContain('cr:comment');
  });
});
