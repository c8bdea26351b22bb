import { Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { output } from '../lib/output.js';

export default class Sandbox extends BaseCommand<typeof Sandbox> {
  static override summary = 'Run the local sandbox API in the foreground';
  static override description =
    'Serves a stateful, in-memory implementation of the API on 127.0.0.1, seeded with demo data, until interrupted. Point the CLI at it with DOCS_API_URL and DOCS_API_TOKEN.';
  static override examples = [
    '<%= config.bin %> sandbox',
    '<%= config.bin %> sandbox --port 4010 --seed empty',
  ];
  static override flags = {
    port: Flags.integer({
      description: 'Port to listen on (0: any free port)',
      default: 0,
      min: 0,
      max: 65535,
    }),
    seed: Flags.string({ description: 'Initial data', options: ['demo', 'empty'], default: 'demo' }),
    token: Flags.string({ description: 'Bearer token the sandbox accepts', default: 'sandbox-token' }),
  };

  async run(): Promise<void> {
    const { createSandbox } = await import('@docs-api/sandbox');
    const sandbox = createSandbox({ seed: this.flags.seed as 'demo', token: this.flags.token });
    const running = await sandbox.listen({ port: this.flags.port });
    output.data(`Sandbox listening on ${running.url}`);
    output.info(
      `Use it with:\n  export DOCS_API_URL=${running.url}\n  export DOCS_API_TOKEN=${running.token}\n  export DOCS_ORG=org_acme\nPress Ctrl+C to stop.`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => void running.close().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  }
}
