import { relative } from 'node:path';
import { Args, Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { CommandError, UsageError } from '../../lib/failures/exit-codes.js';
import { readJson } from '../../lib/input/files.js';
import {
  CHECK_EVENTS,
  checkEnvironment,
  checkEvent,
  dispatchBody,
  type CheckEvent,
} from '../../lib/integrations/integration-check.js';
import {
  bundleScript,
  findManifest,
  formatBytes,
  loadManifest,
} from '../../lib/integrations/integration-manifest.js';
import { formatDuration } from '../../lib/terminal/progress.js';

/** How long the worker may take to answer the event. */
const EVENT_TIMEOUT_MS = 30_000;
/** How much of the worker's answer is kept in the result. */
const BODY_LIMIT = 2000;

interface CheckResult {
  ok: boolean;
  name: string;
  manifest: string;
  bundleBytes: number;
  /** Milliseconds from starting workerd to the worker listening. */
  startMs: number;
  event: string;
  response: { status: number; body: string };
  /** What the worker and the runtime logged. */
  log: string[];
}

export default class IntegrationsCheck extends BaseCommand<typeof IntegrationsCheck> {
  static override summary =
    'Build an integration, start it in the Workers runtime and send it an event, without publishing';
  static override description = [
    "Checks an integration before `docs integrations publish`, as `gitbook check` does and further: reads its manifest as publish does (the directory's gitbook-manifest.yaml, or the file given; --env applies envs.NAME; secrets are not read), bundles its script exactly as publish does, starts the bundle in workerd, the Workers runtime the service runs integrations in, and dispatches one event to it as the service would: a POST to /v1 with the event and an environment. By default the event is a fetch of --path (default /); --event sends another (installation_setup, space_view, ...) and --payload a JSON file holding your own event.",
    "The integration passes when it starts and answers the event with a status below 500: an integration that does not handle the event answers 400 or 406, which is fine. A bundle that does not build is exit 2 (nothing run); one that throws at load or answers 500 or more is exit 1, with the worker's log. The worker's log is printed on stderr. The environment reaches no service: API calls the integration makes go to a closed loopback port and fail, and no token is given to it. Nothing is sent to the service, and no login is needed.",
    'workerd is an optional dependency of the CLI: where it is not installed (npm install --omit=optional, or a platform it does not support) the command says how to install it and exits 1. --json prints {ok, name, manifest, bundleBytes, startMs, event, response, log}.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> integrations check',
    '<%= config.bin %> integrations check integrations/status-badge --env staging',
    '<%= config.bin %> integrations check ./status-badge --event installation_setup --json',
  ];
  static override args = {
    target: Args.string({
      description: "The integration's directory or manifest file (default: the current directory)",
    }),
  };
  static override flags = {
    env: Flags.string({ description: 'Apply the overrides of this environment (envs.NAME in the manifest)' }),
    event: Flags.string({
      description: 'The event to send (default fetch)',
      options: [...CHECK_EVENTS],
      exclusive: ['payload'],
    }),
    path: Flags.string({ description: 'With the fetch event: the path requested (default /)' }),
    payload: Flags.string({
      description: 'A JSON file holding the event to send (its type included), or - for standard input',
    }),
  };

  async run(): Promise<CheckResult> {
    const manifestFile = await findManifest(this.args.target ?? '.');
    const manifest = await loadManifest(manifestFile, { env: this.flags.env, secrets: 'skip' });
    const event = await this.event();
    const eventType = String(event.event.type);

    const started = Date.now();
    const bundle = await bundleScript(manifest.scriptEntry);
    const bundleBytes = Buffer.byteLength(bundle);
    if (this.human)
      this.output.success(
        `Built ${shownPath(manifest.scriptEntry)} (${formatBytes(bundleBytes)}) as publish does`,
      );

    const { requireWorkerd, startWorker } = await import('../../lib/integrations/workerd.js');
    await requireWorkerd();
    let worker;
    try {
      worker = await startWorker(bundle);
    } catch (error) {
      throw new CommandError(
        `${manifest.name} does not start in the Workers runtime:\n${(error as Error).message}`,
      );
    }
    try {
      if (this.human) this.output.success(`Started it in workerd (${formatDuration(worker.startMs)})`);
      const environment = checkEnvironment({
        name: manifest.name,
        ...pick(manifest.fields, ['title', 'scopes', 'target']),
      });
      let response: Response;
      try {
        // The form encoded whole first: sent with its length, it is on the wire before a worker
        // that answers without reading it closes the request (a streamed body would be cut).
        const encoded = new Response(dispatchBody(event, environment));
        response = await fetch(`${worker.origin}/v1`, {
          method: 'POST',
          headers: { 'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data' },
          body: await encoded.arrayBuffer(),
          signal: AbortSignal.timeout(EVENT_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        const why =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${EVENT_TIMEOUT_MS / 1000} s`
            : `${(error as Error).message}${cause ? `: ${cause}` : ''}`;
        throw new CommandError(
          `${manifest.name} did not answer the ${eventType} event (${why}).${logText(worker.log())}`,
        );
      }
      const body = await response.text();
      // The log is written as the worker runs: a moment for its last lines.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const log = worker.log();
      const result: CheckResult = {
        ok: response.status < 500,
        name: manifest.name,
        manifest: manifest.file,
        bundleBytes,
        startMs: Math.round(worker.startMs),
        event: eventType,
        response: { status: response.status, body: body.slice(0, BODY_LIMIT) },
        log: log ? log.split('\n') : [],
      };
      const answer = `HTTP ${response.status}${body ? `: ${oneLine(body)}` : ''}`;
      if (!result.ok) {
        if (!this.human) this.output.json(result);
        throw new CommandError(
          `${manifest.name} failed on the ${eventType} event (${answer}).${logText(log)}`,
        );
      }
      if (this.human) {
        this.output.success(`It answered the ${eventType} event: ${answer}`);
        if (log) this.output.info(`The worker's log:\n${indent(log)}`);
        this.output.info(`Checked in ${formatDuration(Date.now() - started)}; nothing was published.`);
      }
      return result;
    } finally {
      await worker.stop();
    }
  }

  /** The event to send: `--payload`'s, or the one `--event` names. */
  private async event(): Promise<CheckEvent> {
    if (this.flags.payload) {
      const event = await readJson('--payload', this.flags.payload);
      if (
        !event ||
        typeof event !== 'object' ||
        Array.isArray(event) ||
        typeof (event as { type?: unknown }).type !== 'string'
      )
        throw new UsageError(`--payload: ${this.flags.payload} must hold an event object with a "type".`);
      return { event: event as Record<string, unknown> };
    }
    if (this.flags.path && (this.flags.event ?? 'fetch') !== 'fetch')
      throw new UsageError('--path is the path of the fetch event: drop --event, or --path.');
    return checkEvent(this.flags.event ?? 'fetch', this.flags.path ?? '/');
  }
}

/** A path as the user would type it: relative to the working directory when under it. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown && !shown.startsWith('..') ? shown : path;
}

function pick(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

function logText(log: string): string {
  return log ? `\nThe worker's log:\n${indent(log)}` : '';
}
