import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import IntegrationsView from './view.js';

/* `docs integrations view` at a terminal: the integration picker. */

const cli = useInProcessCli();

describe('docs integrations view at a terminal', () => {
  it('picks the integration from the catalogue', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('support-chat');

    const result = await cli.run(IntegrationsView, []);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[0]).toBe('Integration');
    expect(select.mock.calls[0]?.[1]).toEqual([
      {
        name: 'Analytics Pro (analytics-pro)',
        value: 'analytics-pro',
        description: 'Page views and search analytics',
      },
      {
        name: 'Support Chat (support-chat)',
        value: 'support-chat',
        description: 'A chat bubble on every page',
      },
    ]);
    expect(result.stdout).toMatch(/^Owner:\s+org_beta$/m);
  });

  it('is a usage error naming the argument when no one can answer a prompt', async () => {
    cli.canPrompt.mockReturnValue(false);

    const result = await cli.run(IntegrationsView, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Missing the integration name');
    expect(cli.sandbox.requests.get('integrations.list')).toBeUndefined();
  });
});
