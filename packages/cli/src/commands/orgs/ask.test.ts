import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import OrgsAsk from './ask.js';

/* `docs orgs ask` in-process against the sandbox, which streams an answer built from the content. */

const cli = useInProcessCli();

describe('docs orgs ask', () => {
  it('prints the streamed answer as markdown, then its sources on stderr', async () => {
    const result = await cli.run(OrgsAsk, ['How do I install Acme?', '--org', 'org_acme']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'From the content of Acme Inc, 3 pages answer:',
        '',
        '- **Getting started** (Handbook): Install and configure Acme',
        '- **Getting started** (Handbook (fr)): Install and configure Acme',
        '- **Installation** (Handbook): Run `npm install @acme/cli`.',
        '',
      ].join('\n'),
    );
    // Named by title and path (issue 31): one read per source, at the revision the answer used.
    expect(result.stderr).toContain('Sources:\n  Getting started (getting-started) in space space_handbook');
    expect(result.stderr).toMatch(/ {2}Installation \([^)]*installation\) in space space_handbook/);
    expect(result.stderr).not.toContain('page page_');
    expect(cli.sandbox.hits.get('streamAskInOrganization')).toBe(1);
    expect(cli.sandbox.hits.get('revisions.getPage')).toBe(result.stderr.match(/ in space /g)?.length);
    // The follow-up questions the answer suggests.
    expect(result.stderr).toContain('Follow-up questions:\n  What else does "Getting started" cover?');
  });

  it('names a source by its id when its read fails', async () => {
    cli.sandbox.addFault({ operation: 'revisions.getPage', status: 404, times: 10 });
    const result = await cli.run(OrgsAsk, ['How do I install Acme?', '--org', 'org_acme']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Sources:\n  page page_getting_started in space space_handbook');
  });

  it('prints the whole last answer with --json', async () => {
    const result = await cli.run(OrgsAsk, [
      'nothing like quantum entanglement',
      '--org',
      'org_acme',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      type: 'answer',
      answer: {
        answer: { markdown: 'I found nothing about this in the content of Acme Inc.' },
        sources: [],
        followupQuestions: [],
      },
    });
  });
});
