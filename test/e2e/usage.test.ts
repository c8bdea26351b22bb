import { describe, expect, it } from 'vitest';
import { useE2e } from './harness.js';

/*
 * Bad input in a pipeline, through the built `docs`: one clear line for the first thing missing,
 * in order (positional arguments, then flags, then the confirmation), in plain words, with the
 * exit code of a usage error; nothing sent. And the small things: an extra argument, `-h`, a
 * mistyped flag.
 */

const e2e = useE2e();

/** Runs `docs` and checks: exit 2, exactly one line on stderr, nothing on stdout, nothing sent. */
async function usage(args: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const before = e2e.totalRequests();
  const result = await e2e.docs(args, { env });
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  expect(e2e.totalRequests()).toBe(before);
  return result.stderr.trimEnd();
}

describe('a command checks its input in order, one line each, nothing sent', () => {
  it('names the space before --yes (cr merge) and before --subject (cr create)', async () => {
    expect(await usage(['cr', 'merge'])).toBe('Error: Missing the space id: pass it as an argument.');
    expect(await usage(['cr', 'merge', 'space_handbook'])).toBe(
      'Error: Missing the change request number or id: pass it as an argument.',
    );
    expect(await usage(['cr', 'merge', 'space_handbook', '1'])).toMatch(
      /^Error: Confirmation needed: `docs cr merge`/,
    );
    expect(await usage(['cr', 'create'])).toBe('Error: Missing the space id: pass it as an argument.');
    expect(await usage(['cr', 'create', 'space_handbook'])).toMatch(/^Error: Missing --subject/);
  });

  it('names a missing required flag in plain words', async () => {
    expect(await usage(['imports', 'start', '--url', 'https://www.acme.test/docs'])).toBe(
      'Error: Missing --space: Id of the space to import into (--space <value>). Nothing was sent.',
    );
  });

  it('names the positional argument before a flag that is missing too', async () => {
    expect(await usage(['sites', 'view'], { DOCS_ORG: undefined })).toBe(
      'Error: Missing the site id: pass it as an argument.',
    );
  });

  it('says contradictory flags in its own words', async () => {
    expect(await usage(['cr', 'review', 'space_guides', '2', '--approve', '--request-changes'])).toBe(
      'Error: --approve and --request-changes cannot be used together: pass one of --approve, --request-changes and --comment.',
    );
  });
});

describe('the small things', () => {
  it('an extra argument is "Unexpected argument", exit 2, not an unknown command', async () => {
    expect(await usage(['sites', 'list', 'org_acme'])).toBe(
      'Error: Unexpected argument "org_acme": `docs sites list` takes no arguments. Did you mean `docs sites list --org org_acme`? See `docs sites list --help`.',
    );
    expect(await usage(['cr', 'view', 'space_handbook', '1', 'extra'])).toBe(
      'Error: Unexpected argument "extra": `docs cr view` takes SPACE and CR. See `docs cr view --help`.',
    );
  });

  it('a mistyped flag gets the flag probably meant', async () => {
    expect(await usage(['sites', 'list', '--orgg', 'org_acme'])).toBe(
      'Error: Unknown flag --orgg. Did you mean --org? See `docs sites list --help`.',
    );
    expect(await usage(['cr', 'list', 'space_handbook', '--stauts', 'open'])).toContain(
      'Did you mean --status?',
    );
  });

  it('-h is help, as --help', async () => {
    const short = await e2e.run('sites', 'list', '-h');
    expect(short.code).toBe(0);
    expect(short.stdout).toContain('USAGE');
    expect(short.stdout).toBe((await e2e.run('sites', 'list', '--help')).stdout);
  });

  it("a value outside a flag's options names them", async () => {
    expect(await usage(['cr', 'list', 'space_handbook', '--status', 'shut'])).toBe(
      'Error: --status must be one of: draft, open, archived, merged, all (got "shut"). See `docs cr list --help`.',
    );
  });
});
