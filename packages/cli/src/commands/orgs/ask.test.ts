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
    expect(result.stderr).toContain('Sources:\n  page page_getting_started in space space_handbook');
    expect(result.stderr).toContain('  page page_installation in space space_handbook');
    expect(cli.sandbox.hits.get('streamAskInOrganization')).toBe(1);
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
