import { writeFile } from 'node:fs/promises';
import type * as SandboxModule from '@docs-api/sandbox';
import { Flags } from '../../oclif.js';
import { CommandError, UsageError } from '../failures/exit-codes.js';
import { type Output } from '../terminal/output.js';

/*
 * `docs sandbox --proxy <url> [--record <file>]` and `docs sandbox --replay <file>`: the
 * sandbox's recording, validating proxy and its cassette replay, run from the CLI. The flags and
 * their handling live here, so that the sandbox command only spreads `proxyFlags` and calls
 * `runProxyOrReplay` first.
 */

export const proxyFlags = {
  proxy: Flags.string({
    description:
      'Forward every request to this API base URL (e.g. https://api.gitbook.com/v1) instead of serving the sandbox, checking each request and answer against the contract and the published document; your own token passes through and is never written anywhere',
    helpGroup: 'PROXY',
    exclusive: ['replay'],
  }),
  record: Flags.string({
    description: 'With --proxy: write the exchanges to this cassette file (JSON, secrets redacted)',
    helpGroup: 'PROXY',
    dependsOn: ['proxy'],
  }),
  report: Flags.string({
    description: 'With --proxy: also write each difference found as one JSON object per line to this file',
    helpGroup: 'PROXY',
    dependsOn: ['proxy'],
  }),
  document: Flags.string({
    description:
      'With --proxy: the published OpenAPI 3.1 document to check against (default: that of @gitbook/api when installed; otherwise the contract alone)',
    helpGroup: 'PROXY',
    dependsOn: ['proxy'],
  }),
  replay: Flags.string({
    description:
      'Serve the answers of this cassette offline instead of the sandbox (matched by method, path and query; 501 for a request it has no answer for)',
    helpGroup: 'PROXY',
  }),
};

export const proxyExamples = [
  '<%= config.bin %> sandbox --proxy https://api.gitbook.com/v1 --record session.cassette.json --report drift.jsonl',
  '<%= config.bin %> sandbox --replay session.cassette.json --port 4010',
  '<%= config.bin %> sandbox cassette-to-fixtures session.cassette.json --out fixtures.json',
];

interface ProxyFlagValues {
  port: number;
  host: string;
  proxy?: string | undefined;
  record?: string | undefined;
  report?: string | undefined;
  document?: string | undefined;
  replay?: string | undefined;
}

const stopped = () =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

/**
 * Runs the proxy or the replay when their flag is given, until SIGINT or SIGTERM; false when
 * neither is (the sandbox runs as usual).
 */
export async function runProxyOrReplay(
  output: Output,
  flags: ProxyFlagValues,
  load: () => Promise<typeof SandboxModule>,
): Promise<boolean> {
  if (flags.proxy === undefined && flags.replay === undefined) return false;
  const sandbox = await load();
  if (flags.replay !== undefined) await runReplay(output, sandbox, flags, flags.replay);
  else await runProxy(output, sandbox, flags, flags.proxy!);
  return true;
}

