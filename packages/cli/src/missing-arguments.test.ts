import { describe, expect, it } from 'vitest';
import { useInProcessCli, type RunnableCommand } from '../test-support/run-command.js';
import ConfigGet from './commands/config/get.js';
import ConfigSet from './commands/config/set.js';
import ConfigUnset from './commands/config/unset.js';
import ImportsCancel from './commands/imports/cancel.js';
import MembersAddSso from './commands/members/add-sso.js';
import OpenapiCreate from './commands/openapi/create.js';
import OpenapiPublish from './commands/openapi/publish.js';
import OpenapiVisibility from './commands/openapi/visibility.js';
import OrgsAsk from './commands/orgs/ask.js';
import OrgsJoin from './commands/orgs/join.js';
import OrgsSearch from './commands/orgs/search.js';
import OrgsInvitesDelete from './commands/orgs/invites/delete.js';
import SandboxCassetteToFixtures from './commands/sandbox/cassette-to-fixtures.js';
import SpacesRestore from './commands/spaces/restore.js';

/*
 * Issue 31, item 6: every command names the argument it misses; these fourteen answered with
 * oclif's "Missing 1 required arg: See docs orgs ask --help.".
 */

const cli = useInProcessCli();

const commands: Array<[string, RunnableCommand, string[]]> = [
  ['config get', ConfigGet, []],
  ['config set', ConfigSet, []],
  ['config unset', ConfigUnset, []],
  ['imports cancel', ImportsCancel, []],
  ['members add-sso', MembersAddSso, []],
  ['openapi create', OpenapiCreate, []],
  ['openapi publish', OpenapiPublish, []],
  ['openapi visibility', OpenapiVisibility, []],
  ['orgs ask', OrgsAsk, []],
  ['orgs join', OrgsJoin, []],
  ['orgs search', OrgsSearch, []],
  ['orgs invites delete', OrgsInvitesDelete, []],
  ['sandbox cassette-to-fixtures', SandboxCassetteToFixtures, []],
  ['spaces restore', SpacesRestore, []],
];

describe('a missing argument is named', () => {
  for (const [name, command, argv] of commands)
    it(`docs ${name}`, async () => {
      for (const canPrompt of [false, true]) {
        cli.canPrompt.mockReturnValue(canPrompt);
        const result = await cli.run(command, argv);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/Missing [A-Z][A-Z_-]*[:.]/);
        expect(result.stderr).not.toContain('required arg');
      }
      expect(cli.totalRequests()).toBe(0);
    });
});
