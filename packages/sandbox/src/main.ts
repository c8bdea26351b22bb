import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeCors, parseCorsOrigins, type CorsOptions } from './cors.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';
import { FixtureError } from './fixtures.js';
import { createSandbox, DEFAULT_TOKEN, type RunningSandbox, type Sandbox } from './sandbox.js';

/*
 * The `docs-sandbox` command: argument parsing, usage text and the serving loop. Every failure
 * is one line on stderr and an exit code (2 for a bad argument, 1 when it cannot serve), never
 * a stack trace.
 */

export const USAGE = `Usage: docs-sandbox [options] [port]

Serves the Documentation Management API sandbox (stateful, in memory) until interrupted.
Its admin API beside /v1 (/_sandbox/reset, /snapshots, /clock, /faults, /export) takes the
same token.

Options:
  -p, --port <port>          Port to listen on, 0 for any free port (default 0)
      --host <host>          Address to listen on (default 127.0.0.1)
      --token <token>        Bearer token the sandbox accepts (default ${DEFAULT_TOKEN})
      --seed <demo|empty>    Initial data (default demo)
      --fixtures <file>      Load a fixture file (JSON or YAML, see docs/sandbox.md) on top of
                             the seed, or of the base it names
      --data <dir>           Keep the state in this directory: loaded from it on start, every
                             change written durably before it is answered
      --rate-limit <n/window>
                             Serve at most n requests per window, e.g. 100/60s, 10/1m, 5/500ms:
                             answers carry X-RateLimit-* headers, and beyond the limit a 429
                             with Retry-After
      --cors <origin>        Let web pages of this origin call the sandbox from a browser, e.g.
                             http://localhost:5173; repeatable, * for any page (default: pages
                             on localhost, 127.0.0.1 and [::1], any port)
  -h, --help                 Show this text
  -v, --version              Show the version

Exit codes: 0 stopped by SIGINT/SIGTERM, 1 cannot serve (e.g. the port is taken), 2 bad argument.`;

export interface MainIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Resolves when the process is asked to stop (SIGINT, SIGTERM). */
  stopped(): Promise<void>;
}

const processIo: MainIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stopped: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
};

export interface SandboxArguments {
  port: number;
  host: string;
  token: string;
  seed: 'demo' | 'empty';
  rateLimit?: RateLimit;
  /** Absent: the sandbox's default (loopback origins). */
  cors?: CorsOptions;
  fixtures?: string;
  data?: string;
}

export type Parsed =
  | { kind: 'serve'; options: SandboxArguments }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

/** Parses the arguments of `docs-sandbox`; never throws. */
export function parseSandboxArguments(argv: readonly string[]): Parsed {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      // `docs-sandbox 4010`, the form before the options existed, still works.
      allowPositionals: true,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        token: { type: 'string' },
        seed: { type: 'string' },
        'rate-limit': { type: 'string' },
        cors: { type: 'string', multiple: true },
        fixtures: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    // parseArgs' messages are one line, e.g. "Unknown option '--bogus'".
    const message = (error as Error).message.split('\n')[0] ?? 'bad arguments';
    return { kind: 'error', message: message.replace(/\. To specify .*$/, '') };
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  if (positionals.length > 1)
    return { kind: 'error', message: `Unexpected argument '${positionals[1]}': give at most a port` };
  if (positionals.length === 1 && values.port !== undefined)
    return { kind: 'error', message: 'Give the port once: as --port or as the argument' };
  const port = values.port ?? positionals[0] ?? '0';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
    return { kind: 'error', message: `--port must be an integer from 0 to 65535 (got "${port}")` };
  const host = values.host ?? '127.0.0.1';
  if (!host.trim()) return { kind: 'error', message: '--host must not be empty' };
  const token = values.token ?? DEFAULT_TOKEN;
  if (!/^[\x21-\x7e]+$/.test(token))
    return { kind: 'error', message: '--token must be one word of visible ASCII characters' };
  const seed = values.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'empty')
    return { kind: 'error', message: `--seed must be demo or empty (got "${seed}")` };
  let rateLimit: RateLimit | undefined;
  if (values['rate-limit'] !== undefined) {
    try {
      rateLimit = parseRateLimit(values['rate-limit']);
    } catch (error) {
      return { kind: 'error', message: `--rate-limit: ${(error as Error).message}` };
    }
  }
  let cors: CorsOptions | undefined;
  if (values.cors !== undefined) {
    try {
      cors = parseCorsOrigins(values.cors);
    } catch (error) {
      return { kind: 'error', message: `--cors: ${(error as Error).message}` };
    }
  }
  return {
    kind: 'serve',
    options: {
      port: Number(port),
      host,
      token,
      seed,
      ...(rateLimit ? { rateLimit } : {}),
      ...(cors ? { cors } : {}),
      // A path on the command line is relative to the working directory.
      ...(values.fixtures !== undefined ? { fixtures: resolve(values.fixtures) } : {}),
      ...(values.data !== undefined ? { data: values.data } : {}),
    },
  };
}

function version(): string {
  const require = createRequire(import.meta.url);
  return (require('../package.json') as { version: string }).version;
}

/** Runs `docs-sandbox` with `argv` (without the node and script paths); resolves to the exit code. */
export async function main(argv: readonly string[], io: MainIo = processIo): Promise<number> {
  const parsed = parseSandboxArguments(argv);
  switch (parsed.kind) {
    case 'help':
      io.stdout(`${USAGE}\n`);
      return 0;
    case 'version':
      io.stdout(`${version()}\n`);
      return 0;
    case 'error':
      io.stderr(`docs-sandbox: ${parsed.message}. See docs-sandbox --help.\n`);
      return 2;
    default:
      break;
  }
  const { port, host, token, seed, rateLimit, cors, fixtures, data } = parsed.options;
  let sandbox: Sandbox;
  try {
    sandbox = createSandbox({ seed, token, rateLimit, cors, fixtures, data });
  } catch (error) {
    if (error instanceof FixtureError) {
      io.stderr(`docs-sandbox: --fixtures: ${error.message}\n`);
      return 2;
    }
    io.stderr(`docs-sandbox: --data: ${(error as Error).message}\n`);
    return 1;
  }
  let running: RunningSandbox;
  try {
    running = await sandbox.listen({ port, host });
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    io.stderr(`docs-sandbox: cannot listen on ${host}:${port}: ${code ?? message ?? String(error)}\n`);
    return 1;
  }
  io.stdout(`Sandbox listening on ${running.url}\nToken: ${running.token}\n`);
  if (rateLimit) io.stdout(`Rate limit: ${rateLimit.limit} requests per ${rateLimit.windowMs} ms\n`);
  io.stdout(`${describeCors(cors)}\n`);
  if (data !== undefined) io.stdout(`Data: ${data}\n`);
  await io.stopped();
  await running.close();
  await sandbox.close();
  return 0;
}