async function runProxy(
  output: Output,
  sandbox: typeof SandboxModule,
  flags: ProxyFlagValues,
  upstream: string,
): Promise<void> {
  let proxy: SandboxModule.RecordingProxy;
  try {
    proxy = await sandbox.createProxy({
      upstream,
      record: flags.record,
      report: { line: (text) => output.warn(text), ...(flags.report ? { file: flags.report } : {}) },
      document: flags.document,
    });
  } catch (error) {
    if (error instanceof sandbox.ProxyOptionError)
      throw new UsageError(`--proxy: ${error.message.replace(/^upstream: /, '')}`);
    if (error instanceof sandbox.DocumentError) throw new UsageError(`--document: ${error.message}`);
    throw error;
  }
  const running = await proxy.listen({ port: flags.port, host: flags.host });
  output.data(`Proxy listening on ${running.url}`);
  output.info(`Forwarding to ${proxy.cassette.upstream ?? upstream}`);
  output.info(
    proxy.document
      ? `Checking against the contract and the published document (${proxy.document.file})`
      : flags.document === undefined
        ? 'Checking against the contract only: install @gitbook/api (npm install @gitbook/api) or pass --document <openapi.json> to check against the published document too'
        : 'Checking against the contract only',
  );
  if (flags.record) output.info(`Recording to ${flags.record}`);
  output.info(
    `Use it with:\n  export DOCS_API_URL=${running.url}\n  export DOCS_API_TOKEN=<your token for the upstream>\nPress Ctrl+C to stop.`,
  );
  await stopped();
  await running.close();
  try {
    await proxy.close();
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
  const { exchanges } = proxy.stats;
  const mean = exchanges
    ? ` (the proxy added ${proxy.medianOverheadMs().toFixed(2)} ms per request, median)`
    : '';
  output.info(
    `${exchanges} exchanges${mean}; ${proxy.reporter.records.length} differences reported${flags.record ? `; cassette: ${flags.record}` : ''}`,
  );
}

async function runReplay(
  output: Output,
  sandbox: typeof SandboxModule,
  flags: ProxyFlagValues,
  file: string,
): Promise<void> {
  let replay: SandboxModule.Replay;
  try {
    replay = await sandbox.createReplay(file);
  } catch (error) {
    if (error instanceof sandbox.CassetteError) throw new UsageError(`--replay: ${error.message}`);
    throw error;
  }
  const running = await replay.listen({ port: flags.port, host: flags.host });
  output.data(`Replay listening on ${running.url}`);
  output.info(
    `Serving ${replay.cassette.entries.length} recorded exchanges from ${file} (any token is accepted)\nUse it with:\n  export DOCS_API_URL=${running.url}\n  export DOCS_API_TOKEN=replay\nPress Ctrl+C to stop.`,
  );
  await stopped();
  await running.close();
  output.info(`${replay.stats.served} requests answered, ${replay.stats.missed} not in the cassette (501)`);
}

/**
 * `docs sandbox cassette-to-fixtures`: the fixture file (format version 1) a cassette's recorded
 * reads make, on stdout or in `out`; what was left out, and why, on stderr.
 */
export async function cassetteFixture(
  output: Output,
  load: () => Promise<typeof SandboxModule>,
  file: string,
  options: { out: string | undefined; base: 'empty' | 'demo' },
): Promise<void> {
  const sandbox = await load();
  let cassette: SandboxModule.Cassette;
  try {
    cassette = await sandbox.readCassette(file);
  } catch (error) {
    if (error instanceof sandbox.CassetteError) throw new UsageError(error.message);
    throw error;
  }
  const { fixture, skipped, redacted, filled } = sandbox.cassetteToFixture(cassette, { base: options.base });
  const text = `${JSON.stringify(fixture, null, 2)}\n`;
  if (options.out === undefined) output.data(text);
  else await writeFile(options.out, text);
  for (const entry of skipped) output.warn(`skipped ${entry.kind} ${entry.id}: ${entry.reason}`);
  if (redacted.length)
    output.warn(
      `kept with [redacted] values (the cassette hid them; edit the file to set them): ${redacted.join(', ')}`,
    );
  if (filled.length)
    output.info(
      `added empty (content is not recorded): ${filled.map((entry) => entry.replace(/^revision /, '')).join(', ')} (revisions)`,
    );
  const counts = Object.entries(fixture)
    .filter(([, rows]) => Array.isArray(rows) && rows.length)
    .map(([kind, rows]) => `${(rows as unknown[]).length} ${kind}`);
  output.info(
    `${counts.join(', ') || 'no rows'} from ${cassette.entries.length} exchanges, on base ${options.base}${options.out ? `, written to ${options.out}` : ''}${skipped.length ? `; ${skipped.length} skipped` : ''}`,
  );
}
