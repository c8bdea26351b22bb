import { writeFile } from 'node:fs/promises';
import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { readConfig } from '../../lib/config/config.js';
import { CommandError, UsageError } from '../../lib/failures/exit-codes.js';
import { addSecret } from '../../lib/transport/redact.js';
import { loadSandbox, loadSandboxTesting } from '../../lib/sandbox/sandbox.js';

export default class SandboxExport extends BaseCommand<typeof SandboxExport> {
  static override summary = "Save a sandbox's current state as a fixture file";
  static override description =
    'Writes the whole state of a running sandbox (the one at --api-url / DOCS_API_URL, through its admin API and DOCS_API_TOKEN, default sandbox-token) or of a --data directory, in the fixture format that `docs sandbox --fixtures` and `createSandbox({ fixtures })` load: a state reached by hand becomes a fixture. Without --output the JSON goes to stdout. A --data directory is only read, so a sandbox may be serving it.';
  static override examples = [
    'DOCS_API_URL=http://127.0.0.1:4010/v1 <%= config.bin %> sandbox export --output fixtures.json',
    '<%= config.bin %> sandbox export --data .sandbox-data --output fixtures.json',
  ];
  static override flags = {
    output: Flags.string({ char: 'o', description: 'File to write (default: stdout)' }),
    data: Flags.string({
      description: 'Read the state of this --data directory instead of a running sandbox',
    }),
  };

  async run(): Promise<unknown> {
    const fixture =
      this.flags.data !== undefined ? await this.fromData(this.flags.data) : await this.fromServer();
    const text = `${JSON.stringify(fixture, null, 2)}\n`;
    if (this.flags.output === undefined) {
      if (!this.jsonEnabled()) this.output.data(text);
      return fixture;
    }
    try {
      await writeFile(this.flags.output, text);
    } catch (error) {
      throw new CommandError(
        `--output: cannot write ${this.flags.output}: ${(error as { code?: string }).code ?? (error as Error).message}`,
      );
    }
    this.output.info(`Wrote the sandbox's state to ${this.flags.output}`);
    return fixture;
  }

  async fromData(dir: string): Promise<unknown> {
    const { readDataDirectory } = await loadSandbox();
    try {
      return readDataDirectory(dir);
    } catch (error) {
      throw new CommandError(`--data: ${(error as Error).message}`);
    }
  }

  async fromServer(): Promise<unknown> {
    const stored = await readConfig(this.config.configDir);
    const url = this.flags['api-url'] ?? stored.apiUrl;
    if (!url)
      throw new UsageError(
        'Say which sandbox to export: --api-url (or DOCS_API_URL) with the URL `docs sandbox` printed, or --data <dir>. Nothing was sent.',
      );
    const token = process.env.DOCS_API_TOKEN || stored.token || 'sandbox-token';
    addSecret(token);
    const { connectSandbox } = await loadSandboxTesting();
    try {
      return await connectSandbox(url, token).export();
    } catch (error) {
      const cause =
        error instanceof TypeError
          ? (error.cause as { code?: string; message?: string } | undefined)
          : undefined;
      const reason =
        error instanceof TypeError
          ? `cannot reach it (${cause?.code ?? cause?.message ?? error.message})`
          : (error as Error).message;
      throw new CommandError(`Cannot export the sandbox at ${url}: ${reason}`);
    }
  }
}
