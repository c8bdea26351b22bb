/// <reference types="vite/client" />
/*
 * Every read command of the CLI against answers shaped as the published document describes
 * them: a fetch that answers each request with a sample generated from the document's schema
 * for that operation (every property, only the required ones, nulls where allowed). Each
 * command must exit 0 and print its output, and, since the samples are valid, print no drift
 * warning either: the contract reads what the service may send.
 */
import { describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli, type RunnableCommand } from '../../packages/cli/test-support/run-command.js';
import { matchEntry, successSchemas } from './document.js';
import { generateSample, type SampleMode } from './samples.js';

const cli = useInProcessCli();

const COMMAND_MODULES = import.meta.glob<{ default: RunnableCommand }>([
  '../../packages/cli/src/commands/**/*.ts',
  '!**/*.test.ts',
]);

async function command(id: string): Promise<RunnableCommand> {
  const load = COMMAND_MODULES[`../../packages/cli/src/commands/${id.replace(/:/g, '/')}.ts`];
  if (!load) throw new Error(`no command ${id}`);
  return (await load()).default;
}

/** A fetch answering every request with a document sample of its operation's success answer. */
function documentShapedFetch(mode: SampleMode, served: string[]) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const entry = matchEntry(request.method, url.pathname);
    if (!entry)
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 404, message: 'not in the document' } }), {
          status: 404,
        }),
      );
    served.push(entry.operationId);
    const [answer] = successSchemas(entry);
    if (!answer?.schema) return Promise.resolve(new Response(null, { status: answer?.status ?? 204 }));
    const sample = generateSample(answer.schema, mode) as Record<string, unknown>;
    // One page: a sample's cursor would lead to the same sample again.
    if (sample && typeof sample === 'object' && 'next' in sample) delete sample.next;
    return Promise.resolve(
      new Response(JSON.stringify(sample), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
}

/** Read commands, with the arguments they need (any id: the answers are samples). */
const READ_COMMANDS: Array<[string, string[]]> = [
  ['sites:list', []],
  ['sites:view', ['site_1']],
  ['sites:published', ['site_1']],
  ['sites:integrations', ['site_1']],
  ['sites:scripts', ['site_1']],
  ['sites:adaptive-schema:view', ['site_1']],
  ['sites:adaptive-schema:conditions', ['site_1']],
  ['orgs:list', []],
  ['orgs:view', []],
  ['orgs:search', ['handbook']],
  ['orgs:agent-instructions:view', []],
  ['members:list', []],
  ['members:view', ['user_1']],
  ['members:spaces', ['user_1']],
  ['members:teams', ['user_1']],
  ['collections:list', []],
  ['collections:view', ['col_1']],
  ['collections:spaces', ['col_1']],
  ['spaces:list', []],
  ['spaces:view', ['space_1']],
  ['cr:list', ['space_1']],
  ['cr:list', []],
  ['cr:view', ['space_1', '1']],
  ['cr:contributors', ['space_1', '1']],
  ['cr:pdf', ['space_1', '1']],
  ['cr:reviewers:list', ['space_1', '1']],
  ['cr:comments:list', ['space_1', '1']],
  ['cr:comments:view', ['space_1', '1', 'comment_1']],
  ['cr:comments:replies', ['space_1', '1', 'comment_1']],
  ['cr:content:revision', ['space_1', '1']],
  ['cr:content:pages', ['space_1', '1']],
  ['cr:content:files', ['space_1', '1']],
  ['cr:content:file', ['space_1', '1', 'file_1']],
  ['cr:content:page', ['space_1', '1', 'page_1']],
  ['translations:list', []],
  ['translations:view', ['tr_1']],
  ['translations:glossary:list', []],
  ['translations:glossary:view', ['gl_1']],
  ['teams:list', []],
  ['teams:view', ['team_1']],
  ['teams:members:list', ['team_1']],
  ['saml:list', []],
  ['saml:view', ['saml_1']],
  ['saml:sso-entries', []],
  ['openapi:list', []],
  ['openapi:view', ['petstore']],
  ['integrations:list', []],
  ['integrations:view', ['analytics']],
  ['integrations:installations', []],
];

const MODES: SampleMode[] = [{ kind: 'all' }, { kind: 'required' }, { kind: 'nulls' }];

describe('read commands against answers shaped as the published document describes', () => {
  const cases = READ_COMMANDS.flatMap(([id, args]) =>
    MODES.flatMap((mode) =>
      [[], ['--json']].map(
        (output) =>
          [
            `${id} ${args.join(' ')} ${output.join(' ')} (${mode.kind})`,
            id,
            [...args, ...output],
            mode,
          ] as const,
      ),
    ),
  );

  it.each(cases)('%s', async (_name, id, argv, mode) => {
    const served: string[] = [];
    cli.context.clientFactory = (options) =>
      new DocsClient({
        ...options,
        baseUrl: 'https://api.example.com/v1',
        fetch: documentShapedFetch(mode, served),
      });

    const result = await cli.run(await command(id), [...argv]);

    expect(result.stderr, `${id} ${argv.join(' ')}`).not.toMatch(/\n\s+at |TypeError|does not know/);
    expect(result.code, result.stderr).toBe(0);
    expect(served.length).toBeGreaterThan(0);
    if (argv.includes('--json')) expect(() => JSON.parse(result.stdout) as unknown).not.toThrow();
  });
});
