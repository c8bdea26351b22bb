import { resolve } from 'node:path';
import { Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { CommandError, UsageError } from '../../lib/failures/exit-codes.js';
import { loadSandbox } from '../../lib/sandbox/sandbox.js';
import { proxyExamples, proxyFlags, runProxyOrReplay } from '../../lib/sandbox/sandbox-proxy.js';

export default class Sandbox extends BaseCommand<typeof Sandbox> {
  static override summary = 'Run the local sandbox API in the foreground';
  static override description =
    'Serves a stateful, in-memory implementation of the API on 127.0.0.1, seeded with demo data (--seed empty: one organization and its owner), until interrupted. Point the CLI at it with DOCS_API_URL and DOCS_API_TOKEN. --fixtures loads a fixture file on top of the seed; --data keeps the state in a directory, durably (restart and crash safe). An admin API beside /v1 (/_sandbox/reset, /_sandbox/snapshots, /_sandbox/clock, /_sandbox/faults, /_sandbox/export), behind the same token, lets tests reset it, move its clock and queue faults; `docs sandbox export` saves its state as a fixture. With --rate-limit every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, and a request beyond the limit gets a 429 with Retry-After. Web pages served from localhost, 127.0.0.1 or [::1] may call it from a browser (CORS); --cors allows other origins. The sandbox is a separate package, installed on demand: `npm install @docs-api/sandbox` next to the CLI.\n\nPrints "Sandbox listening on <url>" on stdout, and the variables to export on stderr; stops on SIGINT or SIGTERM with exit 0. Without @docs-api/sandbox installed it says how to install it and exits 1; a bad --rate-limit or fixture file is exit 2. Never prompts: it can run in the background of a CI job.\n\nWith --proxy <url> it serves no sandbox: it forwards every request to that API (your own token passes through, and is never written anywhere), checks each request and answer against the contract and the published document, and reports each difference once on stderr (and with --report, as JSON lines); --record <file> keeps the exchanges as a cassette, secrets redacted. --replay <file> serves a cassette offline. See docs/sandbox.md, "Proxy, record and replay".';
  static override examples = [
    '<%= config.bin %> sandbox',
    '<%= config.bin %> sandbox --port 4010 --seed empty',
    '<%= config.bin %> sandbox --port 4010 --rate-limit 100/60s',
    '<%= config.bin %> sandbox --port 4010 --cors http://localhost:5173 --cors https://dev.example.test',
    '<%= config.bin %> sandbox --port 4010 --fixtures test/fixtures.json',
    '<%= config.bin %> sandbox --port 4010 --data .sandbox-data',
    ...proxyExamples,
  ];
  static override flags = {
    port: Flags.integer({
      description: 'Port to listen on (0: any free port)',
      default: 0,
      min: 0,
      max: 65535,
    }),
    seed: Flags.string({ description: 'Initial data', options: ['demo', 'empty'], default: 'demo' }),
    host: Flags.string({ description: 'Address to listen on', default: '127.0.0.1' }),
    token: Flags.string({ description: 'Bearer token the sandbox accepts', default: 'sandbox-token' }),
    'rate-limit': Flags.string({
      description: 'Serve at most N requests per window, e.g. 100/60s, 10/1m or 5/500ms (429 beyond it)',
    }),
    cors: Flags.string({
      description:
        'Let web pages of this origin call the sandbox from a browser, e.g. http://localhost:5173 (repeatable; * for any page; default: pages on localhost, 127.0.0.1 and [::1])',
      multiple: true,
    }),
    fixtures: Flags.string({
      description:
        'Fixture file (JSON or YAML, fixture format version 1) loaded on top of --seed or of the base it names; `docs sandbox export` writes one',
    }),
    data: Flags.string({
      description:
        'Directory that keeps the state across restarts and crashes: loaded on start if it holds one, each change written durably before it is answered',
    }),
    ...proxyFlags,
  };

  // Ctrl-C stops the server with exit 0 (its own SIGINT handler), not as a cancel.
  protected override handlesInterrupt = true;

  async run(): Promise<void> {
    if (await runProxyOrReplay(this.output, this.flags, loadSandbox)) return;
    const { createSandbox, describeCors, FixtureError, parseCorsOrigins, parseRateLimit } =
      await loadSandbox();
    const given = this.flags['rate-limit'];
    let rateLimit;
    try {
      rateLimit = given === undefined ? undefined : parseRateLimit(given);
    } catch (error) {
      throw new UsageError(`--rate-limit: ${(error as Error).message}`);
    }
    let cors;
    try {
      cors = this.flags.cors === undefined ? undefined : parseCorsOrigins(this.flags.cors);
    } catch (error) {
      throw new UsageError(`--cors: ${(error as Error).message}`);
    }
    let sandbox;
    try {
      sandbox = createSandbox({
        seed: this.flags.seed as 'demo',
        token: this.flags.token,
        rateLimit,
        cors,
        // Relative to the working directory, as every path on a command line.
        fixtures: this.flags.fixtures === undefined ? undefined : resolve(this.flags.fixtures),
        data: this.flags.data,
      });
    } catch (error) {
      if (error instanceof FixtureError) throw new UsageError(`--fixtures: ${error.message}`);
      throw new CommandError(`--data: ${(error as Error).message}`);
    }
    const running = await sandbox.listen({ port: this.flags.port, host: this.flags.host });
    this.output.data(`Sandbox listening on ${running.url}`);
    if (this.flags.data !== undefined) this.output.info(`State kept in ${this.flags.data}`);
    if (rateLimit) this.output.info(`Rate limit: ${rateLimit.limit} requests per ${rateLimit.windowMs} ms`);
    this.output.info(describeCors(cors));
    this.output.info(
      `Use it with:\n  export DOCS_API_URL=${running.url}\n  export DOCS_API_TOKEN=${running.token}\n  export DOCS_ORG=org_acme\nPress Ctrl+C to stop.`,
    );
    await new Promise<void>((resolve) => {
      const stop = () =>
        void running
          .close()
          .then(() => sandbox.close())
          .then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  }
}
