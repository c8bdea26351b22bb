import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../test-support/run-command.js';
import Api from './commands/api.js';
import CrList from './commands/cr/list.js';
import CrView from './commands/cr/view.js';
import SitesView from './commands/sites/view.js';

/*
 * `--jq <expression>` on every command with --json, in the base command's output layer, as gh
 * has it: --json implied, strings printed raw, one result a line; an expression jq cannot
 * compile is exit 2 with nothing sent, one that fails on the data is exit 2 naming it.
 */

const cli = useInProcessCli();

describe('--jq', () => {
  it('filters the JSON a list prints, with no jq installed, and implies --json', async () => {
    const numbers = await cli.run(CrList, ['space_handbook', '--json', '--jq', '.[].number']);
    expect(numbers.code, numbers.stderr).toBe(0);
    expect(numbers.stdout).toMatch(/^(\d+\n)+$/);

    const implied = await cli.run(CrList, ['space_handbook', '--jq', '.[].number']);
    expect(implied.stdout).toBe(numbers.stdout);
  });

  it('prints strings raw and other values as compact JSON', async () => {
    const title = await cli.run(SitesView, ['site_docs', '--jq', '.title']);
    expect(title.stdout).toBe('Acme Docs\n');
    const object = await cli.run(SitesView, ['site_docs', '--jq', '{id, title}']);
    expect(object.stdout).toBe('{"id":"site_docs","title":"Acme Docs"}\n');
    const eq = await cli.run(SitesView, ['site_docs', '--jq=.id']);
    expect(eq.stdout).toBe('site_docs\n');
  });

  it('refuses an expression jq cannot compile: exit 2 naming it, nothing sent', async () => {
    const result = await cli.run(CrList, ['space_handbook', '--jq', '.[] | [']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--jq ".[] | [": syntax error');
    expect(result.stdout).toBe('');
    expect(cli.totalRequests()).toBe(0);
  });

  it('an expression that fails on the data is exit 2 naming it', async () => {
    const result = await cli.run(CrView, ['space_handbook', '1', '--jq', '.subject | tonumber']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /Error: --jq "\.subject \| tonumber": string \(.*\) cannot be parsed as a number/,
    );
    expect(result.stdout).toBe('');
  });

  it('applies to each item of `docs api --paginate`', async () => {
    const result = await cli.run(Api, ['listSites', 'org_acme', '--paginate', '--jq', '.id']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('site_docs\nsite_internal\n');
  });

  it('is forgotten once the command is over: the next command prints its JSON whole', async () => {
    await cli.run(SitesView, ['site_docs', '--jq', '.id']);
    const whole = await cli.run(SitesView, ['site_docs', '--json']);
    expect(JSON.parse(whole.stdout)).toMatchObject({ id: 'site_docs', title: 'Acme Docs' });
  });
});
