import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import CrList from './list.js';
import CrView from './view.js';

/* gh's `--json field,field` on real commands (issue 31, item 4). */

const cli = useInProcessCli();

describe('--json field,field', () => {
  it('`cr list space --json number,subject` prints those two fields of each request', async () => {
    const result = await cli.run(CrList, ['space_guides', '--json', 'number,subject']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(['number', 'subject']);
  });

  it('--json=number,subject is the same', async () => {
    const spaced = await cli.run(CrList, ['space_guides', '--json', 'number,subject']);
    const joined = await cli.run(CrList, ['space_guides', '--json=number,subject']);
    expect(joined.stdout).toBe(spaced.stdout);
  });

  it('--json alone keeps the full objects, and the word after it that is the space stays an argument', async () => {
    const result = await cli.run(CrList, ['--json', 'space_guides']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(['id', 'number', 'subject', 'status']));
  });

  it('an unknown field is exit 2 and lists the command’s fields', async () => {
    const result = await cli.run(CrList, ['space_guides', '--json', 'number,subjet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown JSON field: "subjet"\. This command's fields: .*number.*subject/s);
    expect(result.stdout).toBe('');
  });

  it('works on one object, with --jq after the fields', async () => {
    const one = await cli.run(CrView, ['space_guides', '2', '--json', 'number,status']);
    const parsed = JSON.parse(one.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['number', 'status']);
    expect(parsed.number).toBe(2);
    const jq = await cli.run(CrView, ['space_guides', '2', '--json', 'number,status', '--jq', 'keys']);
    expect(jq.stdout).toBe('["number","status"]\n');
  });
});
