import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * List tables at a real terminal of 60 and 120 columns: no line wider than the pane, one line
 * per row (none wrapped), ids whole, long text cut with an ellipsis.
 */

const lists: Array<{ args: string[]; ids: string[] }> = [
  { args: ['cr', 'list', 'space_handbook', '--status', 'all'], ids: ['1', '2'] },
  {
    args: ['cr', 'comments', 'list', 'space_handbook', '1'],
    ids: ['comment_cli_question', 'comment_cli_title'],
  },
  {
    args: ['spaces', 'list', '--org', 'org_acme'],
    ids: ['space_handbook', 'space_api', 'space_guides', 'space_legal', 'space_handbook_fr'],
  },
  { args: ['teams', 'list', '--org', 'org_acme'], ids: ['team_docs', 'team_reviewers'] },
  { args: ['members', 'list', '--org', 'org_acme'], ids: ['user_linus', 'user_grace', 'user_ada'] },
  { args: ['translations', 'list', '--org', 'org_acme'], ids: ['tr_handbook_fr', 'tr_legal_de'] },
];

for (const columns of [60, 120]) {
  describePty(`list tables at ${columns} columns`, () => {
    let pty: Pty;
    beforeAll(async () => {
      pty = await startPty({ columns, rows: 40 });
    });
    afterAll(() => pty.close());

    it.each(lists)('docs $args fits, one line per row, ids whole', async ({ args, ids }) => {
      const run = await pty.docs(args);
      expect(await run.exitCode()).toBe(0);
      const screen = (await run.screen()).split('\n');
      for (const line of screen) expect([...line].length, line).toBeLessThanOrEqual(columns);
      // Header, rule, then one line per row starting with its id: a wrapped row would add lines.
      expect(screen[1]).toMatch(/^─+$/);
      const rows = screen.slice(2).filter((line) => line.trim());
      expect(rows).toHaveLength(ids.length);
      for (const id of ids) expect(rows.some((row) => row.startsWith(`${id} `))).toBe(true);
      for (const row of rows) expect(row).toMatch(/^\S+ {2}/);
    });
  });
}
