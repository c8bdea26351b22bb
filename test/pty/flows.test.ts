import { afterEach, beforeEach, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * Flows a person goes through at a terminal: a picker answered by number, cancels, the default
 * organization, the login, a mistyped command. Each test has its own sandbox, HOME and tmux.
 */

describePty('at a terminal', () => {
  let pty: Pty;
  beforeEach(async () => {
    pty = await startPty({ columns: 100, rows: 30 });
  });
  afterEach(() => pty.close());

  it('picks a change request by typing its number, not its row', async () => {
    // Newest first: #3, #4, #5 come before #1 and #2, so row 3 is not #3.
    for (const subject of ['Third', 'Fourth', 'Fifth'])
      expect(
        await (await pty.docs(['cr', 'create', 'space_handbook', '--subject', subject])).exitCode(),
      ).toBe(0);
    const run = await pty.docs(['cr', 'view', 'space_handbook']);
    await run.waitFor('Change request');
    await run.send('3');
    await run.waitFor(/❯ #3 Third/);
    await run.send('Enter');
    expect(await run.exitCode()).toBe(0);
    expect(await run.screen()).toMatch(/Change request:\s+#3 Third/);
  });

  it('cancels a confirmation with "n" and a picker with Ctrl-C the same way: "Cancelled.", exit 2', async () => {
    const no = await pty.docs(['spaces', 'delete', 'space_api', '--org', 'org_acme']);
    await no.waitFor('Delete');
    await no.send('n', 'Enter');
    expect(await no.exitCode(), await no.screen()).toBe(2);
    const noScreen = await no.screen();
    expect(noScreen).toMatch(/^Cancelled\.$/m);
    expect(noScreen).not.toContain('Error');
    expect(pty.sandbox.store.spaces.has('space_api')).toBe(true);

    const interrupted = await pty.docs(['cr', 'view', 'space_handbook']);
    await interrupted.waitFor('Change request');
    await interrupted.send('C-c');
    expect(await interrupted.exitCode(), await interrupted.screen()).toBe(2);
    expect(await interrupted.screen()).toMatch(/^Cancelled\.$/m);
  });

  it('uses the stored default organization instead of asking', async () => {
    expect(await (await pty.docs(['config', 'set', 'org', 'org_acme'])).exitCode()).toBe(0);
    const run = await pty.docs(['teams', 'list']);
    expect(await run.exitCode()).toBe(0);
    const screen = await run.screen();
    expect(screen).toContain('team_docs');
    expect(screen).not.toContain('Organization');
  });

  it('logs in: names the host, takes the token masked, offers a default organization, asks before replacing', async () => {
    const env = { DOCS_API_TOKEN: undefined };
    const login = await pty.docs(['auth', 'login'], { env });
    await login.waitFor('Paste your API token');
    expect(await login.screen()).toContain(`Logging in to ${new URL(pty.running.url).host}`);
    await login.send(pty.running.token, 'Enter');
    await login.waitFor('Default organization');
    await login.send('Enter');
    expect(await login.exitCode()).toBe(0);
    const screen = await login.screen();
    expect(screen).toContain('Logged in to');
    // Masked as typed (the sandbox's token itself is public: the hint above names it).
    expect(screen).toMatch(/Paste your API token: \*+$/m);
    expect(screen.replace(/^A local sandbox.*$/m, '')).not.toContain(pty.running.token);

    const org = await pty.docs(['config', 'get', 'org'], { env });
    expect(await org.exitCode()).toBe(0);
    expect(await org.screen()).toBe('org_acme');

    const again = await pty.docs(['auth', 'login'], { env });
    await again.waitFor('Replace it?');
    await again.send('Enter');
    expect(await again.exitCode(), await again.screen()).toBe(2);
    expect(await again.screen()).toMatch(/^Cancelled\.$/m);
  });

  it('suggests the command meant for a typo and runs nothing', async () => {
    const run = await pty.docs(['cr', 'veiw', 'space_handbook', '1']);
    expect(await run.exitCode()).toBe(127);
    const screen = await run.screen();
    expect(screen).toContain('docs cr view space_handbook 1');
    expect(screen).not.toContain('Change request:');
  });
});
